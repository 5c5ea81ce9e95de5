import type { CouponView } from '@jiyin/contracts/shop';
import { formatPrice } from '../../lib/brand.ts';
import { formatBeijingTime } from '../../lib/dates.ts';

const STATUS_LABELS: Record<CouponView['status'], string> = { unused: '可使用', used: '已使用', expired: '已过期' };

/** One coupon: amount, threshold, scope and validity (§3 Coupon). */
export function CouponCard({ coupon }: { coupon: CouponView }) {
  return (
    <div className={`coupon-card coupon-card--${coupon.status}`} data-testid="coupon-card">
      <div className="coupon-card__amount">
        <strong>{formatPrice(coupon.amount)}</strong>
        <span>{coupon.threshold ? `满 ${formatPrice(coupon.threshold)} 可用` : '无门槛'}</span>
      </div>
      <div className="coupon-card__body">
        <strong>{coupon.title}</strong>
        <span className="muted">{coupon.productIds ? '限指定商品使用' : '全部商品可用'}</span>
        <span className="muted">有效期至 {formatBeijingTime(coupon.validTo)}</span>
      </div>
      <span className="coupon-card__status">{STATUS_LABELS[coupon.status]}</span>
    </div>
  );
}
