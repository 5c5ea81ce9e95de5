import { ok } from '@jiyin/contracts/envelope';
import { COUPON_STATUSES, quote, redeemSchema, SHOP_PATHS, skuPriceSchema } from '@jiyin/contracts/shop';
import { schema } from '@jiyin/db';
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { newId } from '../auth/tokens.ts';
import { onlineProduct } from '../catalog/queries.ts';
import type { Deps } from '../deps.ts';
import { ApiError, parseInput } from '../http/errors.ts';
import { requireUser } from '../users/session.ts';
import { couponStatus, couponView, usableCoupons } from './queries.ts';

const { coupons, couponCodes } = schema;
const listQuery = z.object({ status: z.enum(COUPON_STATUSES, { error: '未知的优惠券状态' }).optional() });
const DAY_MS = 86_400_000;

/** §2.3 /user/coupon and §7.8 coupon calls: the caller's coupons, redeem codes, the best coupon for a purchase. */
export async function couponRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps.database;

  app.get(SHOP_PATHS.coupons, async (req) => {
    const me = await requireUser(req, deps);
    const { status } = parseInput(listQuery, req.query);
    const now = deps.now();
    const rows = await db.select().from(coupons).where(eq(coupons.userId, me.userId)).orderBy(desc(coupons.createdAt));
    return ok({ list: rows.filter((c) => !status || couponStatus(c, now) === status).map((c) => couponView(c, now)) });
  });

  app.post(SHOP_PATHS.couponRedeem, async (req) => {
    const me = await requireUser(req, deps);
    const { code } = parseInput(redeemSchema, req.body);
    const now = deps.now();
    const coupon = await db.transaction(async (tx) => {
      // The count rises only while codes are left and the code is open; the check constraint backs it.
      const [terms] = await tx
        .update(couponCodes)
        .set({ redemptions: sql`${couponCodes.redemptions} + 1` })
        .where(and(eq(couponCodes.code, code), gt(couponCodes.redeemUntil, now), lt(couponCodes.redemptions, couponCodes.maxRedemptions)))
        .returning();
      if (!terms) {
        const [known] = await tx.select({ code: couponCodes.code }).from(couponCodes).where(eq(couponCodes.code, code));
        throw new ApiError('BAD_REQUEST', known ? '兑换码已过期或已兑完' : '兑换码不存在');
      }
      const [row] = await tx
        .insert(coupons)
        .values({
          id: newId(),
          userId: me.userId,
          title: terms.title,
          amount: terms.amount,
          threshold: terms.threshold,
          productIds: terms.productIds,
          validFrom: now,
          validTo: new Date(now.getTime() + terms.validDays * DAY_MS),
          code: terms.code,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning();
      // Thrown inside the transaction, so the redemption count goes back too.
      if (!row) throw new ApiError('BAD_REQUEST', '你已兑换过这个兑换码');
      return row;
    });
    return ok(couponView(coupon, now));
  });

  app.post(SHOP_PATHS.couponRecommend, async (req) => {
    const me = await requireUser(req, deps);
    const input = parseInput(skuPriceSchema, req.body);
    const product = await onlineProduct(db, input.productId);
    const price = product && quote(product, input.sku, input.count);
    if (!price) throw new ApiError('NOT_FOUND', '商品不存在或已下架');
    const now = deps.now();
    const usable = await usableCoupons(db, me.userId, price.productId, price.total, now);
    return ok({ list: usable.map(({ coupon, discount }) => ({ ...couponView(coupon, now), discount })) });
  });
}
