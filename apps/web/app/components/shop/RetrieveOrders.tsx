import { DEFAULT_NATION_CODE } from '@jiyin/contracts/accounts';
import { isOk } from '@jiyin/contracts/envelope';
import type { RetrievedOrder } from '@jiyin/contracts/shop';
import { App, Button, Collapse, Empty, Form, List } from 'antd';
import { useState } from 'react';
import { formatPrice } from '../../lib/brand.ts';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { formatBeijingTime } from '../../lib/dates.ts';
import { CodeField } from '../auth/CodeField.tsx';
import { PhoneField } from '../auth/PhoneField.tsx';

/** §7.8 retrieve orders by phone and code: orders sent to a phone (a gift, another account's order). */
export function RetrieveOrders() {
  const api = useBrowserApi();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [found, setFound] = useState<RetrievedOrder[] | null>(null);
  const [busy, setBusy] = useState(false);
  const search = async (v: { nationCode?: string; phoneNumber: string; authCode: string }) => {
    setBusy(true);
    const res = await api.retrieveOrders({
      nationCode: v.nationCode ?? DEFAULT_NATION_CODE,
      phoneNumber: v.phoneNumber,
      authCode: v.authCode,
    });
    setBusy(false);
    if (!isOk(res)) return message.error(res.msg);
    setFound(res.data.list);
  };
  return (
    <Collapse
      className="section-gap"
      items={[
        {
          key: 'retrieve',
          label: '凭手机号查询订单',
          children: (
            <div data-testid="retrieve-orders">
              <p className="muted">查询收货手机号为该号码的订单（例如别人为你购买的检测），需要该手机号收到的验证码。</p>
              <Form form={form} layout="vertical" onFinish={search}>
                <PhoneField />
                <CodeField form={form} purpose="orders" />
                <Button type="primary" htmlType="submit" loading={busy}>
                  查询
                </Button>
              </Form>
              {found && (
                <List
                  className="section-gap"
                  dataSource={found}
                  locale={{ emptyText: <Empty description="没有找到寄往该手机号的订单" /> }}
                  renderItem={(o) => (
                    <List.Item key={o.id} data-testid="retrieved-order">
                      <List.Item.Meta
                        title={`${o.productName} × ${o.count} · ${o.stateLabel}`}
                        description={`${formatBeijingTime(o.createdAt)} · 收货人 ${o.receiver} · ${o.region}`}
                      />
                      {formatPrice(o.total)}
                    </List.Item>
                  )}
                />
              )}
            </div>
          ),
        },
      ]}
    />
  );
}
