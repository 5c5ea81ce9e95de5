import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { kits, persons } from './persons.ts';

export interface GateReasonRow {
  code: string;
  message: string;
}

/**
 * The gene-relatives gate's verdict on one imported genome: passed, held (never matched; the owner
 * sees the reasons) or released by staff. Where it was uploaded from feeds the upload limits.
 */
export const relativesGate = pgTable(
  'relatives_gate',
  {
    barcode: text('barcode')
      .primaryKey()
      .references(() => kits.barcode, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    personId: text('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    /** 'unmatchable': too few markers to be matched with anyone (not a suspicion, nothing to review). */
    state: text('state').notNull().$type<'passed' | 'held' | 'released' | 'unmatchable'>(),
    reasons: jsonb('reasons').$type<GateReasonRow[]>().notNull(),
    figures: jsonb('figures').$type<Record<string, unknown>>(),
    ip: text('ip'),
    device: text('device'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: text('reviewed_by'),
  },
  (t) => [index('relatives_gate_user_idx').on(t.userId, t.createdAt), index('relatives_gate_ip_idx').on(t.ip, t.createdAt)],
);

/**
 * An account paused from gene relatives (a probing series of uploads, unusually many views or close
 * matches): none of its persons is matched or listed until staff release it.
 */
export const relativesPauses = pgTable('relatives_pauses', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  code: text('code').notNull(),
  message: text('message').notNull(),
  detail: jsonb('detail').$type<Record<string, unknown>>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  releasedAt: timestamp('released_at', { withTimezone: true }),
  releasedBy: text('released_by'),
});
