import { schema } from '@jiyin/db';
import { GenomeError, parseRawStream } from '@jiyin/genome';
import { and, asc, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { newId } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { gateImport } from '../relatives/guard.ts';
import { packForStorage, RELATIVES_MATCH_JOB, storeLayout } from './pipeline.ts';

const { genomes, genomeRepacks, rawFiles } = schema;

/** The queue job that moves stored genomes to chip-layout storage (one run at a time). */
export const REPACK_JOB = 'genomes-repack';
const REPACK_KEY = 'genomes-repack';

export type RepackRow = typeof genomeRepacks.$inferSelect;
type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/** Genomes still packed against the old marker panel, after `cursor` in barcode order. */
function waiting(deps: Deps, cursor: string, limit: number) {
  return deps.database.db
    .select({ barcode: genomes.barcode, personId: genomes.personId, rawFileId: genomes.rawFileId, vendor: genomes.vendor })
    .from(genomes)
    .where(and(isNull(genomes.layoutId), gt(genomes.barcode, cursor)))
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
 * run over every genome still on the old panel (none: a finished run with nothing to do).
 */
export async function openRepack(deps: Deps): Promise<RepackRow> {
  const latest = await latestRepack(deps);
  if (latest?.state === 'running') return latest;
  const [{ n }] = await deps.database.db.select({ n: count() }).from(genomes).where(isNull(genomes.layoutId));
  const now = deps.now();
  const [row] = await deps.database.db
    .insert(genomeRepacks)
    .values({ id: newId(), total: Number(n), state: n ? 'running' : 'done', startedAt: now, updatedAt: now, finishedAt: n ? null : now })
    .returning();
  return row;
}

/** Reads a genome's kept raw file and packs it anew; null (with the reason) when that cannot be done. */
async function repackOne(deps: Deps, g: { rawFileId: string | null }) {
  const [file] = g.rawFileId ? await deps.database.db.select().from(rawFiles).where(eq(rawFiles.id, g.rawFileId)) : [];
  if (file?.state !== 'stored') return { skipped: 'raw file gone' as const };
  try {
    const parsed = await parseRawStream(await deps.storage.get(file.storageKey));
    return { packed: packForStorage(parsed.calls, parsed.sex), parsed, userId: file.userId, rawFileId: file.id };
  } catch (e) {
    if (e instanceof GenomeError) return { skipped: `raw file no longer reads: ${e.code}` };
    throw e;
  }
}

/**
 * Moves every genome still packed against the old panel onto its own chip layout, from its kept raw
 * file, and queues its matching again. Resumable and idempotent: each genome's new packing and the
 * run's progress (count, cursor) are written in one transaction, so an interrupted run resumes after
 * the last genome it finished and never counts one twice; a genome another runner moved meanwhile is
 * passed over. Genomes whose raw file is gone keep their old packing and are counted as skipped.
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
          .where(and(eq(genomes.barcode, next.barcode), isNull(genomes.layoutId)))
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
    if ('skipped' in result) log?.warn({ barcode: next.barcode, reason: result.skipped }, 'repack: genome left on the old panel');
    else {
      // Genomes stored before the relatives gate existed pass it now, before they are matched again.
      const { parsed, userId, rawFileId } = result;
      await gateImport(deps, { barcode: next.barcode, userId, personId: next.personId, rawFileId, parsed }, log, false);
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
 * The repack worker. At start it queues a run that a stop interrupted, and the first run of a
 * database that still holds genomes on the old panel (later ones: `npm run genomes:repack`).
 */
export async function registerRepackWorker(deps: Deps, log?: Log): Promise<void> {
  const latest = await latestRepack(deps);
  const [old] = latest
    ? []
    : await deps.database.db.select({ barcode: genomes.barcode }).from(genomes).where(isNull(genomes.layoutId)).limit(1);
  if (latest?.state === 'running' || old) await queueRepack(deps);
  await deps.queue.work(REPACK_JOB, async () => {
    await runRepack(deps, log);
  });
}
