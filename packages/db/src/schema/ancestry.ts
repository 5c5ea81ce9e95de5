import { boolean, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { kits, persons } from './persons.ts';

/**
 * Gene-relatives consent of one person (opt-in through the protocol page). Withdrawing sets
 * `withdrawnAt`, which hides the person from everyone at once; consenting again clears it.
 */
export const relativeConsents = pgTable('relative_consents', {
  personId: text('person_id')
    .primaryKey()
    .references(() => persons.id, { onDelete: 'cascade' }),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  protocolVersion: text('protocol_version').notNull(),
  consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
  withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  /**
   * Clan relation base info (§3): take part in clan relations. Its showFullName is the person's
   * privacy switch `showFullName` (privacy_switches), not a second copy here.
   */
  openClanRelation: boolean('open_clan_relation').notNull().default(true),
});

export interface SharedSegmentRow {
  chrom: string;
  start: number;
  end: number;
  cM: number;
  markers: number;
}

/**
 * A match between two detections found by shared DNA, stored both ways (one row per direction) so
 * each side's list is one indexed read. Only written while both persons consent.
 */
export const relativeMatches = pgTable(
  'relative_matches',
  {
    barcode: text('barcode')
      .notNull()
      .references(() => kits.barcode, { onDelete: 'cascade' }),
    relativeBarcode: text('relative_barcode')
      .notNull()
      .references(() => kits.barcode, { onDelete: 'cascade' }),
    personId: text('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    relativePersonId: text('relative_person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    sharedCm: real('shared_cm').notNull(),
    longestCm: real('longest_cm').notNull(),
    segmentCount: integer('segment_count').notNull(),
    /**
     * DNA shared, 0–100: (half-identical cM + fully identical cM) / (2 × autosomal length), as
     * consumer sites show it (parent/child and full siblings both near 50%); the similarity sort.
     */
    sharedPercent: real('shared_percent').notNull(),
    /** §9 grade, e.g. '4-6'; null when the two chips share too few markers to tell (insufficientOverlap). */
    grade: text('grade'),
    /** Autosomal and X markers both genomes' chip layouts carry: what the comparison could see. */
    overlapMarkers: integer('overlap_markers').notNull().default(0),
    /**
     * Below the engine's overlap floor: the pair is listed as 共同位点不足，无法可靠比对 and never with a
     * relationship, since what was found cannot be told from chance.
     */
    insufficientOverlap: boolean('insufficient_overlap').notNull().default(false),
    segments: jsonb('segments').notNull().$type<SharedSegmentRow[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.barcode, t.relativeBarcode] }), index('relative_matches_relative_idx').on(t.relativeBarcode)],
);

/** Ancestry composition of one detection (supervised admixture of packages/genome), cached per panel. */
export const ancestryResults = pgTable('ancestry_results', {
  barcode: text('barcode')
    .primaryKey()
    .references(() => kits.barcode, { onDelete: 'cascade' }),
  /** [{ id, name, share, low, high }] as estimateAncestry returns them. */
  populations: jsonb('populations').notNull().$type<{ id: string; name: string; share: number; low: number; high: number }[]>(),
  markersUsed: integer('markers_used').notNull(),
  method: text('method').notNull(),
  referenceId: text('reference_id').notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** §3 Y-tree comment: comment, haplogroup, status, createType (default USER). */
export const ytreeComments = pgTable(
  'ytree_comments',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    haplogroup: text('haplogroup').notNull(),
    comment: text('comment').notNull(),
    status: text('status').notNull().$type<'visible' | 'hidden'>().default('visible'),
    createType: text('create_type').notNull().default('USER'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ytree_comments_haplogroup_idx').on(t.haplogroup, t.createdAt)],
);
