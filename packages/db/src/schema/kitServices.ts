import type { LabResultItem, LabTestType } from '@jiyin/contracts/kitServices';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { kits } from './persons.ts';

/**
 * §1 kit services (HPV, H. pylori, AMH, vitamins A/D/E, NGS): the lab's result for one kit, entered by
 * staff. The lab's own reference range travels with each item, so a page never invents one.
 */
export const labResults = pgTable(
  'lab_results',
  {
    id: text('id').primaryKey(),
    barcode: text('barcode')
      .notNull()
      .references(() => kits.barcode, { onDelete: 'cascade' }),
    testType: text('test_type').notNull().$type<LabTestType>(),
    items: jsonb('items').notNull().$type<LabResultItem[]>(),
    /** The lab's conclusion as written on its report. */
    conclusion: text('conclusion').notNull(),
    labName: text('lab_name').notNull(),
    sampledAt: timestamp('sampled_at', { withTimezone: true }),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
    /** The staff member who entered it (null once their account is gone; the audit log keeps the action). */
    enteredBy: text('entered_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  // One result per kit: a correction replaces it (and is audited).
  (t) => [uniqueIndex('lab_results_barcode_uq').on(t.barcode), index('lab_results_type_idx').on(t.testType)],
);
