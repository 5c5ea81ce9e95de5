import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** Redeem codes (§2.3 /user/coupon): each redemption gives the user one coupon of these terms. */
export const couponCodes = pgTable(
  'coupon_codes',
  {
    code: text('code').primaryKey(),
    title: text('title').notNull(),
    /** Amount off and the order amount it needs, in fen. */
    amount: integer('amount').notNull(),
    threshold: integer('threshold').notNull(),
    /** Products it applies to; null is every product. */
    productIds: jsonb('product_ids').$type<string[]>(),
    /** How long a redeemed coupon stays valid. */
    validDays: integer('valid_days').notNull(),
    redeemUntil: timestamp('redeem_until', { withTimezone: true }).notNull(),
    maxRedemptions: integer('max_redemptions').notNull(),
    redemptions: integer('redemptions').notNull().default(0),
  },
  (t) => [
    check('coupon_codes_terms_check', sql`${t.amount} > 0 AND ${t.threshold} >= 0 AND ${t.validDays} > 0`),
    // The count is raised in the statement that checks it; the database refuses one redemption too many.
    check('coupon_codes_redemptions_check', sql`${t.redemptions} >= 0 AND ${t.redemptions} <= ${t.maxRedemptions}`),
  ],
);

/** A user's coupon (§3 Coupon payload); `usedOrderId` is set by the one order that uses it. */
export const coupons = pgTable(
  'coupons',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    amount: integer('amount').notNull(),
    threshold: integer('threshold').notNull(),
    productIds: jsonb('product_ids').$type<string[]>(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
    code: text('code').references(() => couponCodes.code),
    usedOrderId: text('used_order_id'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('coupons_user_idx').on(t.userId),
    // One redemption of a code per user.
    uniqueIndex('coupons_user_code_idx').on(t.userId, t.code).where(sql`${t.code} IS NOT NULL`),
    check('coupons_terms_check', sql`${t.amount} > 0 AND ${t.threshold} >= 0 AND ${t.validTo} > ${t.validFrom}`),
  ],
);
