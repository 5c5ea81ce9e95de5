import {
  SURNAME_HAPLOGROUP_MIN_USERS,
  type SurnameField,
  type SurnameHaplogroup,
  type SurnameSummary,
  type SurnameView,
} from '@jiyin/contracts/libraryApi';
import { type Db, schema } from '@jiyin/db';
import { and, asc, count, desc, eq, isNotNull, isNull, like, ne, or, sql } from 'drizzle-orm';
import { REGIONS } from '../persons/regions.ts';
import { COMPOUND_SURNAMES } from '../relatives/profile.ts';

const { surnames, surnameHistory, families, persons, genomes, relativeConsents } = schema;

const HAN = /\p{Script=Han}/u;

const summaryColumns = {
  name: surnames.name,
  pinyin: surnames.pinyin,
  rank: surnames.rank,
  share: surnames.share,
  junwang: surnames.junwang,
};
/** Ranked surnames first (by rank), then in 《百家姓》 order, then the rest. */
const libraryOrder = [sql`${surnames.rank} asc nulls last`, sql`${surnames.baijiaxingOrder} asc nulls last`, asc(surnames.name)];

/**
 * Search by character (a surname starting with what was typed), full pinyin (zhang, ouyang; tone marks,
 * spaces and ü/v tolerated) or initials (z, oy). Exact matches come first.
 */
export async function searchSurnames(db: Db, q: string, limit: number): Promise<SurnameSummary[]> {
  if (HAN.test(q)) {
    return db
      .select(summaryColumns)
      .from(surnames)
      .where(like(surnames.name, `${q}%`))
      .orderBy(sql`${surnames.name} = ${q} desc`, ...libraryOrder)
      .limit(limit);
  }
  const letters = q
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ü/g, 'v')
    .replace(/[^a-z]/g, '');
  if (!letters) return [];
  return db
    .select(summaryColumns)
    .from(surnames)
    .where(or(like(surnames.pinyinPlain, `${letters}%`), eq(surnames.initials, letters)))
    .orderBy(sql`${surnames.pinyinPlain} = ${letters} desc`, sql`${surnames.initials} = ${letters} desc`, ...libraryOrder)
    .limit(limit);
}

export async function topSurnames(db: Db, limit: number): Promise<SurnameSummary[]> {
  return db
    .select(summaryColumns)
    .from(surnames)
    .orderBy(...libraryOrder)
    .limit(limit);
}

/**
 * Y haplogroups among consenting users whose tested person carries this surname: consent is an open
 * gene-relatives consent with clan relations on (the user agreed to be compared by Y lineage). Counts
 * distinct users in SQL; a haplogroup fewer than SURNAME_HAPLOGROUP_MIN_USERS users share is left out.
 * The surname is read from the name as surnameOf does: a known two-character surname when the name
 * is longer than it, else the first character (so 欧阳娜娜 counts for 欧阳, not 欧).
 */
export async function surnameHaplogroups(db: Db, surname: string): Promise<SurnameHaplogroup[]> {
  const name = persons.name;
  const isCompound = COMPOUND_SURNAMES.has(surname);
  const longerCompounds = [...COMPOUND_SURNAMES].filter((c) => c.startsWith(surname) && c !== surname);
  const bySurname = isCompound
    ? and(like(name, `${surname}%`), sql`char_length(${name}) > 2`)
    : and(
        like(name, `${surname}%`),
        longerCompounds.length
          ? sql`not (char_length(${name}) > 2 and left(${name}, 2) in (${sql.join(
              longerCompounds.map((c) => sql`${c}`),
              sql`, `,
            )}))`
          : undefined,
      );
  const users = sql<number>`count(distinct ${persons.ownerUserId})`;
  const rows = await db
    .select({ haplogroup: genomes.yHaplogroup, users })
    .from(persons)
    .innerJoin(genomes, eq(genomes.personId, persons.id))
    .innerJoin(relativeConsents, eq(relativeConsents.personId, persons.id))
    .where(
      and(bySurname, isNotNull(genomes.yHaplogroup), isNull(relativeConsents.withdrawnAt), eq(relativeConsents.openClanRelation, true)),
    )
    .groupBy(genomes.yHaplogroup)
    .having(sql`${users} >= ${SURNAME_HAPLOGROUP_MIN_USERS}`);
  return rows
    .map((r) => ({ haplogroup: r.haplogroup as string, users: Number(r.users) }))
    .sort((a, b) => b.users - a.users || a.haplogroup.localeCompare(b.haplogroup));
}

export async function surnameView(db: Db, name: string): Promise<SurnameView | null> {
  const [row] = await db.select().from(surnames).where(eq(surnames.name, name));
  if (!row) return null;
  const sameJunwang = [];
  for (const junwang of row.junwang) {
    const others = await db
      .select({ name: surnames.name })
      .from(surnames)
      .where(and(ne(surnames.name, name), sql`${surnames.junwang} @> ${JSON.stringify([junwang])}::jsonb`))
      .orderBy(...libraryOrder)
      .limit(30);
    sameJunwang.push({ junwang, surnames: others.map((o) => o.name) });
  }
  const history = await db
    .select()
    .from(surnameHistory)
    .where(eq(surnameHistory.surname, name))
    .orderBy(desc(surnameHistory.createdAt))
    .limit(50);
  const [{ n }] = await db.select({ n: count() }).from(families).where(eq(families.surname, name));
  return {
    name: row.name,
    pinyin: row.pinyin,
    pinyinPlain: row.pinyinPlain,
    initials: row.initials,
    rank: row.rank,
    share: row.share,
    population: row.population,
    statsSource: row.statsSource,
    baijiaxingOrder: row.baijiaxingOrder,
    junwang: row.junwang,
    founder: row.founder,
    tanghao: row.tanghao,
    largestInProvinces: row.largestInProvinces.map((short) => {
      const province = REGIONS.find((r) => r.name.startsWith(short));
      return { name: short, code: province?.code ?? '' };
    }),
    figures: row.figures,
    living: row.living,
    related: row.related,
    sameJunwang,
    fieldSources: row.fieldSources,
    haplogroups: await surnameHaplogroups(db, name),
    families: Number(n),
    history: history.map((h) => ({
      id: h.id,
      field: h.field as SurnameField,
      before: h.before,
      after: h.after,
      source: h.source,
      createdAt: h.createdAt.toISOString(),
    })),
  };
}
