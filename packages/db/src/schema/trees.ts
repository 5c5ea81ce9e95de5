import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import type { PersonBirthplace } from './persons.ts';
import { persons } from './persons.ts';
import { bytea } from './reports.ts';

/** §3 Date as a tree keeps it: year may come from a reign era (dynasty), month < 0 a leap lunar month. */
export interface TreeDateValue {
  year?: number;
  month?: number;
  day?: number;
  chooseLunarCalendar: boolean;
  dynasty?: { reign: string; year: number };
}

/** One branch's 字辈: its characters in order, the first one used by generation `firstGeneration`. */
export interface TreeGenerationNames {
  branch: string;
  firstGeneration: number;
  chars: string;
}

/** §3 Family tree: private to its owner unless shared with members (tree_members). */
export const familyTrees = pgTable(
  'family_trees',
  {
    id: text('id').primaryKey(),
    ownerUserId: text('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** §3 masterNodeId: the person the view centres on. */
    masterNodeId: text('master_node_id'),
    /** 字辈 poems of the tree's branches, in the order the genealogy records them. */
    generationNames: jsonb('generation_names').$type<TreeGenerationNames[]>().notNull().default([]),
    /** Goes up with every change to the tree's persons or relations: the key of its cached wire form (tree_wire_cache). */
    revision: integer('revision').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('family_trees_owner_idx').on(t.ownerUserId)],
);

/**
 * The persons part of a tree's compact wire form (contracts treeWire.ts) kept per tree revision and variant
 * ('full' for owners and editors, 'hidden' with living persons hidden for viewers): reading a 5,000-person tree
 * row by row and building its form took over a second on a fresh start. `body` is the start of the answer
 * (envelope and persons part) as raw deflate blocks ending on a sync flush, with the CRC-32 and length of what
 * it holds: the server ends it with the per-request head and sends it gzipped as it is (trees/wireAnswer.ts).
 * `linked` lists the persons linked to tested persons ([position, tree person id, tested person id]), whose
 * links and DNA comparisons are read per request since tested persons change without the tree changing.
 */
export const treeWireCache = pgTable(
  'tree_wire_cache',
  {
    treeId: text('tree_id')
      .notNull()
      .references(() => familyTrees.id, { onDelete: 'cascade' }),
    variant: text('variant').notNull().$type<'full' | 'hidden'>(),
    revision: integer('revision').notNull(),
    /** Warnings depend on the current year (a living person born over 120 years ago). */
    year: integer('year').notNull(),
    body: bytea('body').notNull(),
    crc: bigint('crc', { mode: 'number' }).notNull(),
    size: integer('size').notNull(),
    linked: jsonb('linked').$type<[number, string, string][]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.treeId, t.variant] })],
);

/** A tree shared with another account: editors change it, viewers only browse it. */
export const treeMembers = pgTable(
  'tree_members',
  {
    treeId: text('tree_id')
      .notNull()
      .references(() => familyTrees.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull().$type<'editor' | 'viewer'>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.treeId, t.userId] }), index('tree_members_user_idx').on(t.userId)],
);

export const treePersons = pgTable(
  'tree_persons',
  {
    id: text('id').primaryKey(),
    treeId: text('tree_id')
      .notNull()
      .references(() => familyTrees.id, { onDelete: 'cascade' }),
    surname: text('surname').notNull(),
    givenName: text('given_name').notNull().default(''),
    /** 字 and 号. */
    courtesyName: text('courtesy_name').notNull().default(''),
    artName: text('art_name').notNull().default(''),
    sex: text('sex').notNull().$type<'male' | 'female' | 'unknown'>(),
    birth: jsonb('birth').$type<TreeDateValue>(),
    death: jsonb('death').$type<TreeDateValue>(),
    living: boolean('living').notNull().default(false),
    birthPlace: jsonb('birth_place').$type<PersonBirthplace>(),
    notes: text('notes').notNull().default(''),
    /** One of the tree owner's tested persons. */
    linkedPersonId: text('linked_person_id').references(() => persons.id, { onDelete: 'set null' }),
    /** The record's xref in the GEDCOM file it came from (kept so a re-export reads alike). */
    gedcomId: text('gedcom_id'),
    /** The import that made the row: a re-run of that import job first removes what it made. */
    importId: text('import_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('tree_persons_tree_idx').on(t.treeId)],
);

/** parent: from_id is a parent of to_id; spouse: the two are spouses (from_id < to_id not required). */
export const treeRelations = pgTable(
  'tree_relations',
  {
    id: text('id').primaryKey(),
    treeId: text('tree_id')
      .notNull()
      .references(() => familyTrees.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().$type<'parent' | 'spouse'>(),
    fromId: text('from_id')
      .notNull()
      .references(() => treePersons.id, { onDelete: 'cascade' }),
    toId: text('to_id')
      .notNull()
      .references(() => treePersons.id, { onDelete: 'cascade' }),
  },
  (t) => [index('tree_relations_tree_idx').on(t.treeId), index('tree_relations_to_idx').on(t.toId)],
);

/** §3 Life story of a tree person (15 a page, §9). */
export const treeStories = pgTable(
  'tree_stories',
  {
    id: text('id').primaryKey(),
    treeId: text('tree_id')
      .notNull()
      .references(() => familyTrees.id, { onDelete: 'cascade' }),
    personId: text('person_id')
      .notNull()
      .references(() => treePersons.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('tree_stories_person_idx').on(t.personId, t.createdAt)],
);

/** §3 photo album of a tree person: uploaded pictures (/uploads/genealogy/…) with a caption. */
export const treePhotos = pgTable(
  'tree_photos',
  {
    id: text('id').primaryKey(),
    treeId: text('tree_id')
      .notNull()
      .references(() => familyTrees.id, { onDelete: 'cascade' }),
    personId: text('person_id')
      .notNull()
      .references(() => treePersons.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    caption: text('caption').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('tree_photos_person_idx').on(t.personId, t.createdAt)],
);

/**
 * §3 tree file resources: documents and scans (族谱 pages, certificates, letters) attached to a tree or
 * to one of its persons. The bytes are in private storage (`storageKey`) and leave only through the
 * tree's download call, which applies the tree's viewer rules.
 */
export const treeFiles = pgTable(
  'tree_files',
  {
    id: text('id').primaryKey(),
    treeId: text('tree_id')
      .notNull()
      .references(() => familyTrees.id, { onDelete: 'cascade' }),
    /** Null: a file of the whole tree. */
    personId: text('person_id').references(() => treePersons.id, { onDelete: 'cascade' }),
    /** Who uploaded it (an owner or editor): account deletion removes their uploads too. */
    uploaderUserId: text('uploader_user_id').references(() => users.id, { onDelete: 'set null' }),
    sourceType: text('source_type').notNull(),
    title: text('title').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('tree_files_tree_idx').on(t.treeId, t.createdAt), index('tree_files_person_idx').on(t.personId)],
);

/** A GEDCOM import: the uploaded file (private storage), its job's progress and report. */
export const gedcomImports = pgTable(
  'gedcom_imports',
  {
    id: text('id').primaryKey(),
    treeId: text('tree_id')
      .notNull()
      .references(() => familyTrees.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    state: text('state').notNull().$type<'queued' | 'running' | 'done' | 'failed'>(),
    processed: integer('processed').notNull().default(0),
    total: integer('total').notNull().default(0),
    error: text('error'),
    report: jsonb('report'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('gedcom_imports_tree_idx').on(t.treeId)],
);

/** 寻亲 registration: what someone looking for a lost relative knows. */
export const reunionEntries = pgTable(
  'reunion_entries',
  {
    id: text('id').primaryKey(),
    ownerUserId: text('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    soughtSurname: text('sought_surname').notNull(),
    soughtName: text('sought_name').notNull().default(''),
    soughtSex: text('sought_sex').notNull().$type<'male' | 'female' | 'unknown'>(),
    relation: text('relation').notNull(),
    lostDate: jsonb('lost_date').$type<TreeDateValue>(),
    lostPlace: jsonb('lost_place').$type<PersonBirthplace>(),
    birthPlace: jsonb('birth_place').$type<PersonBirthplace>(),
    story: text('story').notNull(),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    personId: text('person_id').references(() => persons.id, { onDelete: 'set null' }),
    contactOpen: boolean('contact_open').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('reunion_entries_owner_idx').on(t.ownerUserId), index('reunion_entries_surname_idx').on(t.soughtSurname)],
);
