import { type CodeName, CODES } from '@jiyin/contracts/codes';
import { type RelativesHoldView, STAFF_RELATIVES_ALERT_NOTICE_TYPE } from '@jiyin/contracts/relativesApi';
import { type Db, type GateReasonRow, schema } from '@jiyin/db';
import type { OneToManyHit, PlausibilityResult } from '@jiyin/genome';
import { and, desc, eq, gt, inArray, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { notify } from '../notifications/service.ts';
import { layoutBytes, packedGenomes } from './stored.ts';

const { relativesGate, relativesPauses, relativeMatches, genomes, persons, rawFiles, users } = schema;

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/** Each reason of the gate as a §8 code (codes.ts), so pages and apps can tell them apart. */
const REASON_CODES: Record<string, CodeName> = {
  HETEROZYGOSITY: 'RELATIVES_HELD_HETEROZYGOSITY',
  NO_CALLS: 'RELATIVES_HELD_NO_CALLS',
  POPULATION_MISMATCH: 'RELATIVES_HELD_POPULATION',
  POPULATION_UNVERIFIABLE: 'RELATIVES_HELD_UNVERIFIABLE',
  SEX_INCONSISTENT: 'RELATIVES_HELD_SEX',
  VENDOR_LAYOUT: 'RELATIVES_HELD_LAYOUT',
  TOO_FEW_MARKERS: 'RELATIVES_TOO_FEW_MARKERS',
  DUPLICATE: 'RELATIVES_HELD_DUPLICATE',
  UPLOAD_LIMIT: 'RELATIVES_HELD_UPLOAD_LIMIT',
  PROBING: 'RELATIVES_HELD_PROBING',
  PENDING: 'RELATIVES_HELD_PENDING',
  PAUSED: 'RELATIVES_PAUSED',
};
export const holdCodeOf = (reason: string): number => CODES[REASON_CODES[reason] ?? 'RELATIVES_HELD_PENDING'].code;

/**
 * A near-identical genome (fully identical over this share of the map) under another account is a
 * copy or an identical twin: held for staff review, never shown to either side.
 */
export const DUPLICATE_IBD2_FRACTION = 0.9;

/** Earlier genomes of the account compared with each new one. */
const PROBE_HISTORY = 20;

const DAY_MS = 24 * 3600 * 1000;

/** The owner's view of a hold: the §8 code of the first reason and every reason in Chinese. */
function holdView(scope: RelativesHoldView['scope'], reasons: GateReasonRow[], since: Date): RelativesHoldView {
  return {
    code: holdCodeOf(reasons[0]?.code ?? 'PENDING'),
    reasons: reasons.map((r) => ({ code: holdCodeOf(r.code), message: r.message })),
    scope,
    since: since.toISOString(),
  };
}

async function staffNotice(db: Db, now: Date, title: string, content: string, relatedId: string): Promise<void> {
  const staff = await db.select({ id: users.id }).from(users).where(eq(users.staff, true));
  if (!staff.length) return;
  await notify(
    db,
    staff.map((s) => ({
      userId: s.id,
      type: STAFF_RELATIVES_ALERT_NOTICE_TYPE,
      title,
      content,
      relatedId,
      webviewUrl: null,
      createdAt: now,
    })),
  );
}

/** Removes every match of these persons, both ways (a hold or a pause hides them at once). */
async function dropMatches(db: Db, personIds: string[]): Promise<void> {
  if (!personIds.length) return;
  await db
    .delete(relativeMatches)
    .where(or(inArray(relativeMatches.personId, personIds), inArray(relativeMatches.relativePersonId, personIds)));
}

/**
 * Pauses an account from gene relatives: its persons' matches go at once, nothing of it is matched
 * until staff release it; an alert goes to the log and to staff.
 */
export async function pauseAccount(
  deps: Deps,
  userId: string,
  code: 'PROBING' | 'VIEWS' | 'CLOSE_MATCHES',
  message: string,
  detail: Record<string, unknown>,
  log?: Log,
): Promise<void> {
  const { db } = deps.database;
  const now = deps.now();
  const made = await db
    .insert(relativesPauses)
    .values({ userId, code, message, detail, createdAt: now })
    .onConflictDoUpdate({
      target: relativesPauses.userId,
      set: { code, message, detail, createdAt: now, releasedAt: null, releasedBy: null },
      where: eq(relativesPauses.userId, userId),
    })
    .returning();
  const mine = await db.select({ id: persons.id }).from(persons).where(eq(persons.ownerUserId, userId));
  await dropMatches(
    db,
    mine.map((p) => p.id),
  );
  log?.warn({ userId, code, ...detail }, 'relatives: account paused (alert)');
  if (made.length) await staffNotice(db, now, '基因亲人异常告警', `账户 ${userId} 已暂停基因亲人：${message}`, userId);
}

/** The live pause of an account, if any. */
async function pauseOf(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(relativesPauses)
    .where(and(eq(relativesPauses.userId, userId), isNull(relativesPauses.releasedAt)));
  return row ?? null;
}

/**
 * The gate step of the import pipeline, after the genome is stored: the plausibility checks of the
 * engine, the upload limits, and the comparison with the account's earlier uploads. Records the
 * verdict (reports stand either way); a held genome never enters matching and its person's old
 * matches go.
 */
export async function gateImport(
  deps: Deps,
  g: {
    barcode: string;
    userId: string;
    personId: string;
    rawFileId: string;
    plausibility: PlausibilityResult;
    /** The genome and its chip layout as just stored, when the caller holds them (the import): not read back from the database. */
    stored?: { layoutId: string; packed: Uint8Array; layout: Uint8Array };
  },
  log?: Log,
  /** False for genomes stored before the gate existed (the repack job): they were not uploaded today. */
  uploadLimits = true,
): Promise<void> {
  const { db } = deps.database;
  const now = deps.now();
  const [file] = await db
    .select({ ip: rawFiles.uploadIp, device: rawFiles.uploadDevice })
    .from(rawFiles)
    .where(eq(rawFiles.id, g.rawFileId));
  // The engine's plausibility checks ran on the pool thread that parsed the file (imports/compute.ts).
  const verdict = g.plausibility;
  const reasons: GateReasonRow[] = verdict.reasons.map((r) => ({ code: r.code, message: r.message }));
  const figures: Record<string, unknown> = { ...verdict.figures };

  if (!reasons.length && uploadLimits) {
    const limit = await overLimit(deps, { ...g, ip: file?.ip ?? null, device: file?.device ?? null });
    if (limit) reasons.push({ code: 'UPLOAD_LIMIT', message: limit });
  }
  let probing: { sameShare: number; changedWindows: number; earlier: string } | null = null;
  const [stored] = g.stored
    ? [g.stored]
    : await db.select({ packed: genomes.packed, layoutId: genomes.layoutId }).from(genomes).where(eq(genomes.barcode, g.barcode));
  // A file too small to be matched cannot probe anyone.
  if (stored?.layoutId && verdict.matchable) {
    const earlier = await db
      .select({ barcode: genomes.barcode, layoutId: genomes.layoutId })
      .from(genomes)
      .innerJoin(persons, eq(persons.id, genomes.personId))
      .where(and(eq(persons.ownerUserId, g.userId), ne(genomes.barcode, g.barcode), isNotNull(genomes.layoutId)))
      .orderBy(desc(genomes.createdAt))
      .limit(PROBE_HISTORY);
    if (earlier.length) {
      // The comparisons run on a pool thread; it gets the stored bytes, each layout once. The new
      // genome's layout is not read back when the import holds it; the earlier genomes' bytes come
      // by binary COPY on Postgres (not as hex text decoded on this thread).
      const held = new Map(g.stored ? [[g.stored.layoutId, g.stored.layout]] : []);
      const ids = [...new Set([stored.layoutId, ...earlier.map((e) => e.layoutId as string)])].filter((id) => !held.has(id));
      const layouts = new Map([...held, ...(await layoutBytes(db, ids)).map((l) => [l.id, l.bytes] as const)]);
      const packed = new Map(
        (
          await packedGenomes(
            deps.database,
            earlier.map((e) => e.barcode),
          )
        ).map((r) => [r.barcode, r]),
      );
      probing = await deps.pool.probe(
        layouts,
        { layoutId: stored.layoutId, packed: stored.packed },
        earlier.flatMap((e) => {
          const r = packed.get(e.barcode);
          return r ? [{ barcode: r.barcode, layoutId: r.layoutId, packed: r.packed }] : [];
        }),
      );
    }
  }
  if (probing) {
    reasons.push({
      code: 'PROBING',
      message: `这份数据与本账户之前上传的数据在 ${Math.round(probing.sameShare * 100)}% 的区段完全相同，只在 ${probing.changedWindows} 个区段不同，像是逐段试探他人基因型的上传`,
    });
    figures.probing = probing;
  }
  const state: 'unmatchable' | 'held' | 'passed' = !verdict.matchable ? 'unmatchable' : reasons.length ? 'held' : 'passed';
  const row = {
    userId: g.userId,
    personId: g.personId,
    state,
    reasons,
    figures,
    ip: file?.ip ?? null,
    device: file?.device ?? null,
    createdAt: now,
  };
  await db
    .insert(relativesGate)
    .values({ barcode: g.barcode, ...row })
    .onConflictDoUpdate({ target: relativesGate.barcode, set: { ...row, reviewedAt: null, reviewedBy: null } });
  if (state !== 'passed') {
    await dropMatches(db, [g.personId]);
    if (state === 'held') log?.warn({ barcode: g.barcode, reasons: reasons.map((r) => r.code) }, 'relatives: genome held by the gate');
    else log?.info({ barcode: g.barcode, markers: verdict.figures.autosomalMarkers }, 'relatives: too few markers to match');
  }
  if (probing) await pauseAccount(deps, g.userId, 'PROBING', '连续上传只在个别区段不同的基因数据', { barcode: g.barcode, ...probing }, log);
}

/** The upload limits of genomes entering matching (per account, person, address and device, per day). */
async function overLimit(
  deps: Deps,
  g: { barcode: string; userId: string; personId: string; ip: string | null; device: string | null },
): Promise<string | null> {
  const { db } = deps.database;
  const lim = deps.config.relatives.uploadsPerDay;
  const since = new Date(deps.now().getTime() - DAY_MS);
  const entered = and(
    inArray(relativesGate.state, ['passed', 'released']),
    gt(relativesGate.createdAt, since),
    ne(relativesGate.barcode, g.barcode),
  );
  // One statement counts all four: each import passes here, and on the embedded database every
  // statement costs about a millisecond of its one thread.
  const counted = (cond: SQL | undefined) => (cond ? sql<number>`count(*) filter (where ${cond})::int` : sql<number>`0`);
  const sameIp = g.ip ? eq(relativesGate.ip, g.ip) : undefined;
  const sameDevice = g.device ? eq(relativesGate.device, g.device) : undefined;
  const sameAccount = eq(relativesGate.userId, g.userId);
  const samePerson = eq(relativesGate.personId, g.personId);
  const [n] = await db
    .select({ account: counted(sameAccount), person: counted(samePerson), address: counted(sameIp), device: counted(sameDevice) })
    .from(relativesGate)
    .where(and(entered, or(sameAccount, samePerson, sameIp, sameDevice)));
  if (n.account >= lim.account) return `本账户 24 小时内参与匹配的上传已达 ${lim.account} 份上限`;
  if (n.person >= lim.person) return `该检测人 24 小时内参与匹配的上传已达 ${lim.person} 份上限`;
  // An upload with no address or device known is not limited by it (as before the counts were merged).
  if (sameIp && n.address >= lim.address) return `同一网络地址 24 小时内参与匹配的上传已达 ${lim.address} 份上限`;
  if (sameDevice && n.device >= lim.device) return `同一设备 24 小时内参与匹配的上传已达 ${lim.device} 份上限`;
  return null;
}

/**
 * Matching hook: may this genome enter matching (as the query or as a candidate)? Not when its
 * account is paused, nor when the gate held it; an imported genome the gate has not judged yet waits
 * (the import's gate step queues it again). Genomes that came from the lab (no raw file) pass.
 */
export async function admittedGenomes(deps: Deps, barcodes: string[]): Promise<Set<string>> {
  if (!barcodes.length) return new Set();
  const { db } = deps.database;
  const rows = await db
    .select({
      barcode: genomes.barcode,
      rawFileId: genomes.rawFileId,
      owner: persons.ownerUserId,
      state: relativesGate.state,
      paused: relativesPauses.userId,
    })
    .from(genomes)
    .innerJoin(persons, eq(persons.id, genomes.personId))
    .leftJoin(relativesGate, eq(relativesGate.barcode, genomes.barcode))
    .leftJoin(relativesPauses, and(eq(relativesPauses.userId, persons.ownerUserId), isNull(relativesPauses.releasedAt)))
    .where(inArray(genomes.barcode, barcodes));
  return new Set(
    rows
      .filter((r) => !r.paused && (r.state ? r.state === 'passed' || r.state === 'released' : r.rawFileId === null))
      .map((r) => r.barcode),
  );
}

/**
 * Matching hook on the hits of one genome before they are stored: drops relatives that may not be
 * matched, holds near-identical genomes of another account for review (the pair is never shown),
 * and pauses an account whose person matches unusually many people closely.
 */
export async function screenHits<H extends Pick<OneToManyHit, 'sharedCM' | 'ibd2Fraction'> & { barcode: string; personId: string }>(
  deps: Deps,
  me: { barcode: string; personId: string },
  hits: H[],
  log?: Log,
): Promise<H[]> {
  const { db } = deps.database;
  const admitted = await admittedGenomes(deps, [me.barcode, ...hits.map((h) => h.barcode)]);
  if (!admitted.has(me.barcode)) return [];
  const owners = new Map(
    (
      await db
        .select({ id: persons.id, owner: persons.ownerUserId })
        .from(persons)
        .where(inArray(persons.id, [me.personId, ...hits.map((h) => h.personId)]))
    ).map((p) => [p.id, p.owner]),
  );
  const myOwner = owners.get(me.personId) as string;
  const released = new Set(
    (
      await db
        .select({ barcode: relativesGate.barcode })
        .from(relativesGate)
        .where(and(inArray(relativesGate.barcode, [me.barcode, ...hits.map((h) => h.barcode)]), eq(relativesGate.state, 'released')))
    ).map((r) => r.barcode),
  );
  const kept: H[] = [];
  for (const h of hits) {
    if (!admitted.has(h.barcode)) continue;
    const copy = h.ibd2Fraction >= DUPLICATE_IBD2_FRACTION && owners.get(h.personId) !== myOwner;
    // Staff released one of the two after review (identical twins): the pair may be shown.
    if (copy && !released.has(me.barcode) && !released.has(h.barcode)) {
      await holdGenome(
        deps,
        me,
        'DUPLICATE',
        '这份基因数据与另一个账户中已有的数据几乎完全相同（同卵双胞胎或数据副本），等待人工审核',
        log,
      );
      return [];
    }
    kept.push(h);
  }
  const close = kept.filter((h) => h.sharedCM >= deps.config.relatives.closeMatchCm).length;
  if (close > deps.config.relatives.closeMatchAlert) {
    await pauseAccount(deps, myOwner, 'CLOSE_MATCHES', `一个检测人与 ${close} 人是近亲`, { barcode: me.barcode, close }, log);
    return [];
  }
  return kept;
}

/** Holds a genome that passed the gate (a copy found while matching); staff are told. */
async function holdGenome(deps: Deps, me: { barcode: string; personId: string }, code: string, message: string, log?: Log) {
  const { db } = deps.database;
  const now = deps.now();
  const [owner] = await db.select({ id: persons.ownerUserId }).from(persons).where(eq(persons.id, me.personId));
  const reasons = [{ code, message }];
  const row = { userId: owner.id, personId: me.personId, state: 'held' as const, reasons, createdAt: now };
  await db
    .insert(relativesGate)
    .values({ barcode: me.barcode, ...row })
    .onConflictDoUpdate({ target: relativesGate.barcode, set: { state: 'held', reasons } });
  await dropMatches(db, [me.personId]);
  log?.warn({ barcode: me.barcode, code }, 'relatives: genome held while matching');
  await staffNotice(db, now, '基因亲人待审核', `检测 ${me.barcode} 已暂停匹配：${message}`, me.barcode);
}

/** Why a person's matched genome (or their account) is kept out of gene relatives; null when it is not. */
export async function holdOf(deps: Deps, barcode: string, ownerUserId: string): Promise<RelativesHoldView | null> {
  const { db } = deps.database;
  const pause = await pauseOf(db, ownerUserId);
  if (pause)
    return holdView('account', [{ code: pause.code === 'PROBING' ? 'PROBING' : 'PAUSED', message: pause.message }], pause.createdAt);
  const [row] = await db
    .select({
      state: relativesGate.state,
      reasons: relativesGate.reasons,
      createdAt: relativesGate.createdAt,
      rawFileId: genomes.rawFileId,
    })
    .from(genomes)
    .leftJoin(relativesGate, eq(relativesGate.barcode, genomes.barcode))
    .where(eq(genomes.barcode, barcode));
  if (!row) return null;
  if (row.state === 'held') return holdView('genome', row.reasons ?? [], row.createdAt ?? deps.now());
  if (row.state === 'unmatchable') return holdView('markers', row.reasons ?? [], row.createdAt ?? deps.now());
  if (!row.state && row.rawFileId) return holdView('genome', [{ code: 'PENDING', message: CODES.RELATIVES_HELD_PENDING.msg }], deps.now());
  return null;
}

/** Holds per barcode for the import list (the import result shows them). */
export async function holdsOfBarcodes(deps: Deps, barcodes: string[]): Promise<Map<string, RelativesHoldView>> {
  if (!barcodes.length) return new Map();
  const rows = await deps.database.db
    .select()
    .from(relativesGate)
    .where(and(inArray(relativesGate.barcode, barcodes), inArray(relativesGate.state, ['held', 'unmatchable'])));
  return new Map(rows.map((r) => [r.barcode, holdView(r.state === 'held' ? 'genome' : 'markers', r.reasons, r.createdAt)]));
}
