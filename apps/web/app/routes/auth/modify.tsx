import { signinPath } from '@jiyin/contracts/guards';
import { AuthCard } from '../../components/auth/AuthCard.tsx';
import { ChangePasswordForm } from '../../components/auth/ChangePasswordForm.tsx';
import { pageTitle } from '../../lib/brand.ts';
import { useRootData } from '../../lib/rootData.ts';
import { LinkButton } from '../../components/LinkButton.tsx';

export const meta = () => [{ title: pageTitle('修改密码') }];

/** §2.1 /auth/modify: change the password (signed in), or go sign in first. */
export default function ModifyPassword() {
  const { user } = useRootData();
  return (
    <AuthCard title="修改密码" subtitle="修改后，其他设备上的登录会失效">
      {user ? (
        <ChangePasswordForm hasPassword={Boolean(user.hasPassword)} />
      ) : (
        <LinkButton to={signinPath('/auth/modify')} type="primary" block size="large">
          请先登录
        </LinkButton>
      )}
    </AuthCard>
  );
}
