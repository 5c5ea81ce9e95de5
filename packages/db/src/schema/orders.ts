import type { InvoiceInfo, OrderState, PaymentState, PayType } from '@jiyin/contracts/shop';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { products } from './catalog.ts';
import { coupons } from './coupons.ts';
import { kits } from './persons.ts';

/** The delivery address as it was when the order was placed (later edits do not move a parcel). */
export interface OrderAddress {
  receiver: string;
  phone: string;
  region: string;
  detail: string;
}

/** §7.8 orders; prices in fen as the server computed them at creation. */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    sku: text('sku').notNull(),
    count: integer('count').notNull(),
    unitPrice: integer('unit_price').notNull(),
    packageDiscount: integer('package_discount').notNull(),
    couponDiscount: integer('coupon_discount').notNull().default(0),
    couponId: text('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    total: integer('total').notNull(),
    state: text('state').notNull().$type<OrderState>(),
    hidden: boolean('hidden').notNull().default(false),
    /** Null for a service order (upgrade, speed package, no-return Y-full): nothing is shipped. */
    address: jsonb('address').$type<OrderAddress>(),
    /** The customer's kit a service order is for; null for goods. */
    targetBarcode: text('target_barcode').references((): AnyPgColumn => kits.barcode),
    invoice: jsonb('invoice').$type<InvoiceInfo>(),
    /** One order per key and user: a double click or a retried request finds the first order. */
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_user_idempotency_idx').on(t.userId, t.idempotencyKey),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_target_barcode_idx').on(t.targetBarcode),
    check('orders_address_or_target_check', sql`${t.address} IS NOT NULL OR ${t.targetBarcode} IS NOT NULL`),
    // A coupon serves at most one live order; a cancelled or refunded order gives it back.
    uniqueIndex('orders_live_coupon_idx')
      .on(t.couponId)
      .where(sql`${t.couponId} IS NOT NULL AND ${t.state} NOT IN ('cancelled', 'refunded')`),
    check('orders_money_check', sql`${t.count} > 0 AND ${t.total} >= 0 AND ${t.unitPrice} >= 0`),
  ],
);

/** One attempt to pay an order through a provider; at most one paid payment per order. */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    payType: text('pay_type').notNull().$type<PayType>(),
    amount: integer('amount').notNull(),
    state: text('state').notNull().$type<PaymentState>(),
    /** The provider's transaction number, from its notification. */
    providerTradeNo: text('provider_trade_no'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    uniqueIndex('payments_one_paid_per_order_idx').on(t.orderId).where(sql`${t.state} IN ('paid', 'refunded')`),
  ],
);

/** Every verified provider notification, once: a replay hits the primary key and changes nothing. */
export const paymentNotifications = pgTable('payment_notifications', {
  id: text('id').primaryKey(),
  paymentId: text('payment_id')
    .notNull()
    .references(() => payments.id, { onDelete: 'cascade' }),
  result: text('result').notNull(),
  body: jsonb('body').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});
