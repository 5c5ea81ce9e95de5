import { isOk } from '@jiyin/contracts/envelope';
import type { StaffProductView } from '@jiyin/contracts/staff';
import { App, Button, InputNumber, Switch, Table } from 'antd';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { apiClient } from '../../lib/api/index.ts';
import { formatPrice, pageTitle } from '../../lib/brand.ts';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { staffData } from '../../lib/staff.ts';
import type { Route } from './+types/products';

export const meta = () => [{ title: pageTitle('商品管理') }];

export async function loader({ context }: Route.LoaderArgs) {
  return staffData(await apiClient(context.api).staffProducts());
}

/** Listing and stock per product (an empty stock is unlimited). */
export default function StaffProducts({ loaderData }: Route.ComponentProps) {
  const api = useBrowserApi();
  const { message } = App.useApp();
  const { revalidate } = useRevalidator();
  const [edits, setEdits] = useState<Record<string, Pick<StaffProductView, 'online' | 'stock'>>>({});
  if (!loaderData) return null;
  const value = (p: StaffProductView) => edits[p.id] ?? { online: p.online, stock: p.stock };
  const change = (p: StaffProductView, v: Partial<Pick<StaffProductView, 'online' | 'stock'>>) =>
    setEdits((e) => ({ ...e, [p.id]: { ...value(p), ...v } }));
  const save = async (p: StaffProductView) => {
    const res = await api.staffEditProduct(p.id, value(p));
    if (!isOk(res)) return message.error(res.msg);
    message.success('已保存');
    setEdits(({ [p.id]: _, ...rest }) => rest);
    await revalidate();
  };
  return (
    <div className="user-panel" data-testid="staff-products">
      <h2>商品管理</h2>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={loaderData.list}
        columns={[
          { title: '商品', render: (_, p) => `${p.name}（${p.id}）` },
          { title: '标签', dataIndex: 'commodityTag' },
          { title: '价格', dataIndex: 'price', render: formatPrice },
          {
            title: '上架',
            render: (_, p) => (
              <Switch aria-label={`${p.name} 上架`} checked={value(p).online} onChange={(online) => change(p, { online })} />
            ),
          },
          {
            title: '库存',
            render: (_, p) => (
              <InputNumber
                aria-label={`${p.name} 库存`}
                min={0}
                precision={0}
                placeholder="不限"
                value={value(p).stock}
                onChange={(stock) => change(p, { stock: typeof stock === 'number' ? stock : null })}
              />
            ),
          },
          {
            title: '',
            render: (_, p) => (
              <Button size="small" type="primary" disabled={!edits[p.id]} onClick={() => save(p)}>
                保存
              </Button>
            ),
          },
        ]}
      />
    </div>
  );
}
