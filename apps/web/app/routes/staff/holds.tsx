import { isOk } from '@jiyin/contracts/envelope';
import { App, Button, Popconfirm, Table } from 'antd';
import { useRevalidator } from 'react-router';
import { apiClient } from '../../lib/api/index.ts';
import { pageTitle } from '../../lib/brand.ts';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { formatBeijingTime } from '../../lib/dates.ts';
import { staffData } from '../../lib/staff.ts';
import type { Route } from './+types/holds';

export const meta = () => [{ title: pageTitle('基因亲人审核') }];

export async function loader({ context }: Route.LoaderArgs) {
  return staffData(await apiClient(context.api).staffHolds());
}

/** Genomes held from gene-relatives matching and paused accounts, released after review. */
export default function StaffHolds({ loaderData }: Route.ComponentProps) {
  const api = useBrowserApi();
  const { message } = App.useApp();
  const { revalidate } = useRevalidator();
  if (!loaderData) return null;
  const release = async (b: { barcode: string } | { userId: string }) => {
    const res = await api.staffRelease(b);
    if (!isOk(res)) return message.error(res.msg);
    message.success('已放行');
    await revalidate();
  };
  const action = (b: { barcode: string } | { userId: string }) => (
    <Popconfirm title="确认放行？" okText="放行" cancelText="取消" onConfirm={() => release(b)}>
      <Button size="small">放行</Button>
    </Popconfirm>
  );
  return (
    <div className="user-panel" data-testid="staff-holds">
      <h2>基因亲人审核</h2>
      <h3>暂停匹配的基因数据</h3>
      <Table
        rowKey="barcode"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={loaderData.genomes}
        locale={{ emptyText: '没有待审核的基因数据' }}
        columns={[
          { title: '条码', dataIndex: 'barcode' },
          { title: '原因', render: (_, g) => g.reasons.map((r) => r.message).join('；') },
          { title: '时间', dataIndex: 'createdAt', render: (d: string) => formatBeijingTime(d) },
          { title: '', render: (_, g) => action({ barcode: g.barcode }) },
        ]}
      />
      <h3 className="section-gap">暂停的账户</h3>
      <Table
        rowKey="userId"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={loaderData.accounts}
        locale={{ emptyText: '没有暂停的账户' }}
        columns={[
          { title: '账户', dataIndex: 'userId' },
          { title: '原因', dataIndex: 'message' },
          { title: '时间', dataIndex: 'createdAt', render: (d: string) => formatBeijingTime(d) },
          { title: '', render: (_, a) => action({ userId: a.userId }) },
        ]}
      />
    </div>
  );
}
