import { Card, Col, Row, Statistic } from 'antd';
import { AppLink } from '../../components/AppLink.tsx';
import { apiClient } from '../../lib/api/index.ts';
import { pageTitle } from '../../lib/brand.ts';
import { staffData } from '../../lib/staff.ts';
import type { Route } from './+types/index';

export const meta = () => [{ title: pageTitle('工作人员后台') }];

/** What waits for staff: orders to ship, kits out with customers, orders to close, genomes held for review. */
export async function loader({ context }: Route.LoaderArgs) {
  const api = apiClient(context.api);
  const [paid, shipped, bound, holds] = await Promise.all([
    api.staffOrders({ state: 'paid' }),
    api.staffOrders({ state: 'shipped' }),
    api.staffOrders({ state: 'bound' }),
    api.staffHolds(),
  ]);
  const p = staffData(paid);
  if (!p) return null;
  return {
    paid: p.total,
    shipped: staffData(shipped)?.total ?? 0,
    bound: staffData(bound)?.total ?? 0,
    held: (staffData(holds)?.genomes.length ?? 0) + (staffData(holds)?.accounts.length ?? 0),
  };
}

export default function StaffHome({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return null;
  const cards = [
    { title: '待发货订单', value: loaderData.paid, to: '/staff/orders?state=paid' },
    { title: '已发货、待绑定', value: loaderData.shipped, to: '/staff/orders?state=shipped' },
    { title: '已绑定、检测中', value: loaderData.bound, to: '/staff/orders?state=bound' },
    { title: '待审核的基因亲人', value: loaderData.held, to: '/staff/holds' },
  ];
  return (
    <div className="user-panel" data-testid="staff-home">
      <h2>工作人员后台</h2>
      <Row gutter={[16, 16]}>
        {cards.map((c) => (
          <Col key={c.title} xs={12} md={6}>
            <AppLink to={c.to}>
              <Card hoverable size="small">
                <Statistic title={c.title} value={c.value} />
              </Card>
            </AppLink>
          </Col>
        ))}
      </Row>
      <p className="muted section-gap">每一项操作都会记入操作记录。</p>
    </div>
  );
}
