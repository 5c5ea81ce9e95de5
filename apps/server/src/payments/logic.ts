import type { PayStart, PayType } from '@jiyin/contracts/shop';
import { schema } from '@jiyin/db';
import { and, eq, inArray } from 'drizzle-orm';
import { newId } from '../auth/tokens.ts';
import { releaseCoupon } from '../coupons/queries.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { moveOrder, type OrderRow, ownOrder, returnStock } from '../orders/queries.ts';
import { fulfilService } from '../serviceOrders/queries.ts';
import type { PayNotification, PayProvider, PayProviders, StartOptions } from './providers.ts';

const { orders, payments, paymentNotifications } = schema;

/** What a notification did; the provider gets a success answer for all but a bad signature. */
export type NotificationOutcome = 'paid' | 'failed' | 'refunded' | 'duplicate' | 'ignored';

function provider(providers: PayProviders, payType: PayType): PayProvider {
  const p = providers.get(payType);
  if (!p) throw new ApiError('UNAVAILABLE', '在线支付暂未开通，请联系客服');
  return p;
}

/** Opens the cashier for an unpaid order; a pending attempt of the same amount is reused. */
export async function startPayment(
  deps: Deps,
  userId: string,
  orderId: string,
  payType: PayType,
  opts: StartOptions = {},
): Promise<PayStart> {
  const p = provider(deps.pay, payType);
  if (payType === 'wechat' && !opts.openid) throw new ApiError('BAD_REQUEST', '请在微信中打开本页并授权后使用微信支付');
  const { db } = deps.database;
  const order = await ownOrder(db, userId, orderId);
  if (order.state !== 'created') throw new ApiError('BAD_REQUEST', '订单当前状态不能支付');
  const [pending] = await db
    .select()
    .from(payments)
    .where(
      and(eq(payments.orderId, order.id), eq(payments.state, 'pending'), eq(payments.payType, payType), eq(payments.amount, order.total)),
    );
  if (pending) return p.start(pending, opts);
  const now = deps.now();
  const [created] = await db
    .insert(payments)
    .values({ id: newId(), orderId: order.id, payType, amount: order.total, state: 'pending', createdAt: now, updatedAt: now })
    .returning();
  return p.start(created, opts);
}

/**
 * Applies a verified notification once. A replay (same notification id), an unknown payment, a
 * wrong amount or a payment already settled changes nothing.
 */
export async function applyNotification(deps: Deps, p: PayProvider, n: PayNotification): Promise<NotificationOutcome> {
  const now = deps.now();
  const outcome = await deps.database.db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.id, n.paymentId), eq(payments.payType, p.name)));
    if (!payment || payment.amount !== n.amount) return 'ignored' as const;
    const fresh = await tx
      .insert(paymentNotifications)
      .values({ id: `${p.name}:${n.notifyId}`, paymentId: payment.id, result: n.result, body: n, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: paymentNotifications.id });
    if (!fresh.length) return 'duplicate' as const;
    if (n.result !== 'ok') {
      const settled = await tx
        .update(payments)
        .set({ state: n.result === 'fail' ? 'failed' : 'cancelled', providerTradeNo: n.tradeNo, updatedAt: now })
        .where(and(eq(payments.id, payment.id), eq(payments.state, 'pending')))
        .returning({ id: payments.id });
      return settled.length ? ('failed' as const) : ('ignored' as const);
    }
    // Money was taken: a payment we had given up on (the order closed meanwhile) counts too.
    const takeable = and(eq(payments.id, payment.id), inArray(payments.state, ['pending', 'cancelled']));
    const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId));
    const [otherPaid] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, payment.orderId), inArray(payments.state, ['paid', 'refunded'])));
    if (order?.state === 'created' && !otherPaid) {
      const taken = await tx
        .update(payments)
        .set({ state: 'paid', providerTradeNo: n.tradeNo, updatedAt: now })
        .where(takeable)
        .returning({ id: payments.id });
      if (!taken.length) return 'ignored' as const;
      // The order moved meanwhile (a concurrent cancel): undo everything; the provider's retry refunds.
      if (!(await moveOrder(tx, order, 'paid', now))) throw new ApiError('UNAVAILABLE', '订单状态已变化，请稍后重试');
      await fulfilService(tx, order, now);
      return 'paid' as const;
    }
    // Paid for an order that no longer wants it (closed, cancelled or paid another way): straight back.
    const back = await tx
      .update(payments)
      .set({ state: 'refunded', providerTradeNo: n.tradeNo, updatedAt: now })
      .where(takeable)
      .returning({ id: payments.id });
    if (!back.length) return 'ignored' as const;
    await p.refund({ ...payment, state: 'paid' });
    return 'refunded' as const;
  });
  return outcome;
}

/** Cancels an order: an unpaid one simply, a paid one (not yet shipped) with a refund. */
export async function cancelOrder(deps: Deps, order: OrderRow): Promise<void> {
  const now = deps.now();
  const { db } = deps.database;
  if (order.state === 'created') {
    await db.transaction(async (tx) => {
      if (!(await moveOrder(tx, order, 'cancelled', now))) throw new ApiError('BAD_REQUEST', '订单状态已变化，请刷新后重试');
      await tx
        .update(payments)
        .set({ state: 'cancelled', updatedAt: now })
        .where(and(eq(payments.orderId, order.id), eq(payments.state, 'pending')));
      await returnStock(tx, order.productId, order.count);
      await releaseCoupon(tx, order.id);
    });
    return;
  }
  if (order.state === 'cancelled' || order.state === 'refunded') throw new ApiError('BAD_REQUEST', '订单已取消或已退款');
  if (order.state !== 'paid')
    throw new ApiError(
      'BAD_REQUEST',
      order.targetBarcode ? '服务已生效，不能取消；如需退款请联系客服' : '订单已发货，不能取消；如需退款请联系客服',
    );
  const [paid] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.state, 'paid')));
  if (!paid) throw new ApiError('INTERNAL', '未找到该订单的支付记录，请联系客服');
  const p = provider(deps.pay, paid.payType);
  await db.transaction(async (tx) => {
    // Claim the refund first, so two cancels cannot both call the provider.
    if (!(await moveOrder(tx, order, 'refunded', now))) throw new ApiError('BAD_REQUEST', '订单状态已变化，请刷新后重试');
    await tx.update(payments).set({ state: 'refunded', updatedAt: now }).where(eq(payments.id, paid.id));
    await returnStock(tx, order.productId, order.count);
    await releaseCoupon(tx, order.id);
    await p.refund(paid);
  });
}
