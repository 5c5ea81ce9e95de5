import { App } from 'antd';
import { useRevalidator } from 'react-router';
import { useBrowserApi } from '../lib/browserApi.ts';
import { AuthCard } from './auth/AuthCard.tsx';
import { ProfileSteps } from './auth/ProfileSteps.tsx';

/** §2.6 set-user-info screen: replaces the page for a signed-in user without a name yet. */
export function SetUserInfo() {
  const api = useBrowserApi();
  const { message } = App.useApp();
  const revalidator = useRevalidator();
  return (
    <AuthCard title="完善账户信息" subtitle="设置名字和头像后继续">
      <ProfileSteps
        submitLabel="完成"
        onSubmit={async ({ name, avatar }) => {
          const res = await api.updateUserInfo({ name, avatar });
          if (res.code !== 0) {
            message.error(res.msg);
            return;
          }
          message.success('更新成功');
          revalidator.revalidate();
        }}
      />
    </AuthCard>
  );
}
