import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { orders } from './orders.ts';

/** §3 Date: month < 0 is a leap lunar month. */
export interface PersonBirthday {
  year: number;
  month: number;
  day: number;
  chooseLunarCalendar: boolean;
}

/** §3 Region: province, city, district with their codes. */
export interface PersonBirthplace {
  province: { code: string; name: string };
  city?: { code: string; name: string };
  district?: { code: string; name: string };
}

/** §3 Detection person (sct): someone whose sample or raw data a user manages. */
export const persons = pgTable(
  'persons',
  {
    id: text('id').primaryKey(),
    ownerUserId: text('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    gender: text('gender').notNull().$type<'male' | 'female'>(),
    birthday: jsonb('birthday').$type<PersonBirthday>(),
    birthplace: jsonb('birthplace').$type<PersonBirthplace>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('persons_owner_idx').on(t.ownerUserId)],
);

/** Kit barcodes: produced with a product, bound once to one person. */
export const kits = pgTable(
  'kits',
  {
    barcode: text('barcode').primaryKey(),
    productId: text('product_id').notNull(),
    personId: text('person_id').references(() => persons.id, { onDelete: 'set null' }),
    /** The order it was shipped for (staff enter the barcodes when shipping); null for kits sold offline. */
    orderId: text('order_id').references(() => orders.id, { onDelete: 'set null' }),
    boundAt: timestamp('bound_at', { withTimezone: true }),
    /** When a paid speed package (加急) put the kit at the front of the lab queue; null is normal order. */
    expeditedAt: timestamp('expedited_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('kits_person_idx').on(t.personId), index('kits_order_idx').on(t.orderId)],
);

/** A person shared by its owner with another user (read access). */
export const personShares = pgTable(
  'person_shares',
  {
    personId: text('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.personId, t.userId] })],
);

/** Privacy switches per person (§3 Privacy switch: feature, open). */
export const privacySwitches = pgTable(
  'privacy_switches',
  {
    personId: text('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    feature: text('feature').notNull(),
    open: boolean('open').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.personId, t.feature] })],
);
