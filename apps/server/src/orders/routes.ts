import { ok } from '@jiyin/contracts/envelope';
import { authCodeSchema, nationCodeSchema, phoneSchema } from '@jiyin/contracts/accounts';
import {
  canHide,
  couponDiscount,
  createOrderSchema,
  invoiceSchema,
  ORDER_STATE_LABELS,
  orderStatusSchema,
  quote,
  type RetrievedOrder,
  SHOP_PATHS,
} from '@jiyin/contracts/shop';
import { schema } from '@jiyin/db';
import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { verifySmsCode } from '../auth/smsCodes.ts';
import { newId } from '../auth/tokens.ts';
import { onlineProduct } from '../catalog/queries.ts';
import { claimCoupon } from '../coupons/queries.ts';
import type { Deps } from '../deps.ts';
import { ApiError, parseInput } from '../http/errors.ts';
import { cancelOrder } from '../payments/logic.ts';
import { requireUser } from '../users/session.ts';
import { type OrderRow, orderView, ownOrder, takeStock } from './queries.ts';

const { orders, deliveryAddresses, coupons, users, products } = schema;
const retrieveBody = z.object({ nationCode: nationCodeSchema, phoneNumber: phoneSchema, authCode: authCodeSchema });
const idParams = z.object({ id: z.uuid('订单不存在') });
const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(50).default(10),
});

/** Orders a user cannot invoice yet: nothing was paid. */
const INVOICEABLE = new Set<OrderRow['state']>(['paid', 'shipped', 'bound', 'done']);

/** §7.8 orders: create (price, stock and address checked here), list, detail, cancel, hide, invoice. */
export async function orderRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps.database;

  async function orderByKey(userId: string, key: string): Promise<OrderRow | undefined> {
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
    return row;
  }

  app.post(SHOP_PATHS.createOrder, async (req) => {
    const me = await requireUser(req, deps);
    const input = parseInput(createOrderSchema, req.body);
    const again = await orderByKey(me.userId, input.idempotencyKey);
    if (again) return ok(await orderView(db, again));
    const product = await onlineProduct(db, input.productId);
    const gross = product && quote(product, input.sku, input.count);
    if (!gross) throw new ApiError('NOT_FOUND', '商品不存在或已下架');
    const [address] = await db
      .select()
      .from(deliveryAddresses)
      .where(and(eq(deliveryAddresses.id, input.addressId), eq(deliveryAddresses.userId, me.userId)));
    if (!address) throw new ApiError('NOT_FOUND', '收货地址不存在');
    const now = deps.now();
    let couponOff = 0;
    if (input.couponId) {
      const [c] = await db
        .select()
        .from(coupons)
        .where(and(eq(coupons.id, input.couponId), eq(coupons.userId, me.userId)));
      const off = c ? couponDiscount(c, gross.productId, gross.total, now) : null;
      if (off === null) throw new ApiError('BAD_REQUEST', '优惠券不可用');
      couponOff = off;
    }
    const price = quote(product, gross.sku, gross.count, couponOff) ?? gross;
    const region = [address.region.province.name, address.region.city.name, address.region.district?.name]
      .filter((x) => x && x !== '市辖区')
      .join(' ');
    const orderId = newId();
    try {
      const created = await db.transaction(async (tx) => {
        // The coupon first: its row lock makes a concurrent use wait here and then fail cleanly.
        if (input.couponId && !(await claimCoupon(tx, input.couponId, me.userId, orderId, now)))
          throw new ApiError('BAD_REQUEST', '优惠券已被使用');
        const [row] = await tx
          .insert(orders)
          .values({
            id: orderId,
            userId: me.userId,
            productId: price.productId,
            sku: price.sku,
            count: price.count,
            unitPrice: price.unitPrice,
            packageDiscount: price.packageDiscount,
            couponDiscount: price.couponDiscount,
            couponId: input.couponId ?? null,
            total: price.total,
            state: 'created',
            address: { receiver: address.receiver, phone: address.phone, region, detail: address.detail },
            idempotencyKey: input.idempotencyKey,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing({ target: [orders.userId, orders.idempotencyKey] })
          .returning();
        if (!row) throw new ApiError('BAD_REQUEST', '订单已提交');
        if (!(await takeStock(tx, price.productId, price.count))) throw new ApiError('BAD_REQUEST', '库存不足，请减少数量或稍后再试');
        return row;
      });
      return ok(await orderView(db, created));
    } catch (e) {
      // A concurrent request with the same key won (and may hold the coupon): answer its order.
      const winner = await orderByKey(me.userId, input.idempotencyKey);
      if (winner) return ok(await orderView(db, winner));
      throw e;
    }
  });

  app.get(SHOP_PATHS.orders, async (req) => {
    const me = await requireUser(req, deps);
    const { page, size } = parseInput(listQuery, req.query);
    const mine = and(eq(orders.userId, me.userId), eq(orders.hidden, false));
    const rows = await db
      .select()
      .from(orders)
      .where(mine)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(size)
      .offset((page - 1) * size);
    const [{ total }] = await db.select({ total: count() }).from(orders).where(mine);
    return ok({ list: await Promise.all(rows.map((o) => orderView(db, o))), total, page, size });
  });

  /**
   * §7.8 retrieve orders by phone and SMS code: whoever proves they hold the phone sees the orders
   * sent to it or bought by its account, as a summary (no full address, no actions).
   */
  app.post(SHOP_PATHS.retrieveOrders, async (req) => {
    const b = parseInput(retrieveBody, req.body);
    await verifySmsCode(deps, { nationCode: b.nationCode, phone: b.phoneNumber, purpose: 'orders' }, b.authCode, true);
    const [owner] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.nationCode, b.nationCode), eq(users.phone, b.phoneNumber)));
    const sentTo = sql`${orders.address}->>'phone' = ${b.phoneNumber}`;
    const rows = await db
      .select({ o: orders, productName: products.name })
      .from(orders)
      .innerJoin(products, eq(products.id, orders.productId))
      .where(owner ? or(sentTo, eq(orders.userId, owner.id)) : sentTo)
      .orderBy(desc(orders.createdAt))
      .limit(50);
    const list: RetrievedOrder[] = rows.map(({ o, productName }) => ({
      id: o.id,
      productName,
      count: o.count,
      total: o.total,
      state: o.state,
      stateLabel: ORDER_STATE_LABELS[o.state],
      receiver: o.address ? `${[...o.address.receiver][0] ?? ''}**` : '',
      region: o.address?.region ?? '',
      createdAt: o.createdAt.toISOString(),
    }));
    return ok({ list });
  });

  app.get(SHOP_PATHS.order, async (req) => {
    const me = await requireUser(req, deps);
    const { id } = parseInput(idParams, req.params);
    return ok(await orderView(db, await ownOrder(db, me.userId, id)));
  });

  app.put(SHOP_PATHS.orderStatus, async (req) => {
    const me = await requireUser(req, deps);
    const { id } = parseInput(idParams, req.params);
    const { status } = parseInput(orderStatusSchema, req.body);
    const order = await ownOrder(db, me.userId, id);
    if (status === 'cancelled') await cancelOrder(deps, order);
    else {
      if (!canHide(order.state)) throw new ApiError('BAD_REQUEST', '只能删除已完成、已取消或已退款的订单');
      await db.update(orders).set({ hidden: true, updatedAt: deps.now() }).where(eq(orders.id, order.id));
    }
    return ok(await orderView(db, await ownOrder(db, me.userId, id)));
  });

  app.put(SHOP_PATHS.orderInvoice, async (req) => {
    const me = await requireUser(req, deps);
    const { id } = parseInput(idParams, req.params);
    const order = await ownOrder(db, me.userId, id);
    const invoice = parseInput(invoiceSchema, req.body);
    if (!INVOICEABLE.has(order.state)) throw new ApiError('BAD_REQUEST', '订单支付后才能申请发票');
    if (order.invoice) throw new ApiError('BAD_REQUEST', '该订单已申请过发票');
    await db.update(orders).set({ invoice, updatedAt: deps.now() }).where(eq(orders.id, order.id));
    return ok(await orderView(db, await ownOrder(db, me.userId, id)));
  });
}
