import type { Product } from '@jiyin/contracts/api';
import { CheckOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { formatPrice } from '../lib/brand.ts';
import { LinkButton } from './LinkButton.tsx';

/** Package tiers by minCount (§9: 1, 2 and max) with their promotions. */
function tierLabel(minCount: number, isLast: boolean): string {
  return isLast ? `${minCount} 件及以上` : `${minCount} 件`;
}

/** One product of §3 with its price, promotions, features and package tiers. */
export function ProductCard({ product, detailed = false }: { product: Product; detailed?: boolean }) {
  const sku = product.skuInfos[0];
  const tiers = product.packages.filter((p) => p.promotion);
  return (
    <article className="product-card" data-testid="product-card" data-product-id={product.id}>
      {sku && <img className="product-card__img" src={sku.skuPicture} alt={product.name} loading="lazy" />}
      <h3>{product.name}</h3>
      <p className="product-card__summary">{product.summary}</p>
      {detailed && (
        <ul className="product-card__features">
          {product.features.map((f) => (
            <li key={f}>
              <CheckOutlined /> {f}
            </li>
          ))}
        </ul>
      )}
      {sku && (
        <div className="product-card__price">
          <span className="price">{formatPrice(sku.actualPrice)}</span>
          {sku.originalPrice > sku.actualPrice && <del>{formatPrice(sku.originalPrice)}</del>}
          {sku.priceDesc && <Tag color="red">{sku.priceDesc}</Tag>}
        </div>
      )}
      {detailed && sku?.promotionInfos.length ? (
        <ul className="product-card__promos">
          {sku.promotionInfos.map((p) => (
            <li key={p.title}>
              <Tag color="orange">{p.title}</Tag>
              {p.desc}
            </li>
          ))}
        </ul>
      ) : null}
      {detailed && tiers.length > 0 && (
        <div className="product-card__tiers">
          {tiers.map((t, i) => (
            <span key={t.minCount}>
              {tierLabel(t.minCount, i === tiers.length - 1)}：{t.promotion}
            </span>
          ))}
        </div>
      )}
      <LinkButton to={`/buy/${product.id}/order`} type="primary" block>
        立即购买
      </LinkButton>
    </article>
  );
}
