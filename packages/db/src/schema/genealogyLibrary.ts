import { boolean, index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { kits, persons } from './persons.ts';

/** A historical or living person listed under a surname, always with where the facts come from. */
export interface SurnamePersonEntry {
  name: string;
  years: string;
  note: string;
  source: string;
}

/**
 * The surname library (§2.1 library-surname, surname-base): public reference rows seeded from
 * seed/genealogy/surnames.json (SOURCES.md there); null or empty fields are shown as 暂无数据.
 */
export const surnames = pgTable(
  'surnames',
  {
    name: text('name').primaryKey(),
    pinyin: text('pinyin').notNull(),
    /** Full pinyin without tones or spaces (zhang, ouyang): what pinyin search matches. */
    pinyinPlain: text('pinyin_plain').notNull(),
    /** First letters (z, oy): what initials search matches. */
    initials: text('initials').notNull(),
    baijiaxingOrder: integer('baijiaxing_order'),
    rank: integer('rank'),
    population: integer('population'),
    /** Percent of the total population. */
    share: real('share'),
    /** Where rank, population and share come from. */
    statsSource: text('stats_source'),
    junwang: jsonb('junwang').notNull().$type<string[]>().default([]),
    /** 得姓始祖. */
    founder: text('founder'),
    tanghao: jsonb('tanghao').notNull().$type<string[]>().default([]),
    largestInProvinces: jsonb('largest_in_provinces').notNull().$type<string[]>().default([]),
    figures: jsonb('figures').notNull().$type<SurnamePersonEntry[]>().default([]),
    living: jsonb('living').notNull().$type<SurnamePersonEntry[]>().default([]),
    related: jsonb('related').notNull().$type<string[]>().default([]),
    /** Sources of fields changed through accepted proposals, by field. */
    fieldSources: jsonb('field_sources').notNull().$type<Record<string, string>>().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('surnames_pinyin_idx').on(t.pinyinPlain), index('surnames_initials_idx').on(t.initials)],
);

/** A user's proposed change to one field of a surname; staff accept or reject it. */
export const surnameProposals = pgTable(
  'surname_proposals',
  {
    id: text('id').primaryKey(),
    surname: text('surname')
      .notNull()
      .references(() => surnames.name, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    value: jsonb('value').notNull().$type<unknown>(),
    source: text('source').notNull(),
    status: text('status').notNull().$type<'pending' | 'accepted' | 'rejected'>().default('pending'),
    reviewNote: text('review_note'),
    reviewerUserId: text('reviewer_user_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('surname_proposals_status_idx').on(t.status, t.createdAt), index('surname_proposals_user_idx').on(t.userId)],
);

/** Every accepted change of a surname field: what it was, what it became, who proposed and who reviewed. */
export const surnameHistory = pgTable(
  'surname_history',
  {
    id: text('id').primaryKey(),
    surname: text('surname')
      .notNull()
      .references(() => surnames.name, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
    source: text('source').notNull(),
    proposalId: text('proposal_id').references(() => surnameProposals.id, { onDelete: 'set null' }),
    reviewerUserId: text('reviewer_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('surname_history_surname_idx').on(t.surname, t.createdAt)],
);

/**
 * A family of the family library (§2.1 library-family, §3 Family filter): created by a user (the owner
 * edits it) or by staff. Demo families are seeded examples and say so on every page.
 */
export const families = pgTable(
  'families',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    surname: text('surname').notNull(),
    /** gene: founded on DNA (a Y lineage); genealogy: founded on a written genealogy. */
    type: text('type').notNull().$type<'gene' | 'genealogy'>(),
    ownerUserId: text('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    demo: boolean('demo').notNull().default(false),
    origin: text('origin'),
    intro: text('intro'),
    /** 字辈, in order. */
    generationNames: text('generation_names'),
    /** 始祖 or 始迁祖. */
    ancestor: text('ancestor'),
    haplogroup: text('haplogroup'),
    celebrities: jsonb('celebrities').notNull().$type<string[]>().default([]),
    researching: boolean('researching').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('families_updated_idx').on(t.updatedAt), index('families_surname_idx').on(t.surname)],
);

/** §3 Family claim status: a tested person (by barcode) claims a family as theirs, or excludes it. */
export const familyClaims = pgTable(
  'family_claims',
  {
    id: text('id').primaryKey(),
    familyId: text('family_id')
      .notNull()
      .references(() => families.id, { onDelete: 'cascade' }),
    barcode: text('barcode')
      .notNull()
      .references(() => kits.barcode, { onDelete: 'cascade' }),
    personId: text('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().$type<'CLAIMED' | 'EXCLUDED'>(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('family_claims_family_barcode_idx').on(t.familyId, t.barcode), index('family_claims_barcode_idx').on(t.barcode)],
);

/** A line of a family's history (§2.2 family-history): a year (optional) and what happened. */
export const familyHistoryLines = pgTable(
  'family_history_lines',
  {
    id: text('id').primaryKey(),
    familyId: text('family_id')
      .notNull()
      .references(() => families.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    year: integer('year'),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('family_history_family_idx').on(t.familyId, t.year)],
);

/** A material of a family: a genealogy book (族谱) with its scanned pages, a document or photos. */
export const familyMaterials = pgTable(
  'family_materials',
  {
    id: text('id').primaryKey(),
    familyId: text('family_id')
      .notNull()
      .references(() => families.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().$type<'genealogy' | 'document' | 'photo'>(),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    /** Uploaded image URLs (scanned pages, photos), in page order. */
    images: jsonb('images').notNull().$type<string[]>().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('family_materials_family_idx').on(t.familyId, t.createdAt)],
);

/** §3 Research project of a family, with its members and comments. */
export const familyProjects = pgTable(
  'family_projects',
  {
    id: text('id').primaryKey(),
    familyId: text('family_id')
      .notNull()
      .references(() => families.id, { onDelete: 'cascade' }),
    ownerUserId: text('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    goal: text('goal').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('family_projects_family_idx').on(t.familyId)],
);

export const familyProjectMembers = pgTable(
  'family_project_members',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => familyProjects.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('family_project_members_idx').on(t.projectId, t.userId)],
);

export const familyProjectComments = pgTable(
  'family_project_comments',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => familyProjects.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('family_project_comments_idx').on(t.projectId, t.createdAt)],
);

/** §3 Lead info of one tested person: surname, residence, birthplace and options, to find their family. */
export const familyLeads = pgTable('family_leads', {
  barcode: text('barcode')
    .primaryKey()
    .references(() => kits.barcode, { onDelete: 'cascade' }),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  surname: text('surname').notNull(),
  residence: text('residence').notNull().default(''),
  birthPlace: text('birth_place').notNull().default(''),
  options: jsonb('options').notNull().$type<Record<string, boolean>>().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
