import { ok } from '@jiyin/contracts/envelope';
import { quote, SHOP_PATHS, serviceKindParams, serviceOrderSchema } from '@jiyin/contracts/shop';
import { schema } from '@jiyin/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { newId } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { ApiError, parseInput } from '../http/errors.ts';
import { type OrderRow, orderView, ownOrder } from '../orders/queries.ts';
import { requireUser } from '../users/session.ts';
import { ownsYFull, serviceOffers, serviceProducts } from './queries.ts';

const { orders } = schema;

/**
 * §7.8 upgrade and speed-package calls, and the Y-full without a new sample (§6): orders for a kit
 * the customer owns, through the same order table, state machine and payments as goods.
 */
export async function serviceOrderRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps.database;

  app.get(SHOP_PATHS.serviceOffers, async (req) => {
    const me = await requireUser(req, deps);
    const { kind } = parseInput(serviceKindParams, req.params);
    return ok({ list: await serviceOffers(db, me.userId, kind), yfullOwner: kind === 'noReturn' && (await ownsYFull(db, me.userId)) });
  });

  app.post(SHOP_PATHS.serviceOrder, async (req) => {
    const me = await requireUser(req, deps);
    const { kind } = parseInput(serviceKindParams, req.params);
    const input = parseInput(serviceOrderSchema, req.body);
    const byKey = async (): Promise<OrderRow | undefined> =>
      (
        await db
          .select()
          .from(orders)
          .where(and(eq(orders.userId, me.userId), eq(orders.idempotencyKey, input.idempotencyKey)))
      )[0];
    const again = await byKey();
    if (again) return ok(await orderView(db, again));
    if (kind === 'noReturn' && (await ownsYFull(db, me.userId)))
      throw new ApiError('BAD_REQUEST', '你已拥有全 Y 测序，请在全 Y 测序页面购买');
    // Another user's barcode answers exactly like an unknown one.
    const [kit] = await serviceOffers(db, me.userId, kind, input.barcode.toUpperCase());
    if (!kit) throw new ApiError('NOT_FOUND', '采样盒不存在或不属于你的检测人');
    // An unpaid order for the same kit and service is the one to pay, not a second one.
    if (kit.openOrderId) return ok(await orderView(db, await ownOrder(db, me.userId, kit.openOrderId)));
    if (!kit.offer) throw new ApiError('BAD_REQUEST', kit.refusal ?? '该采样盒不支持此服务');
    const product = (await serviceProducts(db, kind)).find((p) => p.id === kit.offer?.productId);
    const price = product && quote(product, kit.offer.sku, 1);
    if (!price) throw new ApiError('NOT_FOUND', '商品不存在或已下架');
    const now = deps.now();
    const [row] = await db
      .insert(orders)
      .values({
        id: newId(),
        userId: me.userId,
        productId: price.productId,
        sku: price.sku,
        count: 1,
        unitPrice: price.unitPrice,
        packageDiscount: price.packageDiscount,
        couponDiscount: 0,
        total: price.total,
        state: 'created',
        address: null,
        targetBarcode: kit.barcode,
        idempotencyKey: input.idempotencyKey,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: [orders.userId, orders.idempotencyKey] })
      .returning();
    // A concurrent request with the same key won: answer its order.
    const made = row ?? (await byKey());
    if (!made) throw new ApiError('BAD_REQUEST', '订单已提交');
    return ok(await orderView(db, made));
  });
}
