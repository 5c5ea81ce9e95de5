import type { Product } from '@jiyin/contracts/api';
import { Segmented } from 'antd';
import { useState } from 'react';
import { ProductCard } from '../components/ProductCard.tsx';
import { gridColumns } from '../lib/grid.ts';
import { apiClient } from '../lib/api/index.ts';
import { pageTitle } from '../lib/brand.ts';
import { unwrap } from '../lib/loaders.ts';
import type { Route } from './+types/product-select';

/** Shelves of the product page, by commodity tag (§9). */
const SHELVES: { label: string; tags: Product['commodityTag'][] | null }[] = [
  { label: '全部', tags: null },
  { label: '健康与祖源', tags: ['standard', 'ances_trait', 'trait'] },
  { label: '祖源寻亲', tags: ['ances_ances', 'ances_ances_23', 'dna_relatives'] },
  { label: 'Y 染色体', tags: ['y_full', 'y_ances'] },
  { label: '居家检测', tags: ['HPV', 'HP', 'CRC', 'AMH', 'VitaminADE'] },
];

export async function loader({ context }: Route.LoaderArgs) {
  return unwrap(await apiClient(context.api).commodityList()).list;
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('选择检测产品') }];

export default function ProductSelect({ loaderData: products }: Route.ComponentProps) {
  const [shelf, setShelf] = useState(SHELVES[0].label);
  const tags = SHELVES.find((s) => s.label === shelf)?.tags;
  const shown = tags ? products.filter((p) => tags.includes(p.commodityTag)) : products;
  return (
    <div className="container product-select">
      <h1>选择适合你的检测</h1>
      <p className="muted">所有价格均含采样盒及往返快递；报告随科研进展持续免费更新。</p>
      <Segmented
        options={SHELVES.map((s) => s.label)}
        value={shelf}
        onChange={(v) => setShelf(String(v))}
        className="product-select__shelves"
      />
      <div className="product-grid" style={gridColumns(shown.length, 4)}>
        {shown.map((p) => (
          <ProductCard key={p.id} product={p} detailed />
        ))}
      </div>
      {!shown.length && <p className="muted">该分类暂无在售产品。</p>}
    </div>
  );
}
