import { type Envelope, isOk } from '@jiyin/contracts/envelope';
import { ORDER_STATE_LABELS, ORDER_STATES, type OrderState } from '@jiyin/contracts/shop';
import type { StaffOrderView } from '@jiyin/contracts/staff';
import { App, Button, Input, Modal, Popconfirm, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { OrderStateTag } from '../../components/shop/OrderStateTag.tsx';
import { apiClient } from '../../lib/api/index.ts';
import { formatPrice, pageTitle } from '../../lib/brand.ts';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { formatBeijingTime } from '../../lib/dates.ts';
import { staffData } from '../../lib/staff.ts';
import type { Route } from './+types/orders';

export const meta = () => [{ title: pageTitle('订单管理') }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams;
  const state = ORDER_STATES.find((s) => s === q.get('state'));
  const page = Math.max(1, Number(q.get('page')) || 1);
  const orders = staffData(await apiClient(context.api).staffOrders({ state, page }));
  return orders && { ...orders, state: state ?? null };
}

/** Orders of every customer, moved along the state machine: ship with kit barcodes, bound, done, refund. */
export default function StaffOrders({ loaderData }: Route.ComponentProps) {
  const api = useBrowserApi();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { revalidate } = useRevalidator();
  const [shipping, setShipping] = useState<StaffOrderView | null>(null);
  const [barcodes, setBarcodes] = useState('');
  if (!loaderData) return null;
  const filter = (state: OrderState | 'all', page = 1) =>
    navigate(`/staff/orders?${new URLSearchParams({ ...(state === 'all' ? {} : { state }), page: String(page) })}`);
  const done = async (res: Envelope<StaffOrderView>, ok: string) => {
    if (!isOk(res)) return message.error(res.msg);
    message.success(ok);
    await revalidate();
  };
  const ship = async () => {
    if (!shipping) return;
    const list = barcodes.split(/[\s,，]+/).filter(Boolean);
    const res = await api.staffShip(shipping.id, list);
    if (isOk(res)) setShipping(null);
    await done(res, '已发货');
  };
  return (
    <div className="user-panel" data-testid="staff-orders">
      <div className="user-panel__head">
        <h2>订单管理</h2>
        <Select
          aria-label="订单状态"
          style={{ width: 160 }}
          value={loaderData.state ?? 'all'}
          onChange={(v: OrderState | 'all') => filter(v)}
          options={[{ value: 'all', label: '全部状态' }, ...ORDER_STATES.map((s) => ({ value: s, label: ORDER_STATE_LABELS[s] }))]}
        />
      </div>
      <Table
        rowKey="id"
        size="small"
        scroll={{ x: 'max-content' }}
        dataSource={loaderData.list}
        pagination={{
          current: loaderData.page,
          pageSize: loaderData.size,
          total: loaderData.total,
          onChange: (p) => filter(loaderData.state ?? 'all', p),
        }}
        columns={[
          { title: '下单时间', dataIndex: 'createdAt', render: (d: string) => formatBeijingTime(d) },
          { title: '商品', render: (_, o) => `${o.productName} × ${o.count}` },
          { title: '金额', dataIndex: 'total', render: formatPrice },
          { title: '买家', dataIndex: 'buyerPhone' },
          {
            title: '收货',
            render: (_, o) => (o.address ? `${o.address.receiver} ${o.address.region}` : `无需寄送（采样盒 ${o.targetBarcode}）`),
          },
          {
            title: '状态',
            dataIndex: 'state',
            render: (s: OrderState, o) => <OrderStateTag state={s} service={o.targetBarcode !== null} />,
          },
          { title: '采样盒', dataIndex: 'barcodes', render: (b: string[]) => b.join('、') || '—' },
          {
            title: '操作',
            render: (_, o) => (
              <Space wrap>
                {o.state === 'paid' && (
                  <>
                    {/* A service order ships nothing: it is finished when the lab is done. */}
                    {!o.targetBarcode && (
                      <Button
                        size="small"
                        type="primary"
                        onClick={() => {
                          setBarcodes('');
                          setShipping(o);
                        }}
                      >
                        发货
                      </Button>
                    )}
                    <Popconfirm
                      title={`退款 ${formatPrice(o.total)}？`}
                      okText="确定退款"
                      cancelText="取消"
                      onConfirm={async () => done(await api.staffMove(o.id, 'refund'), '已退款')}
                    >
                      <Button size="small" danger>
                        退款
                      </Button>
                    </Popconfirm>
                  </>
                )}
                {o.state === 'shipped' && (
                  <Button size="small" onClick={async () => done(await api.staffMove(o.id, 'bind'), '已标记为已绑定')}>
                    标记已绑定
                  </Button>
                )}
                {(o.state === 'bound' || (o.state === 'paid' && o.targetBarcode)) && (
                  <Popconfirm
                    title="确认检测已完成、报告已交付？"
                    okText="完成"
                    cancelText="取消"
                    onConfirm={async () => done(await api.staffMove(o.id, 'done'), '订单已完成')}
                  >
                    <Button size="small" type="primary">
                      完成
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        title="发货"
        open={Boolean(shipping)}
        okText="确认发货"
        cancelText="取消"
        onOk={ship}
        onCancel={() => setShipping(null)}
        destroyOnHidden
      >
        {shipping && (
          <>
            <p>
              {shipping.productName} × {shipping.count}，寄往 {shipping.address?.receiver} {shipping.address?.region}{' '}
              {shipping.address?.detail}
            </p>
            <Input.TextArea
              aria-label="采样盒条码"
              rows={3}
              value={barcodes}
              onChange={(e) => setBarcodes(e.target.value)}
              placeholder={`填写寄出的 ${shipping.count} 个采样盒条码，每行一个`}
            />
          </>
        )}
      </Modal>
    </div>
  );
}
