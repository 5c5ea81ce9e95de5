import { canTransition, type OrderState, type OrderView } from '@jiyin/contracts/shop';
import { type Db, schema } from '@jiyin/db';
import { and, desc, eq, sql } from 'drizzle-orm';
import { ApiError } from '../http/errors.ts';

const { orders, payments, products } = schema;
export type OrderRow = typeof orders.$inferSelect;
/** A transaction or the database: both run the same statements. */
type Tx = Pick<Db, 'select' | 'update' | 'insert'>;

/** The payment that took the money if one did, else the latest attempt. */
export async function orderPayment(db: Tx, orderId: string) {
  const rows = await db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.createdAt));
  return rows.find((p) => p.state === 'paid' || p.state === 'refunded') ?? rows[0] ?? null;
}

export async function orderView(db: Tx, o: OrderRow): Promise<OrderView> {
  const [p] = await db.select({ name: products.name, skuInfos: products.skuInfos }).from(products).where(eq(products.id, o.productId));
  const pay = await orderPayment(db, o.id);
  return {
    id: o.id,
    productId: o.productId,
    productName: p?.name ?? o.productId,
    skuPicture: p?.skuInfos.find((s) => s.sku === o.sku)?.skuPicture ?? '',
    targetBarcode: o.targetBarcode,
    sku: o.sku,
    count: o.count,
    unitPrice: o.unitPrice,
    packageDiscount: o.packageDiscount,
    couponDiscount: o.couponDiscount,
    total: o.total,
    state: o.state,
    address: o.address,
    invoice: o.invoice ?? null,
    payment: pay && { payType: pay.payType, state: pay.state, refunded: pay.state === 'refunded' },
    createdAt: o.createdAt.toISOString(),
    paidAt: o.paidAt?.toISOString() ?? null,
  };
}

/** The caller's order; another user's id answers exactly like a missing one. */
export async function ownOrder(db: Tx, userId: string, id: string): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)));
  if (!row) throw new ApiError('NOT_FOUND', '订单不存在');
  return row;
}

/**
 * Moves an order along the state machine. The update is conditional on the state it was read in, so
 * two racing moves (a notification and a cancel) cannot both win; false when the other one did.
 */
export async function moveOrder(
  db: Tx,
  order: Pick<OrderRow, 'id' | 'state'> & { targetBarcode?: string | null },
  to: OrderState,
  now: Date,
): Promise<boolean> {
  // paid → done skips shipping: only a service order (for a kit the customer has) ships nothing.
  const skipsShipping = order.state === 'paid' && to === 'done' && !order.targetBarcode;
  if (!canTransition(order.state, to) || skipsShipping) throw new ApiError('BAD_REQUEST', '订单当前状态不允许此操作');
  const moved = await db
    .update(orders)
    .set({ state: to, updatedAt: now, ...(to === 'paid' ? { paidAt: now } : {}) })
    .where(and(eq(orders.id, order.id), eq(orders.state, order.state)))
    .returning({ id: orders.id });
  return moved.length === 1;
}

/** Takes `count` kits from stock in one statement that also checks it; false when too few are left. */
export async function takeStock(db: Tx, productId: string, count: number): Promise<boolean> {
  const taken = await db
    .update(products)
    .set({ stock: sql`${products.stock} - ${count}` })
    .where(and(eq(products.id, productId), sql`(${products.stock} IS NULL OR ${products.stock} >= ${count})`))
    .returning({ id: products.id });
  return taken.length === 1;
}

/** Puts a cancelled or refunded order's kits back (unlimited stock stays unlimited). */
export async function returnStock(db: Tx, productId: string, count: number): Promise<void> {
  await db
    .update(products)
    .set({ stock: sql`${products.stock} + ${count}` })
    .where(and(eq(products.id, productId), sql`${products.stock} IS NOT NULL`));
}

/** A customer bound a kit shipped with an order: the order moves shipped → bound (once; later kits change nothing). */
export async function markOrderBound(db: Tx, orderId: string, now: Date): Promise<void> {
  const [o] = await db.select({ id: orders.id, state: orders.state }).from(orders).where(eq(orders.id, orderId));
  if (o?.state === 'shipped') await moveOrder(db, o, 'bound', now);
}
