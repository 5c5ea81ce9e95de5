import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Which version of each seed has been applied, so start-up seeds demo content once. */
export const seedVersions = pgTable('seed_versions', {
  name: text('name').primaryKey(),
  version: integer('version').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
