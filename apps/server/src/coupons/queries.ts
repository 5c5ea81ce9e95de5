import { type CouponStatus, type CouponView, couponDiscount } from '@jiyin/contracts/shop';
import { type Db, schema } from '@jiyin/db';
import { and, eq, isNull } from 'drizzle-orm';

const { coupons } = schema;
export type CouponRow = typeof coupons.$inferSelect;
type Tx = Pick<Db, 'select' | 'update'>;

export function couponStatus(c: CouponRow, now: Date): CouponStatus {
  if (c.usedOrderId) return 'used';
  return now >= c.validTo ? 'expired' : 'unused';
}

export function couponView(c: CouponRow, now: Date): CouponView {
  return {
    id: c.id,
    title: c.title,
    amount: c.amount,
    threshold: c.threshold,
    productIds: c.productIds ?? null,
    validFrom: c.validFrom.toISOString(),
    validTo: c.validTo.toISOString(),
    status: couponStatus(c, now),
  };
}

/** The caller's coupons usable on this purchase with what each takes off, largest cut first, then the soonest to expire. */
export async function usableCoupons(db: Tx, userId: string, productId: string, subtotal: number, now: Date) {
  const rows = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.userId, userId), isNull(coupons.usedOrderId)));
  return rows
    .map((c) => ({ coupon: c, discount: couponDiscount(c, productId, subtotal, now) }))
    .filter((x): x is { coupon: CouponRow; discount: number } => x.discount !== null)
    .sort((a, b) => b.discount - a.discount || a.coupon.validTo.getTime() - b.coupon.validTo.getTime());
}

/**
 * Marks the coupon used by `orderId` in one conditional statement: its row lock makes a concurrent
 * second use wait and then find it taken. False when it was not the caller's or already used.
 */
export async function claimCoupon(db: Tx, couponId: string, userId: string, orderId: string, now: Date): Promise<boolean> {
  const claimed = await db
    .update(coupons)
    .set({ usedOrderId: orderId, usedAt: now })
    .where(and(eq(coupons.id, couponId), eq(coupons.userId, userId), isNull(coupons.usedOrderId)))
    .returning({ id: coupons.id });
  return claimed.length === 1;
}

/** A cancelled or refunded order gives its coupon back. */
export async function releaseCoupon(db: Tx, orderId: string): Promise<void> {
  await db.update(coupons).set({ usedOrderId: null, usedAt: null }).where(eq(coupons.usedOrderId, orderId));
}
