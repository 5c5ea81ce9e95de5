import { Empty, Pagination } from 'antd';
import { useNavigate } from 'react-router';
import { AppLink } from '../../components/AppLink.tsx';
import { RetrieveOrders } from '../../components/shop/RetrieveOrders.tsx';
import { OrderStateTag } from '../../components/shop/OrderStateTag.tsx';
import { apiClient } from '../../lib/api/index.ts';
import { formatPrice, pageTitle } from '../../lib/brand.ts';
import { formatBeijingTime } from '../../lib/dates.ts';
import { unwrap } from '../../lib/loaders.ts';
import type { Route } from './+types/orders';

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = Math.max(1, Math.trunc(Number(new URL(request.url).searchParams.get('page'))) || 1);
  return unwrap(await apiClient(context.api).orders(page, 10));
}

export const meta = () => [{ title: pageTitle('我的订单') }];

/** §2.3 /user/orders: the user's orders, newest first, ten a page (§9). */
export default function Orders({ loaderData: { list, total, page, size } }: Route.ComponentProps) {
  const navigate = useNavigate();
  return (
    <div className="user-panel" data-testid="orders">
      <div className="user-panel__head">
        <h2>我的订单</h2>
        <AppLink to="/shop/gene/product-select">去选购</AppLink>
      </div>
      {!list.length && <Empty description="还没有订单" />}
      {list.map((o) => (
        <AppLink key={o.id} to={`/user/orders/${o.id}`} className="order-row" data-testid="order-row">
          {o.skuPicture && <img src={o.skuPicture} alt="" width={48} height={48} />}
          <span className="order-row__body">
            <strong>{o.productName}</strong> × {o.count}
            <span className="muted">{formatBeijingTime(o.createdAt)}</span>
          </span>
          <span className="order-row__side">
            <span className="price">{formatPrice(o.total)}</span>
            <OrderStateTag state={o.state} service={o.targetBarcode !== null} />
          </span>
        </AppLink>
      ))}
      {total > size && (
        <Pagination
          current={page}
          pageSize={size}
          total={total}
          onChange={(p) => navigate(`/user/orders?page=${p}`)}
          showSizeChanger={false}
        />
      )}
      <RetrieveOrders />
    </div>
  );
}
