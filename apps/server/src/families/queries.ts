import {
  FAMILY_PAGE_SIZE,
  FAMILY_STAR_FLAGS,
  type FamilyFilterFlag,
  type FamilyListView,
  type FamilySort,
  type FamilySummary,
  type FamilyType,
} from '@jiyin/contracts/libraryApi';
import { type Db, schema } from '@jiyin/db';
import { and, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { ApiError } from '../http/errors.ts';

const { families, familyClaims, kits, persons, users } = schema;

export type FamilyRow = typeof families.$inferSelect;

// Written with explicit aliases: inside a selected field drizzle leaves columns unqualified, which in a
// subquery would bind to the subquery's own table.
const familyIdRef = sql.raw('"families"."id"');
const hasGenealogies = sql<boolean>`exists (select 1 from family_materials fm where fm.family_id = ${familyIdRef} and fm.kind = 'genealogy')`;
const claimCount = sql<number>`(select count(*) from family_claims fc where fc.family_id = ${familyIdRef} and fc.status = 'CLAIMED')`;
const hasCelebrity = sql<boolean>`jsonb_array_length(${families.celebrities}) > 0`;

/** §3 Family filter, each flag as SQL over the family row. */
const FLAG_SQL: Record<FamilyFilterFlag, SQL> = {
  hasGenerationName: sql`${families.generationNames} is not null`,
  hasGenealogies,
  hasAncestor: sql`${families.ancestor} is not null`,
  hasHaplogroup: sql`${families.haplogroup} is not null`,
  researching: sql`${families.researching}`,
  hasCelebrity,
};
const SORT_SQL: Record<FamilySort, SQL[]> = {
  UPDATE_DATE_DESC: [sql`${families.updatedAt} desc`],
  CREATE_DATE_DESC: [sql`${families.createdAt} desc`],
  CLAIM_COUNT_DESC: [sql`${claimCount} desc`, sql`${families.updatedAt} desc`],
};

const summarySelect = {
  row: families,
  hasGenealogies,
  claims: claimCount,
};

export function summaryOf(row: FamilyRow, genealogies: boolean, claims: number): FamilySummary {
  const flags = {
    hasGenerationName: row.generationNames !== null,
    hasGenealogies: genealogies,
    hasAncestor: row.ancestor !== null,
    hasHaplogroup: row.haplogroup !== null,
    hasCelebrity: row.celebrities.length > 0,
  };
  return {
    id: row.id,
    name: row.name,
    surname: row.surname,
    type: row.type,
    demo: row.demo,
    origin: row.origin,
    haplogroup: row.haplogroup,
    generationNames: row.generationNames,
    ancestor: row.ancestor,
    researching: row.researching,
    hasGenealogies: genealogies,
    hasCelebrity: flags.hasCelebrity,
    stars: FAMILY_STAR_FLAGS.filter((f) => flags[f]).length,
    claims: Number(claims),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Flags a family lacks, by the star list. */
export function missingStars(s: FamilySummary) {
  const have = {
    hasGenerationName: s.generationNames !== null,
    hasGenealogies: s.hasGenealogies,
    hasAncestor: s.ancestor !== null,
    hasHaplogroup: s.haplogroup !== null,
    hasCelebrity: s.hasCelebrity,
  };
  return FAMILY_STAR_FLAGS.filter((f) => !have[f]);
}

export async function familyList(
  db: Db,
  q: { type?: FamilyType; keyword?: string; sortType: FamilySort; page: number } & Partial<Record<FamilyFilterFlag, boolean>>,
): Promise<FamilyListView> {
  const where: SQL[] = [];
  if (q.type) where.push(eq(families.type, q.type));
  if (q.keyword) {
    const k = `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(eq(families.surname, q.keyword), ilike(families.name, k), ilike(families.origin, k), ilike(families.haplogroup, k)) as SQL,
    );
  }
  for (const flag of Object.keys(FLAG_SQL) as FamilyFilterFlag[]) {
    if (q[flag] === true) where.push(FLAG_SQL[flag]);
    if (q[flag] === false) where.push(sql`not (${FLAG_SQL[flag]})`);
  }
  const cond = where.length ? and(...where) : undefined;
  const [{ n }] = await db.select({ n: count() }).from(families).where(cond);
  const rows = await db
    .select(summarySelect)
    .from(families)
    .where(cond)
    .orderBy(...SORT_SQL[q.sortType], families.id)
    .limit(FAMILY_PAGE_SIZE)
    .offset((q.page - 1) * FAMILY_PAGE_SIZE);
  return {
    list: rows.map((r) => summaryOf(r.row, r.hasGenealogies, r.claims)),
    total: Number(n),
    page: q.page,
    size: FAMILY_PAGE_SIZE,
  };
}

export async function familySummary(db: Db, id: string): Promise<{ row: FamilyRow; summary: FamilySummary }> {
  const [r] = await db.select(summarySelect).from(families).where(eq(families.id, id));
  if (!r) throw new ApiError('NOT_FOUND', '家族不存在');
  return { row: r.row, summary: summaryOf(r.row, r.hasGenealogies, r.claims) };
}

export async function isStaff(db: Db, userId: string): Promise<boolean> {
  const [u] = await db.select({ staff: users.staff }).from(users).where(eq(users.id, userId));
  return Boolean(u?.staff);
}

/** A kit barcode whose person the user owns: what claims and leads are made for. */
export async function ownedBarcode(db: Db, userId: string, barcode: string): Promise<{ personId: string; name: string }> {
  const [row] = await db
    .select({ personId: persons.id, name: persons.name })
    .from(kits)
    .innerJoin(persons, eq(persons.id, kits.personId))
    .where(and(eq(kits.barcode, barcode), eq(persons.ownerUserId, userId)));
  if (!row) throw new ApiError('NOT_FOUND', '检测人不存在');
  return row;
}

/** Owner or staff may edit the family itself; a demo family (no owner) only staff. */
export async function canEditFamily(db: Db, family: FamilyRow, userId: string | null): Promise<boolean> {
  if (!userId) return false;
  return family.ownerUserId === userId || (await isStaff(db, userId));
}

/** Who may add materials, history and projects: the editors, and users with a person who claimed it. */
export async function canContribute(db: Db, family: FamilyRow, userId: string | null): Promise<boolean> {
  if (!userId) return false;
  if (await canEditFamily(db, family, userId)) return true;
  const [c] = await db
    .select({ id: familyClaims.id })
    .from(familyClaims)
    .where(and(eq(familyClaims.familyId, family.id), eq(familyClaims.userId, userId), eq(familyClaims.status, 'CLAIMED')))
    .limit(1);
  return Boolean(c);
}
