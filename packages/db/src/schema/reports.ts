import { customType, index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { kits, persons } from './persons.ts';

/** Binary columns (packed genomes, cached tree forms) as Node buffers on PGlite and Postgres alike. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * A raw-data file a user uploads for one of their persons (§3 Gene data upload). Received in chunks
 * (resumable: `receivedBytes` is where the next chunk starts), kept private in storage under
 * `storageKey`; `sha256` is known once the last chunk is in and makes re-imports idempotent.
 */
export const rawFiles = pgTable(
  'raw_files',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    personId: text('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    receivedBytes: integer('received_bytes').notNull().default(0),
    sha256: text('sha256'),
    storageKey: text('storage_key').notNull(),
    /** Where the upload came from (address and §9 device id), for the gene-relatives upload limits. */
    uploadIp: text('upload_ip'),
    uploadDevice: text('upload_device'),
    /** receiving → stored; deleted keeps the row (and the import history) without the bytes. */
    state: text('state').notNull().$type<'receiving' | 'stored' | 'deleted'>().default('receiving'),
    /** §7.6 raw-data download state: archived files are thawed on request before download. */
    thawedUntil: timestamp('thawed_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('raw_files_person_idx').on(t.personId), index('raw_files_user_idx').on(t.userId)],
);

export const IMPORT_STAGES = ['queued', 'parsing', 'computing', 'matching', 'done', 'failed'] as const;
export type ImportStage = (typeof IMPORT_STAGES)[number];

/**
 * One import of a stored raw file: the queue job's visible state. One per (person, file content),
 * so importing the same bytes again answers the existing job instead of computing twice.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    personId: text('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    rawFileId: text('raw_file_id').references(() => rawFiles.id, { onDelete: 'set null' }),
    fileSha256: text('file_sha256').notNull(),
    /** The detection the import creates (an imported-data kit), known once parsing succeeded. */
    barcode: text('barcode'),
    stage: text('stage').notNull().$type<ImportStage>().default('queued'),
    /** 0–100 within the whole job, for the progress display. */
    progress: integer('progress').notNull().default(0),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    attempts: integer('attempts').notNull().default(0),
    /** What the parse found, for the page: vendor, build, markers, call rate, sex. */
    summary: jsonb('summary').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('import_jobs_person_file_uq').on(t.personId, t.fileSha256), index('import_jobs_user_idx').on(t.userId)],
);

/**
 * A chip layout (packages/genome ChipLayout): the sorted marker list a raw file really carries,
 * stored once however many genomes share it; `id` is the layout's content hash.
 */
export const genomeLayouts = pgTable('genome_layouts', {
  id: text('id').primaryKey(),
  /** The engine's serialised layout (varint deltas, gzip). */
  bytes: bytea('bytes').notNull(),
  markerCount: integer('marker_count').notNull(),
  /** The vendor of the first file seen on this layout (a guess of the chip, for operators). */
  vendor: text('vendor').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A person's genome per detection, packed 2 bits per marker over its own chip layout
 * (`layoutId`). Rows without a layout were packed against an old marker panel, and rows whose
 * `panelPacked` names an older reference panel than the engine's (it carries its panel id) were packed
 * on jy-panel-v2; both wait for the repack job (apps/server/src/imports/repack.ts).
 */
export const genomes = pgTable(
  'genomes',
  {
    barcode: text('barcode')
      .primaryKey()
      .references(() => kits.barcode, { onDelete: 'cascade' }),
    personId: text('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    packed: bytea('packed').notNull(),
    layoutId: text('layout_id').references(() => genomeLayouts.id),
    /**
     * The same calls packed against the engine's reference panel (its real report and ancestry
     * markers), which ancestry composition reads; null on rows not yet repacked, whose `packed` is
     * still that panel packing.
     */
    panelPacked: bytea('panel_packed'),
    vendor: text('vendor').notNull(),
    build: text('build').notNull(),
    sex: text('sex').$type<'male' | 'female' | null>(),
    callRate: real('call_rate').notNull(),
    markerCount: integer('marker_count').notNull(),
    yHaplogroup: text('y_haplogroup'),
    mtHaplogroup: text('mt_haplogroup'),
    rawFileId: text('raw_file_id').references(() => rawFiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('genomes_person_idx').on(t.personId), index('genomes_layout_idx').on(t.layoutId)],
);

/**
 * A run of the repack job (stored genomes moved to chip-layout storage and matched again), its
 * progress for staff: one row a run, `cursor` the last barcode done so an interrupted run resumes.
 */
export const genomeRepacks = pgTable('genome_repacks', {
  id: text('id').primaryKey(),
  state: text('state').notNull().$type<'running' | 'done' | 'failed'>().default('running'),
  total: integer('total').notNull(),
  done: integer('done').notNull().default(0),
  /** Genomes whose raw file is gone or no longer reads: left as they were, counted here. */
  skipped: integer('skipped').notNull().default(0),
  cursor: text('cursor').notNull().default(''),
  errorMessage: text('error_message'),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/** Computed reports of one detection: every knowledge-base item's result, plus haplogroup calls. */
export const reportResults = pgTable('report_results', {
  barcode: text('barcode')
    .primaryKey()
    .references(() => kits.barcode, { onDelete: 'cascade' }),
  kbVersion: text('kb_version').notNull(),
  /** ItemResult[] of packages/genome. */
  items: jsonb('items').notNull().$type<unknown[]>(),
  /** { y: HaplogroupCall | null, mt: HaplogroupCall | null } of packages/genome. */
  haplogroups: jsonb('haplogroups').$type<Record<string, unknown>>(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A link that lets anyone holding it view one person's report (§4 share mode); stored hashed. */
export const shareTokens = pgTable(
  'share_tokens',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    type: text('type').notNull(),
    personId: text('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    barcode: text('barcode')
      .notNull()
      .references(() => kits.barcode, { onDelete: 'cascade' }),
    createdBy: text('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('share_tokens_hash_uq').on(t.tokenHash), index('share_tokens_person_idx').on(t.personId)],
);

/** §7.4 feel: how useful a user found a report item. One per user, detection, module and item. */
export const reportFeels = pgTable(
  'report_feels',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    barcode: text('barcode')
      .notNull()
      .references(() => kits.barcode, { onDelete: 'cascade' }),
    module: text('module').notNull(),
    relateId: text('relate_id').notNull(),
    feel: integer('feel').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('report_feels_uq').on(t.userId, t.barcode, t.module, t.relateId)],
);

/** The electronic report (§2.2 electronic-report): a PDF rendered by a queue job, kept privately. */
export const electronicReports = pgTable(
  'electronic_reports',
  {
    id: text('id').primaryKey(),
    barcode: text('barcode')
      .notNull()
      .references(() => kits.barcode, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').notNull().$type<'queued' | 'rendering' | 'done' | 'failed'>().default('queued'),
    storageKey: text('storage_key'),
    /** The report_results computedAt the PDF was rendered from; a newer computation makes it stale. */
    sourceComputedAt: timestamp('source_computed_at', { withTimezone: true }),
    errorMessage: text('error_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('electronic_reports_barcode_idx').on(t.barcode)],
);

/**
 * The queue of background jobs (imports, matching, PDFs) when running on the embedded database;
 * on Postgres pg-boss keeps its own tables. `singletonKey` makes enqueueing the same work twice a no-op.
 */
export const queueJobs = pgTable(
  'queue_jobs',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull().$type<Record<string, unknown>>(),
    state: text('state').notNull().$type<'created' | 'active' | 'completed' | 'failed'>().default('created'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    singletonKey: text('singleton_key'),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('queue_jobs_ready_idx').on(t.state, t.runAfter), uniqueIndex('queue_jobs_singleton_uq').on(t.name, t.singletonKey)],
);
