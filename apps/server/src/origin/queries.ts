import { type PersonBirthplace, schema } from '@jiyin/db';
import { and, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Deps } from '../deps.ts';

const { relativeMatches, relativeConsents, persons, privacySwitches, genomes } = schema;

/** One consenting relative of a detection, with only what origin pages may use. */
export interface RelativeRow {
  /** The relative's matched barcode: used inside the server only, never answered. */
  barcode: string;
  personId: string;
  name: string;
  gender: 'male' | 'female';
  showFullName: boolean;
  grade: string;
  sharedCm: number;
  birthplace: PersonBirthplace | null;
}

/** A live consent: recorded and not withdrawn. */
export async function liveConsent(deps: Deps, personId: string): Promise<{ openClanRelation: boolean } | null> {
  const [row] = await deps.database.db
    .select({ openClanRelation: relativeConsents.openClanRelation })
    .from(relativeConsents)
    .where(and(eq(relativeConsents.personId, personId), isNull(relativeConsents.withdrawnAt)));
  return row ?? null;
}

/** The person's privacy switch showFullName (closed unless turned on, as PRIVACY_FEATURES says). */
export async function showFullNameOf(deps: Deps, personId: string): Promise<boolean> {
  const [row] = await deps.database.db
    .select({ open: privacySwitches.open })
    .from(privacySwitches)
    .where(and(eq(privacySwitches.personId, personId), eq(privacySwitches.feature, 'showFullName')));
  return row?.open ?? false;
}

/**
 * The matches of one detection whose relative still consents and still holds the matched genome
 * (as the gene-relatives list reads them). A withdrawn consent or deleted genetic data drops the
 * relative at once, whatever rows the matching job left behind.
 */
export async function consentingRelatives(deps: Deps, barcode: string, personId: string): Promise<RelativeRow[]> {
  const rows = await deps.database.db
    .select({
      barcode: relativeMatches.relativeBarcode,
      personId: relativeMatches.relativePersonId,
      name: persons.name,
      gender: persons.gender,
      birthplace: persons.birthplace,
      showFullName: privacySwitches.open,
      grade: relativeMatches.grade,
      sharedCm: relativeMatches.sharedCm,
    })
    .from(relativeMatches)
    .innerJoin(relativeConsents, and(eq(relativeConsents.personId, relativeMatches.relativePersonId), isNull(relativeConsents.withdrawnAt)))
    .innerJoin(persons, eq(persons.id, relativeMatches.relativePersonId))
    .innerJoin(genomes, and(eq(genomes.barcode, relativeMatches.relativeBarcode), eq(genomes.personId, relativeMatches.relativePersonId)))
    .leftJoin(privacySwitches, and(eq(privacySwitches.personId, persons.id), eq(privacySwitches.feature, 'showFullName')))
    .where(
      and(
        eq(relativeMatches.barcode, barcode),
        eq(relativeMatches.personId, personId),
        ne(relativeMatches.relativePersonId, personId),
        // A pair whose chips share too few markers is no established relative: it counts nowhere here.
        eq(relativeMatches.insufficientOverlap, false),
      ),
    )
    .orderBy(desc(relativeMatches.sharedCm), relativeMatches.relativePersonId);
  return rows.flatMap(({ grade, ...r }) =>
    grade === null ? [] : [{ ...r, grade, showFullName: r.showFullName ?? false, birthplace: r.birthplace ?? null }],
  );
}

/** Barcodes among `candidates` that the relative `barcode` also matches (their shared matches). */
export async function matchesAmong(deps: Deps, barcode: string, candidates: string[]): Promise<Set<string>> {
  if (!candidates.length) return new Set();
  const rows = await deps.database.db
    .select({ relativeBarcode: relativeMatches.relativeBarcode })
    .from(relativeMatches)
    .where(and(eq(relativeMatches.barcode, barcode), inArray(relativeMatches.relativeBarcode, candidates)));
  return new Set(rows.map((r) => r.relativeBarcode));
}

/** A man who takes part in clan relations: consenting, clan switch on, with a Y haplogroup call. */
export interface ClanCandidateRow {
  personId: string;
  name: string;
  showFullName: boolean;
  haplogroup: string;
  birthplace: PersonBirthplace | null;
}

/** Every clan candidate but the person themself; one genome per person (the newest). */
export async function clanCandidates(deps: Deps, personId: string): Promise<ClanCandidateRow[]> {
  const rows = await deps.database.db
    .select({
      personId: persons.id,
      name: persons.name,
      birthplace: persons.birthplace,
      showFullName: privacySwitches.open,
      haplogroup: genomes.yHaplogroup,
    })
    .from(relativeConsents)
    .innerJoin(persons, eq(persons.id, relativeConsents.personId))
    .innerJoin(genomes, eq(genomes.personId, persons.id))
    .leftJoin(privacySwitches, and(eq(privacySwitches.personId, persons.id), eq(privacySwitches.feature, 'showFullName')))
    .where(
      and(
        isNull(relativeConsents.withdrawnAt),
        eq(relativeConsents.openClanRelation, true),
        eq(persons.gender, 'male'),
        ne(persons.id, personId),
      ),
    )
    .orderBy(persons.id, desc(genomes.createdAt));
  const seen = new Set<string>();
  const out: ClanCandidateRow[] = [];
  for (const r of rows) {
    if (!r.haplogroup || seen.has(r.personId)) continue;
    seen.add(r.personId);
    out.push({ ...r, haplogroup: r.haplogroup, showFullName: r.showFullName ?? false, birthplace: r.birthplace ?? null });
  }
  return out;
}
