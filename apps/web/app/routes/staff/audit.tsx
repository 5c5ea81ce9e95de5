import { Table } from 'antd';
import { apiClient } from '../../lib/api/index.ts';
import { pageTitle } from '../../lib/brand.ts';
import { formatBeijingTime } from '../../lib/dates.ts';
import { staffData } from '../../lib/staff.ts';
import type { Route } from './+types/audit';

export const meta = () => [{ title: pageTitle('操作记录') }];

export async function loader({ context }: Route.LoaderArgs) {
  return staffData(await apiClient(context.api).staffAudit());
}

/** Every staff action of the audit log, newest first. */
export default function StaffAudit({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return null;
  return (
    <div className="user-panel" data-testid="staff-audit">
      <h2>操作记录</h2>
      <Table
        rowKey="id"
        size="small"
        scroll={{ x: 'max-content' }}
        dataSource={loaderData.list}
        columns={[
          { title: '时间', dataIndex: 'createdAt', render: (d: string) => formatBeijingTime(d) },
          { title: '工作人员', dataIndex: 'staffName' },
          { title: '操作', dataIndex: 'actionLabel' },
          {
            title: '内容',
            dataIndex: 'detail',
            render: (d: Record<string, unknown> | null) => (d ? <code className="staff-detail">{JSON.stringify(d)}</code> : '—'),
          },
        ]}
      />
    </div>
  );
}
