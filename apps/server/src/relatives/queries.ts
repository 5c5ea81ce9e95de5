import { createHash } from 'node:crypto';
import {
  RELATIVES_PAGE_SIZE,
  type RelativeDetailView,
  type RelativeGrade,
  type RelativeSegment,
  type RelativeSort,
  type RelativeSummary,
} from '@jiyin/contracts/relativesApi';
import { CODES } from '@jiyin/contracts/codes';
import { type Db, type PersonBirthplace, schema } from '@jiyin/db';
import { type Chrom, GRADES, GRCH37_LENGTH, HALF_IBD_DEFAULTS } from '@jiyin/genome';
import { and, asc, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { relativeProfile, showingFullName } from './profile.ts';

const { relativeMatches, relativeConsents, persons, genomes } = schema;

/** The §9 grade table as the engine holds it (one source). */
export const GRADE_TABLE: RelativeGrade[] = GRADES.map((g) => ({ grade: g.grade, meaning: g.meaning, timeframe: g.timeframe }));
export const isGrade = (grade: string): boolean => GRADE_TABLE.some((g) => g.grade === grade);

function gradeRow(grade: string): RelativeGrade {
  return GRADE_TABLE.find((g) => g.grade === grade) ?? { grade, meaning: '—', timeframe: '—' };
}

/**
 * A match's id as pages see it: opaque, different for each viewer of the same relative, and not
 * reversible to a barcode or person id (person ids are random UUIDs the viewer never learns).
 */
export function matchId(personId: string, relativePersonId: string): string {
  return createHash('sha256').update(`${personId}:${relativePersonId}`).digest('hex').slice(0, 32);
}
const matchIdSql = sql<string>`left(encode(sha256(convert_to(${relativeMatches.personId} || ':' || ${relativeMatches.relativePersonId}, 'UTF8')), 'hex'), 32)`;

/** Sorts of §9 (similarity by default); the relative's person id breaks ties so pages never overlap. */
const ORDER: Record<RelativeSort, SQL[]> = {
  SIMILARITY: [desc(relativeMatches.sharedPercent), desc(relativeMatches.sharedCm)],
  SHARED_CM: [desc(relativeMatches.sharedCm)],
  LONGEST_SEGMENT: [desc(relativeMatches.longestCm), desc(relativeMatches.sharedCm)],
  NEWEST: [desc(relativeMatches.createdAt), desc(relativeMatches.sharedCm)],
};

const mine = alias(relativeConsents, 'mine');
const theirs = alias(relativeConsents, 'theirs');
const myGenome = alias(genomes, 'my_genome');
const theirGenome = alias(genomes, 'their_genome');

/**
 * Only matches anyone may see: both persons take part right now (withdrawal hides at once, whatever
 * rows remain), and both detections still hold their genome (deleting a person or their genetic
 * data takes the match with it).
 */
function visible<T extends PgSelect>(q: T) {
  return q
    .innerJoin(mine, and(eq(mine.personId, relativeMatches.personId), isNull(mine.withdrawnAt)))
    .innerJoin(theirs, and(eq(theirs.personId, relativeMatches.relativePersonId), isNull(theirs.withdrawnAt)))
    .innerJoin(myGenome, and(eq(myGenome.barcode, relativeMatches.barcode), eq(myGenome.personId, relativeMatches.personId)))
    .innerJoin(
      theirGenome,
      and(eq(theirGenome.barcode, relativeMatches.relativeBarcode), eq(theirGenome.personId, relativeMatches.relativePersonId)),
    )
    .innerJoin(persons, eq(persons.id, relativeMatches.relativePersonId));
}

const SUMMARY_FIELDS = {
  personId: relativeMatches.personId,
  relativePersonId: relativeMatches.relativePersonId,
  sharedCm: relativeMatches.sharedCm,
  longestCm: relativeMatches.longestCm,
  segmentCount: relativeMatches.segmentCount,
  sharedPercent: relativeMatches.sharedPercent,
  grade: relativeMatches.grade,
  overlapMarkers: relativeMatches.overlapMarkers,
  insufficientOverlap: relativeMatches.insufficientOverlap,
  createdAt: relativeMatches.createdAt,
  name: persons.name,
  gender: persons.gender,
  birthplace: persons.birthplace,
  yHaplogroup: theirGenome.yHaplogroup,
  mtHaplogroup: theirGenome.mtHaplogroup,
};
interface SummaryRow {
  personId: string;
  relativePersonId: string;
  sharedCm: number;
  longestCm: number;
  segmentCount: number;
  sharedPercent: number;
  grade: string | null;
  overlapMarkers: number;
  insufficientOverlap: boolean;
  createdAt: Date;
  name: string;
  gender: 'male' | 'female';
  birthplace: PersonBirthplace | null;
  yHaplogroup: string | null;
  mtHaplogroup: string | null;
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const round2 = (x: number) => Math.round(x * 100) / 100;

function summaryOf(r: SummaryRow, fullName: boolean): RelativeSummary {
  return {
    id: matchId(r.personId, r.relativePersonId),
    relative: relativeProfile(
      {
        name: r.name,
        gender: r.gender,
        birthplace: r.birthplace,
        yHaplogroup: r.yHaplogroup,
        mtHaplogroup: r.mtHaplogroup,
      },
      fullName,
    ),
    sharedCm: round1(r.sharedCm),
    sharedPercent: round2(r.sharedPercent),
    segmentCount: r.segmentCount,
    longestCm: round1(r.longestCm),
    overlapMarkers: r.overlapMarkers,
    insufficientOverlap: r.insufficientOverlap,
    grade: r.grade === null || r.insufficientOverlap ? null : gradeRow(r.grade),
    foundAt: r.createdAt.toISOString(),
  };
}

/** One page (10) of a person's visible relatives, with how many there are under the filter. */
export async function relativesPage(
  db: Db,
  personId: string,
  opts: { page: number; sort: RelativeSort; grade: string | null },
): Promise<{ total: number; list: RelativeSummary[] }> {
  const where = and(eq(relativeMatches.personId, personId), opts.grade ? eq(relativeMatches.grade, opts.grade) : undefined);
  const [{ n }] = await visible(db.select({ n: count() }).from(relativeMatches).$dynamic()).where(where);
  const rows = await visible(db.select(SUMMARY_FIELDS).from(relativeMatches).$dynamic())
    .where(where)
    .orderBy(...ORDER[opts.sort], asc(relativeMatches.relativePersonId))
    .limit(RELATIVES_PAGE_SIZE)
    .offset((opts.page - 1) * RELATIVES_PAGE_SIZE);
  const full = await showingFullName(
    db,
    rows.map((r) => r.relativePersonId),
  );
  return { total: Number(n), list: rows.map((r) => summaryOf(r, full.has(r.relativePersonId))) };
}

/** Chromosomes the painting draws: the autosomes and X, at their GRCh37 lengths. */
const PAINTED = [...Array.from({ length: 22 }, (_, i) => String(i + 1)), 'X'] as Chrom[];
const CHROMOSOMES = PAINTED.map((chrom) => ({ chrom, length: GRCH37_LENGTH[chrom] }));

/** Boundaries are shown to this grain (0.1 Mb), rounded outwards. */
export const SEGMENT_GRAIN_BP = 100_000;

/**
 * What a relative learns of the shared segments: those of at least the match threshold only, with
 * boundaries rounded outwards to SEGMENT_GRAIN_BP, and no marker counts (nothing per marker).
 */
export function revealedSegments(segments: { chrom: string; start: number; end: number; cM: number }[]): RelativeSegment[] {
  return segments
    .filter((s) => s.cM >= HALF_IBD_DEFAULTS.minCM)
    .map((s) => ({
      chrom: s.chrom,
      start: Math.floor(s.start / SEGMENT_GRAIN_BP) * SEGMENT_GRAIN_BP,
      end: Math.ceil(s.end / SEGMENT_GRAIN_BP) * SEGMENT_GRAIN_BP,
      cM: round1(s.cM),
    }));
}

/** One visible match of the person by its id; null when there is none (or it is not visible). */
export async function relativeDetail(db: Db, personId: string, id: string, viewerUserId: string): Promise<RelativeDetailView | null> {
  const [row] = await visible(
    db
      .select({ ...SUMMARY_FIELDS, segments: relativeMatches.segments, ownerUserId: persons.ownerUserId })
      .from(relativeMatches)
      .$dynamic(),
  )
    .where(and(eq(relativeMatches.personId, personId), eq(matchIdSql, id)))
    .limit(1);
  if (!row) return null;
  const full = await showingFullName(db, [row.relativePersonId]);
  return {
    ...summaryOf(row, full.has(row.relativePersonId)),
    segments: revealedSegments(row.segments),
    chromosomes: CHROMOSOMES,
    // §5: a relative bound to the viewer's own account cannot be messaged.
    chat: row.ownerUserId === viewerUserId ? { available: false, note: CODES.CHAT_SELF.msg } : { available: true, note: '' },
  };
}

/** The relative's person behind a match id of this person's list, while both still take part; else null. */
export async function matchedPersonOf(db: Db, personId: string, id: string): Promise<string | null> {
  const [row] = await visible(db.select({ relativePersonId: relativeMatches.relativePersonId }).from(relativeMatches).$dynamic())
    .where(and(eq(relativeMatches.personId, personId), eq(matchIdSql, id)))
    .limit(1);
  return row?.relativePersonId ?? null;
}

/** Whether two persons are gene relatives of each other right now (both consenting, both genomes kept). */
export async function areRelatives(db: Db, personId: string, relativePersonId: string): Promise<boolean> {
  const [row] = await visible(db.select({ n: relativeMatches.personId }).from(relativeMatches).$dynamic())
    .where(and(eq(relativeMatches.personId, personId), eq(relativeMatches.relativePersonId, relativePersonId)))
    .limit(1);
  return Boolean(row);
}

/** What two persons share when they are gene relatives of each other right now (the family tree's DNA check). */
export async function sharedBetween(
  db: Db,
  personId: string,
  relativePersonId: string,
): Promise<{ sharedCm: number; grade: string | null } | null> {
  const [row] = await visible(
    db.select({ sharedCm: relativeMatches.sharedCm, grade: relativeMatches.grade }).from(relativeMatches).$dynamic(),
  )
    .where(and(eq(relativeMatches.personId, personId), eq(relativeMatches.relativePersonId, relativePersonId)))
    .limit(1);
  return row ?? null;
}
