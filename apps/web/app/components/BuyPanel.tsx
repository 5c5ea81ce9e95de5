import type { Product } from '@jiyin/contracts/api';
import { Tag } from 'antd';
import { formatPrice } from '../lib/brand.ts';
import { AppLink } from './AppLink.tsx';

/**
 * The Buy dropdown's body (§2.6): every product with its price and promotions, from the database.
 * `onNavigate` lets a container that stays mounted (the phone's side menu) close when a link is followed.
 */
export function BuyPanel({ products, onNavigate }: { products: Product[]; onNavigate?: () => void }) {
  if (!products.length) return <div className="buy-panel buy-panel--empty">暂无在售产品</div>;
  return (
    <div className="buy-panel" data-testid="buy-panel">
      {products.map((p) => {
        const sku = p.skuInfos[0];
        return (
          <AppLink key={p.id} to={`/buy/${p.id}/order`} className="buy-panel__item" onClick={onNavigate}>
            {sku && <img src={sku.skuPicture} alt="" width={48} height={48} />}
            <span className="buy-panel__text">
              <span className="buy-panel__name">{p.name}</span>
              {sku?.promotionInfos[0] && <span className="buy-panel__promo">{sku.promotionInfos[0].title}</span>}
            </span>
            {sku && (
              <span className="buy-panel__price">
                {formatPrice(sku.actualPrice)}
                {sku.priceDesc && <Tag color="red">{sku.priceDesc}</Tag>}
              </span>
            )}
          </AppLink>
        );
      })}
      <AppLink to="/shop/gene/product-select" className="buy-panel__all" onClick={onNavigate}>
        查看全部产品
      </AppLink>
    </div>
  );
}
