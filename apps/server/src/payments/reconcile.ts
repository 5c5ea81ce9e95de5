import { ORDER_PAY_WINDOW_MS } from '@jiyin/contracts/shop';
import { schema } from '@jiyin/db';
import { and, eq, lt } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { applyNotification, cancelOrder } from './logic.ts';

const { orders, payments } = schema;
export const CLOSE_UNPAID_JOB = 'orders-close-unpaid';
const CHECK_EVERY_MS = 60_000;

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/**
 * Orders left unpaid past the pay window: each pending payment is first checked with its provider
 * (a lost notification is applied as if it had come), and an order still unpaid is closed, giving
 * its stock and coupon back. Safe to run twice: every step is conditional on the state it read.
 */
export async function closeUnpaidOrders(deps: Deps, log?: Log): Promise<{ paid: number; closed: number }> {
  const { db } = deps.database;
  const cutoff = new Date(deps.now().getTime() - ORDER_PAY_WINDOW_MS);
  const stale = await db
    .select()
    .from(orders)
    .where(and(eq(orders.state, 'created'), lt(orders.createdAt, cutoff)))
    .limit(500);
  let paid = 0;
  let closed = 0;
  for (const order of stale) {
    const pending = await db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.state, 'pending')));
    let wasPaid = false;
    for (const payment of pending) {
      const provider = deps.pay.get(payment.payType);
      if (!provider || (await provider.query(payment)) !== 'paid') continue;
      const n = {
        notifyId: `query:${payment.id}`,
        paymentId: payment.id,
        amount: payment.amount,
        result: 'ok' as const,
        tradeNo: `query:${payment.id}`,
      };
      wasPaid ||= (await applyNotification(deps, provider, n)) === 'paid';
    }
    if (wasPaid) {
      paid++;
      continue;
    }
    try {
      await cancelOrder(deps, order);
      closed++;
    } catch (e) {
      // Paid or cancelled by its owner meanwhile: nothing left to close.
      if (!(e instanceof ApiError)) throw e;
    }
  }
  if (paid || closed) log?.info({ paid, closed }, 'unpaid orders reconciled');
  return { paid, closed };
}

/** The job, and a timer that queues it every minute (one pending at a time across processes). */
export async function registerUnpaidOrderCloser(deps: Deps, log: Log): Promise<() => void> {
  await deps.queue.work(CLOSE_UNPAID_JOB, async () => {
    await closeUnpaidOrders(deps, log);
  });
  const timer = setInterval(() => {
    deps.queue
      .send(CLOSE_UNPAID_JOB, {}, { singletonKey: CLOSE_UNPAID_JOB, retryLimit: 0 })
      .catch((e) => log.warn({ err: e }, 'could not queue the unpaid-order check'));
  }, CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
