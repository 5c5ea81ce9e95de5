import { signinPath } from '@jiyin/contracts/guards';
import { Button } from 'antd';
import { AppLink } from '../../components/AppLink.tsx';
import { AuthCard } from '../../components/auth/AuthCard.tsx';
import { ChangePasswordForm } from '../../components/auth/ChangePasswordForm.tsx';
import { pageTitle } from '../../lib/brand.ts';
import { useRootData } from '../../lib/rootData.ts';

export const meta = () => [{ title: pageTitle('修改密码') }];

/** §2.1 /auth/modify: change the password (signed in), or go sign in first. */
export default function ModifyPassword() {
  const { user } = useRootData();
  return (
    <AuthCard title="修改密码" subtitle="修改后，其他设备上的登录会失效">
      {user ? (
        <ChangePasswordForm hasPassword={Boolean(user.hasPassword)} />
      ) : (
        <AppLink to={signinPath('/auth/modify')}>
          <Button type="primary" block size="large">
            请先登录
          </Button>
        </AppLink>
      )}
    </AuthCard>
  );
}
