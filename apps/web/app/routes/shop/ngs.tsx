import type { Product } from '@jiyin/contracts/api';
import { Segmented } from 'antd';
import { useNavigate } from 'react-router';
import { ProductCard } from '../../components/ProductCard.tsx';
import { apiClient } from '../../lib/api/index.ts';
import { pageTitle } from '../../lib/brand.ts';
import { gridColumns } from '../../lib/grid.ts';
import { unwrap } from '../../lib/loaders.ts';
import type { Route } from './+types/ngs';

/** Home-sampling tests sold on this page (§1, §9 commodity tags). */
const NGS_TAGS: Product['commodityTag'][] = ['HPV', 'HP', 'CRC', 'AMH', 'VitaminADE', 'NGS'];

export async function loader({ context, request }: Route.LoaderArgs) {
  const products = unwrap(await apiClient(context.api).commodityList(NGS_TAGS)).list;
  const tag = new URL(request.url).searchParams.get('commodityTag');
  return { products, tag: products.some((p) => p.commodityTag === tag) ? tag : null };
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('居家检测') }];

/** §2.1 /shop/ngs?commodityTag=: the home-sampling tests, one tag at a time or all. */
export default function Ngs({ loaderData: { products, tag } }: Route.ComponentProps) {
  const navigate = useNavigate();
  const shown = tag ? products.filter((p) => p.commodityTag === tag) : products;
  const tags = [...new Set(products.map((p) => p.commodityTag))];
  return (
    <div className="container shop-page" data-testid="shop-ngs">
      <h1>居家检测</h1>
      <p className="muted">在家自采样，寄回实验室检测；结果由实验室出具，并附就医建议。</p>
      {tags.length > 1 && (
        <Segmented
          value={tag ?? ''}
          options={[
            { label: '全部', value: '' },
            ...tags.map((t) => ({ label: products.find((p) => p.commodityTag === t)?.name ?? t, value: t })),
          ]}
          onChange={(v) => navigate(v ? `/shop/ngs?commodityTag=${v}` : '/shop/ngs', { replace: true })}
        />
      )}
      <div className="product-grid" style={gridColumns(shown.length, 3)}>
        {shown.map((p) => (
          <ProductCard key={p.id} product={p} detailed />
        ))}
      </div>
      {!shown.length && <p className="muted">暂无在售的居家检测。</p>}
    </div>
  );
}
