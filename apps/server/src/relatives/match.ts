import { NEW_RELATIVE_NOTICE_TYPE, RELATIVES_FOUND_NOTICE_TYPE } from '@jiyin/contracts/relativesApi';
import { type Db, schema } from '@jiyin/db';
import type { LayoutHit } from '@jiyin/genome';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { RELATIVES_MATCH_JOB } from '../imports/pipeline.ts';
import { matchedBarcodeOf } from './consent.ts';
import { admittedGenomes, screenHits } from './guard.ts';
import { displayName, relativeAvatar, showingFullName } from './profile.ts';
import { notify, PERSON_SLOT } from '../notifications/service.ts';
import type { ListedGenome, MatchFigures } from './memory.ts';
import { layoutBytes, listEligibleGenomes, packedGenomes, READ_CHUNK } from './stored.ts';

const { genomes, relativeConsents, relativeMatches, persons } = schema;

export interface RelativesMatchPayload {
  barcode: string;
}

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/** Match rows written per insert. */
const WRITE_BATCH = 500;

export interface MatchRunStats extends MatchFigures {
  /** Relatives found that were not matched before (each got a notice). */
  newRelatives: number;
  /** Listing the eligible genomes (metadata). */
  listMs: number;
  /** Waiting for the layouts and the genomes the matching thread lacked to be read. */
  readMs: number;
  writeMs: number;
  /** The whole job, from its first read to its last write. */
  totalMs: number;
}

interface Hit extends LayoutHit {
  barcode: string;
  personId: string;
}
type Graded = Hit & { relationship: NonNullable<Hit['relationship']> };

/**
 * Whether a stored genome may be compared with the query: another person's. The eligible set
 * itself (consent, newest genome, repacked) is listed in stored.ts; rules on a pair go here.
 */
function mayMatch(me: { personId: string }, other: ListedGenome): boolean {
  return other.personId !== me.personId;
}

/**
 * DNA shared as 23andMe and others show it: half-identical plus fully identical cM over twice the
 * autosomal length, so parent/child and full siblings both come out near 50%.
 */
function sharedPercent(h: LayoutHit): number {
  return ((h.fraction + h.ibd2Fraction) / 2) * 100;
}

/**
 * The matching job of one detection: when its person takes part and this is their newest genome,
 * project it once onto each chip layout the consenting persons' newest genomes are stored on and
 * compare it with every genome of that layout, then replace the person's matches (both ways) and
 * tell the owners about relatives found for the first time (types 7 and 17). Idempotent: a second
 * run rewrites the same rows, keeps when each was first found and sends no notice again. Pairs whose
 * chips share too few markers are stored with `insufficientOverlap` and no grade, and send no notice.
 */
export async function runRelativesMatch(deps: Deps, barcode: string, log?: Log): Promise<MatchRunStats | null> {
  const { db } = deps.database;
  const started = performance.now();
  // Its bytes are read once it is sure to be matched (a person may have left since the job was queued).
  const [row] = await db
    .select({ personId: genomes.personId, layoutId: genomes.layoutId })
    .from(genomes)
    .where(eq(genomes.barcode, barcode));
  if (!row) return null;
  const personId = row.personId;
  const [consent] = await db
    .select()
    .from(relativeConsents)
    .where(and(eq(relativeConsents.personId, personId), isNull(relativeConsents.withdrawnAt)));
  if (!consent) return null;
  // An older detection of the person: the newest one's job stands for the person.
  if ((await matchedBarcodeOf(deps, personId)) !== barcode) return null;
  // Held by the gate, or the account is paused: never matched (guard.ts).
  if (!(await admittedGenomes(deps, [barcode])).has(barcode)) return null;
  if (!row.layoutId) {
    log?.warn({ barcode }, 'relatives: genome not yet on its chip layout (the repack job moves it), not matched');
    return null;
  }
  const [mine] = await db.select({ packed: genomes.packed }).from(genomes).where(eq(genomes.barcode, barcode));
  if (!mine) return null;

  log?.info({ barcode }, 'relatives matching');
  // The matching thread holds the consenting genomes between jobs; this thread lists who is
  // eligible now, reads what the thread lacks and feeds it, then stores what it found.
  const me = { personId };
  let readMs = 0;
  let listMs = 0;
  let listed: ListedGenome[] = [];
  const { hits: found, figures } = await deps.pool.match(async (m) => {
    let t = performance.now();
    listed = await listEligibleGenomes(db);
    listMs = performance.now() - t;
    const { needLayouts, missing } = await m.begin({
      budgetBytes: deps.config.relativesCacheMb * 1024 * 1024,
      threads: deps.config.relativesThreads,
      query: { layoutId: row.layoutId as string, packed: mine.packed },
      listed,
      skip: listed.filter((g) => !mayMatch(me, g)).map((g) => g.barcode),
    });
    t = performance.now();
    const layouts = await layoutBytes(db, needLayouts);
    readMs += performance.now() - t;
    if (layouts.length) await m.feed({ layouts });
    // The next chunk is read while the thread stores this one (a cold start reads every genome).
    const read = (i: number) => {
      if (i >= missing.length) return null;
      const rows = packedGenomes(deps.database, missing.slice(i, i + READ_CHUNK));
      // Not awaited if a feed fails first: that failure is the job's, this one is only dropped.
      rows.catch(() => undefined);
      return rows;
    };
    let next = read(0);
    for (let i = 0; next; i += READ_CHUNK) {
      t = performance.now();
      const rows = await next;
      readMs += performance.now() - t;
      next = read(i + READ_CHUNK);
      await m.feed({ genomes: rows });
    }
    return m.end();
  });
  const owners = new Map(listed.map((g) => [g.barcode, g.personId]));
  const hits: Hit[] = found.map((h) => ({ ...h, barcode: h.id, personId: owners.get(h.id) as string }));
  const stats: MatchRunStats = {
    ...figures,
    matchMs: Math.round(figures.matchMs),
    listMs: Math.round(listMs),
    readMs: Math.round(readMs),
    newRelatives: 0,
    writeMs: 0,
    totalMs: 0,
  };

  const t = performance.now();
  const shown = await screenHits(deps, { barcode, personId }, hits, log);
  stats.newRelatives = await storeMatches(deps, { barcode, personId }, shown);
  stats.writeMs = Math.round(performance.now() - t);
  stats.totalMs = Math.round(performance.now() - started);
  log?.info({ barcode, ...stats, heldMB: Math.round(stats.heldBytes / 1048576) }, 'relatives matched');
  return stats;
}

/** Replaces the person's matches with `hits` (both ways) and sends the notices; answers how many relatives are new. */
async function storeMatches(deps: Deps, me: { barcode: string; personId: string }, hits: Hit[]): Promise<number> {
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    // Consents are re-read under a share lock: a withdrawal waits for this write (and then deletes
    // what it wrote) or happened before it (and nothing is written for that person).
    const locked = await tx
      .select({ personId: relativeConsents.personId })
      .from(relativeConsents)
      .where(and(inArray(relativeConsents.personId, [me.personId, ...hits.map((h) => h.personId)]), isNull(relativeConsents.withdrawnAt)))
      .for('share');
    const live = new Set(locked.map((r) => r.personId));
    if (!live.has(me.personId)) return 0;
    const kept = hits.filter((h) => live.has(h.personId));

    const before = await tx
      .select({ relativePersonId: relativeMatches.relativePersonId, createdAt: relativeMatches.createdAt })
      .from(relativeMatches)
      .where(eq(relativeMatches.personId, me.personId));
    const foundAt = new Map(before.map((r) => [r.relativePersonId, r.createdAt]));
    await tx
      .delete(relativeMatches)
      .where(or(eq(relativeMatches.personId, me.personId), eq(relativeMatches.relativePersonId, me.personId)));

    const rows = kept.flatMap((h) => {
      const figures = {
        sharedCm: h.sharedCM,
        longestCm: h.longestCM,
        segmentCount: h.segments.length,
        sharedPercent: sharedPercent(h),
        grade: h.relationship?.grade ?? null,
        overlapMarkers: h.overlapMarkers,
        insufficientOverlap: h.insufficientOverlap,
        segments: h.segments.map((s) => ({ chrom: s.chrom, start: s.start, end: s.end, cM: s.cM, markers: s.markers })),
        createdAt: foundAt.get(h.personId) ?? now,
      };
      return [
        { barcode: me.barcode, relativeBarcode: h.barcode, personId: me.personId, relativePersonId: h.personId, ...figures },
        { barcode: h.barcode, relativeBarcode: me.barcode, personId: h.personId, relativePersonId: me.personId, ...figures },
      ];
    });
    for (let i = 0; i < rows.length; i += WRITE_BATCH) {
      const batch = rows.slice(i, i + WRITE_BATCH);
      // Another process's job for one of these relatives may have written the pair meanwhile.
      await tx
        .insert(relativeMatches)
        .values(batch)
        .onConflictDoUpdate({
          target: [relativeMatches.barcode, relativeMatches.relativeBarcode],
          set: {
            sharedCm: sql`excluded.shared_cm`,
            longestCm: sql`excluded.longest_cm`,
            segmentCount: sql`excluded.segment_count`,
            sharedPercent: sql`excluded.shared_percent`,
            grade: sql`excluded.grade`,
            overlapMarkers: sql`excluded.overlap_markers`,
            insufficientOverlap: sql`excluded.insufficient_overlap`,
            segments: sql`excluded.segments`,
          },
        });
    }

    // A pair that cannot be judged (too few shared markers) is listed but announces no relative.
    const fresh = kept.filter((h): h is Graded => !foundAt.has(h.personId) && h.relationship !== null);
    if (fresh.length) await notifyFound(tx, now, me, fresh);
    return fresh.length;
  });
}

/**
 * §9 notices: type 7 tells the new person's owner how many relatives were found; type 17 tells each
 * relative's owner that a new relative appeared, under the name that person chose to show.
 */
async function notifyFound(tx: Db, now: Date, me: { barcode: string; personId: string }, fresh: Graded[]): Promise<void> {
  const ids = [me.personId, ...fresh.map((h) => h.personId)];
  const people = new Map(
    (
      await tx
        .select({ id: persons.id, name: persons.name, gender: persons.gender, ownerUserId: persons.ownerUserId })
        .from(persons)
        .where(inArray(persons.id, ids))
    ).map((p) => [p.id, p]),
  );
  const self = people.get(me.personId);
  if (!self) return;
  const selfShown = displayName(self, (await showingFullName(tx, [me.personId])).has(me.personId));
  await notify(tx, [
    {
      userId: self.ownerUserId,
      type: RELATIVES_FOUND_NOTICE_TYPE,
      title: '发现基因亲人',
      content: `${PERSON_SLOT}新发现 ${fresh.length} 位基因亲人，点击查看你们共享的 DNA 和可能的关系`,
      relatedId: me.barcode,
      personId: me.personId,
      webviewUrl: `/report/gene-relatives?barcode=${me.barcode}`,
      createdAt: now,
    },
    ...fresh.flatMap((h) => {
      const relative = people.get(h.personId);
      if (!relative) return [];
      return [
        {
          userId: relative.ownerUserId,
          type: NEW_RELATIVE_NOTICE_TYPE,
          title: '发现一位新的基因亲人',
          content: `${PERSON_SLOT}有一位新的基因亲人：${selfShown}，关系等级 ${h.relationship.grade}（${h.relationship.meaning}）`,
          relatedId: h.barcode,
          personId: h.personId,
          fromUser: { name: selfShown, avatar: relativeAvatar(self.gender) },
          webviewUrl: `/report/gene-relatives?barcode=${h.barcode}`,
          createdAt: now,
        },
      ];
    }),
  ]);
}

/** The matching worker: one job at a time per process (a scan reads every consenting genome). */
export async function registerRelativesWorker(deps: Deps, log?: Log): Promise<void> {
  await deps.queue.work<RelativesMatchPayload>(RELATIVES_MATCH_JOB, async (p) => {
    await runRelativesMatch(deps, p.barcode, log);
  });
}
