import { auditActionLabel } from '@jiyin/contracts/accounts';
import { isOk } from '@jiyin/contracts/envelope';
import { Table } from 'antd';
import { ChangePasswordForm } from '../../components/auth/ChangePasswordForm.tsx';
import { YourData } from '../../components/user/YourData.tsx';
import { apiClient } from '../../lib/api/index.ts';
import { pageTitle } from '../../lib/brand.ts';
import { formatBeijingTime } from '../../lib/dates.ts';
import { useRootData } from '../../lib/rootData.ts';
import type { Route } from './+types/settings';

export const meta = () => [{ title: pageTitle('账户设置') }];

export async function loader({ context }: Route.LoaderArgs) {
  const res = await apiClient(context.api).auditLog();
  return isOk(res) ? res.data.list : [];
}

/** §2.3 /user/settings: change the password, and the log of sign-ins and sensitive actions. */
export default function Settings({ loaderData }: Route.ComponentProps) {
  const { user } = useRootData();
  if (!user) return null;
  return (
    <div className="user-panel">
      <h2>修改密码</h2>
      <ChangePasswordForm hasPassword={Boolean(user.hasPassword)} />
      <YourData />
      <h2 className="section-gap">登录与安全记录</h2>
      <Table
        size="small"
        rowKey={(r) => `${r.createdAt}-${r.action}`}
        pagination={false}
        scroll={{ x: true }}
        dataSource={loaderData}
        columns={[
          { title: '时间', dataIndex: 'createdAt', render: formatBeijingTime },
          { title: '操作', dataIndex: 'action', render: auditActionLabel },
          { title: 'IP', dataIndex: 'ip' },
        ]}
      />
    </div>
  );
}
