import { quote } from '@jiyin/contracts/shop';
import { Table } from 'antd';
import { apiClient } from '../../lib/api/index.ts';
import { formatPrice, pageTitle } from '../../lib/brand.ts';
import { unwrap } from '../../lib/loaders.ts';
import type { Route } from './+types/group';
import { LinkButton } from '../../components/LinkButton.tsx';

export async function loader({ context }: Route.LoaderArgs) {
  // Products whose package tiers cut the price for more kits.
  return unwrap(await apiClient(context.api).commodityList()).list.filter((p) => p.packages.some((t) => t.discountPerUnit > 0));
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('团购') }];

/** §2.1 /shop/group: buying for the family; each tier's price per kit as the server charges it (§9 tiers 1, 2, max). */
export default function Group({ loaderData: products }: Route.ComponentProps) {
  return (
    <div className="container shop-page" data-testid="shop-group">
      <h1>家庭团购</h1>
      <p className="muted">为家人一起下单，件数越多每件越省；每件采样盒可绑定给不同的检测人。表中为每件的价格。</p>
      <Table
        rowKey="id"
        pagination={false}
        scroll={{ x: 'max-content' }}
        className="group-table"
        dataSource={products}
        columns={[
          { title: '产品', dataIndex: 'name', fixed: 'left' as const },
          ...[1, 2, 3].map((count) => ({
            title: count === 3 ? '3 件起' : `${count} 件`,
            key: `tier-${count}`,
            render: (_: unknown, p: (typeof products)[number]) => {
              const q = p.skuInfos[0] && quote(p, p.skuInfos[0].sku, count);
              return q ? formatPrice(q.total / count) : '—';
            },
          })),
          {
            title: '',
            key: 'buy',
            render: (_: unknown, p: (typeof products)[number]) => (
              <LinkButton to={`/buy/${p.id}/order?count=3`} type="primary" size="small">
                买 3 件
              </LinkButton>
            ),
          },
        ]}
      />
    </div>
  );
}
