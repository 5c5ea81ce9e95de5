import { schema } from '@jiyin/db';
import { loadPanel } from '@jiyin/genome';
import { and, asc, count, desc, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import { newId } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { gateImport } from '../relatives/guard.ts';
import { RELATIVES_MATCH_JOB, storeLayout } from './pipeline.ts';

const { genomes, genomeRepacks, rawFiles, persons } = schema;

/**
 * The queue job that moves stored genomes to today's storage (one run at a time): packed over their
 * own chip layout, and over the current reference panel.
 */
export const REPACK_JOB = 'genomes-repack';
const REPACK_KEY = 'genomes-repack';

export type RepackRow = typeof genomeRepacks.$inferSelect;
type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/**
 * Genomes stored the old way: without a chip layout (packed against an old panel only), or with their
 * panel packing on another panel than the current one (jy-panel-v2 held invented markers; v3 real
 * ones only). A packed genome names its panel at a fixed place (serialisePacked: byte 6 the id's
 * length, then the id), which the database compares without reading the planes.
 */
function onOldStorage(): SQL {
  const id = Buffer.from(loadPanel().id);
  const head = Buffer.concat([Buffer.from([id.length]), id]);
  return or(
    isNull(genomes.layoutId),
    isNull(genomes.panelPacked),
    sql`substring(${genomes.panelPacked} from 7 for ${head.length}) <> ${head}::bytea`,
  ) as SQL;
}

/** Genomes on old storage, after `cursor` in barcode order. */
function waiting(deps: Deps, cursor: string, limit: number) {
  return deps.database.db
    .select({
      barcode: genomes.barcode,
      personId: genomes.personId,
      rawFileId: genomes.rawFileId,
      vendor: genomes.vendor,
      layoutId: genomes.layoutId,
    })
    .from(genomes)
    .where(and(onOldStorage(), gt(genomes.barcode, cursor)))
    .orderBy(asc(genomes.barcode))
    .limit(limit);
}

/** The newest run, or null when none ever ran. */
export async function latestRepack(deps: Deps): Promise<RepackRow | null> {
  const [row] = await deps.database.db.select().from(genomeRepacks).orderBy(desc(genomeRepacks.startedAt)).limit(1);
  return row ?? null;
}

/**
 * The run to work on: the unfinished one when there is one (it resumes from its cursor), else a new
 * run over every genome still on old storage (none: a finished run with nothing to do).
 */
export async function openRepack(deps: Deps): Promise<RepackRow> {
  const latest = await latestRepack(deps);
  if (latest?.state === 'running') return latest;
  const [{ n }] = await deps.database.db.select({ n: count() }).from(genomes).where(onOldStorage());
  const now = deps.now();
  const [row] = await deps.database.db
    .insert(genomeRepacks)
    .values({ id: newId(), total: Number(n), state: n ? 'running' : 'done', startedAt: now, updatedAt: now, finishedAt: n ? null : now })
    .returning();
  return row;
}

/** Reads a genome's kept raw file and packs it anew (on a pool thread); null (with the reason) when that cannot be done. */
async function repackOne(deps: Deps, g: { rawFileId: string | null; personId: string }) {
  const { db } = deps.database;
  const [file] = g.rawFileId ? await db.select().from(rawFiles).where(eq(rawFiles.id, g.rawFileId)) : [];
  if (file?.state !== 'stored') return { skipped: 'raw file gone' as const };
  const [person] = await db.select({ gender: persons.gender }).from(persons).where(eq(persons.id, g.personId));
  const out = await deps.pool.repackFile(await deps.storage.read(file.storageKey), person?.gender ?? null);
  if ('refused' in out) return { skipped: `raw file no longer reads: ${out.refused.code}` };
  return { packed: out.stored, plausibility: out.plausibility, userId: file.userId, rawFileId: file.id };
}

/**
 * Moves every genome on old storage onto its own chip layout and the current panel, from its kept raw
 * file; a genome that had no layout yet passes the relatives gate and is matched again (one that only
 * changes panel keeps its layout, verdict and matches: matching never reads the panel). Resumable and
 * idempotent: each genome's new packing and the run's progress (count, cursor) are written in one
 * transaction, so an interrupted run resumes after the last genome it finished and never counts one
 * twice; a genome another runner moved meanwhile is passed over. Genomes whose raw file is gone keep
 * their old packing and are counted as skipped.
 */
export async function runRepack(deps: Deps, log?: Log, onProgress?: (row: RepackRow) => void): Promise<RepackRow> {
  let run = await openRepack(deps);
  onProgress?.(run);
  while (run.state === 'running') {
    const [next] = await waiting(deps, run.cursor, 1);
    const now = deps.now();
    if (!next) {
      [run] = await deps.database.db
        .update(genomeRepacks)
        .set({ state: 'done', updatedAt: now, finishedAt: now })
        .where(eq(genomeRepacks.id, run.id))
        .returning();
      break;
    }
    const result = await repackOne(deps, next);
    run = await deps.database.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(genomeRepacks).where(eq(genomeRepacks.id, run.id)).for('update');
      // Another runner finished this genome (its cursor is past it): only move on.
      if (locked.state !== 'running' || locked.cursor >= next.barcode) return locked;
      let moved = false;
      if ('packed' in result && result.packed) {
        await storeLayout(tx, result.packed.layout, next.vendor);
        const updated = await tx
          .update(genomes)
          .set({ packed: result.packed.packed, layoutId: result.packed.layout.id, panelPacked: result.packed.panelPacked })
          .where(and(eq(genomes.barcode, next.barcode), onOldStorage()))
          .returning({ barcode: genomes.barcode });
        moved = updated.length > 0;
      }
      const [row] = await tx
        .update(genomeRepacks)
        .set({
          cursor: next.barcode,
          done: sql`${genomeRepacks.done} + ${moved ? 1 : 0}`,
          skipped: sql`${genomeRepacks.skipped} + ${moved ? 0 : 1}`,
          updatedAt: now,
        })
        .where(eq(genomeRepacks.id, run.id))
        .returning();
      return row;
    });
    if ('skipped' in result) log?.warn({ barcode: next.barcode, reason: result.skipped }, 'repack: genome left on old storage');
    else if (!next.layoutId) {
      // Genomes stored before the relatives gate existed pass it now, before they are matched again.
      const { plausibility, userId, rawFileId } = result;
      await gateImport(deps, { barcode: next.barcode, userId, personId: next.personId, rawFileId, plausibility }, log, false);
      await deps.queue.send(RELATIVES_MATCH_JOB, { barcode: next.barcode }, { singletonKey: next.barcode });
    }
    onProgress?.(run);
  }
  log?.info({ repack: run.id, done: run.done, skipped: run.skipped, total: run.total }, 'repack finished');
  return run;
}

/** Queues a run (a no-op while one is queued or running). */
export async function queueRepack(deps: Deps): Promise<void> {
  await deps.queue.send(REPACK_JOB, {}, { singletonKey: REPACK_KEY });
}

/**
 * The repack worker. At start it queues a run that a stop interrupted, and a run whenever genomes on
 * old storage wait that no finished run skipped (a new panel; later runs: `npm run genomes:repack`).
 */
export async function registerRepackWorker(deps: Deps, log?: Log): Promise<void> {
  const latest = await latestRepack(deps);
  const [{ n }] = await deps.database.db.select({ n: count() }).from(genomes).where(onOldStorage());
  // A finished run leaves the genomes it skipped (raw file gone) waiting: only more than those start one.
  const skipped = latest?.state === 'done' ? latest.skipped : 0;
  if (latest?.state === 'running' || Number(n) > skipped) await queueRepack(deps);
  await deps.queue.work(REPACK_JOB, async () => {
    await runRepack(deps, log);
  });
}
