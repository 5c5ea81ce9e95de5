import type { PriceQuote } from '@jiyin/contracts/shop';
import { formatPrice } from '../../lib/brand.ts';

/** An order's money lines: unit price times count, the tier's cut, the coupon, the total. */
export function PriceLines({ price }: { price: Pick<PriceQuote, 'unitPrice' | 'count' | 'packageDiscount' | 'couponDiscount' | 'total'> }) {
  return (
    <dl className="price-lines">
      <dt>商品金额</dt>
      <dd>
        {formatPrice(price.unitPrice)} × {price.count}
      </dd>
      {price.packageDiscount > 0 && (
        <>
          <dt>多件优惠</dt>
          <dd>-{formatPrice(price.packageDiscount)}</dd>
        </>
      )}
      {price.couponDiscount > 0 && (
        <>
          <dt>优惠券</dt>
          <dd>-{formatPrice(price.couponDiscount)}</dd>
        </>
      )}
      <dt>合计</dt>
      <dd data-testid="order-total">{formatPrice(price.total)}</dd>
    </dl>
  );
}
