/**
 * Image re-encoding as a queue job on the worker pool (developers' guide: CPU-heavy work never runs on
 * the web server's event loop). The request checks the bytes, keeps them in private storage (shared
 * by every process, so a separate worker reads them), queues the job and waits for its row a bounded
 * time, answering as it did when it re-encoded in place.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { schema } from '@jiyin/db';
import { and, eq, inArray } from 'drizzle-orm';
import { newId } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { removeUpload, writeAtomically } from './variants.ts';

const { imageJobs } = schema;
type ImageJobRow = typeof imageJobs.$inferSelect;

export const IMAGE_JOB = 'image-encode';
/**
 * How long a request waits for its image before it gives up (and the job drops its output). Most take
 * well under a second; a process's first image starts a pool thread, which took 7 s on a 2-core
 * machine under a load average of 14.
 */
export const IMAGE_WAIT_MS = 15_000;
/** The message of a request that stopped waiting: nothing was stored, the user tries again. */
export const IMAGE_BUSY_MSG = '图片处理繁忙，请稍后重试';

export interface ImageJobInput {
  userId: string | null;
  purpose: ImageJobRow['purpose'];
  format: ImageJobRow['format'];
  maxSide: number | null;
  target: string;
  bytes: Buffer;
  /** The user's message if the image cannot be read (default: the upload code's own). */
  unreadable?: string;
}

/** Keeps the checked bytes, records the job and queues it; answers the job's id. */
export async function queueImage(deps: Deps, input: ImageJobInput): Promise<string> {
  const id = newId();
  const inputKey = `image-jobs/${id}.${input.format}`;
  await deps.storage.put(inputKey, input.bytes);
  await deps.database.db.insert(imageJobs).values({
    id,
    userId: input.userId,
    purpose: input.purpose,
    format: input.format,
    maxSide: input.maxSide,
    inputKey,
    target: input.target,
    state: 'queued',
    error: input.unreadable ?? null,
    createdAt: deps.now(),
  });
  await deps.queue.send(IMAGE_JOB, { id }, { singletonKey: id });
  return id;
}

/**
 * Waits for the job: answers its row once done, throws the user's message when the image could not
 * be read, and after `timeoutMs` marks it abandoned (its output, if it still comes, is dropped) and
 * throws IMAGE_BUSY_MSG. The row is read at short intervals at first: most images take a few ms.
 */
export async function awaitImage(deps: Deps, id: string, timeoutMs = IMAGE_WAIT_MS): Promise<ImageJobRow> {
  const { db } = deps.database;
  const until = Date.now() + timeoutMs;
  for (let delay = 20; ; delay = Math.min(delay * 2, 250)) {
    const [row] = await db.select().from(imageJobs).where(eq(imageJobs.id, id));
    if (row?.state === 'done') return row;
    if (!row || row.state === 'failed' || row.state === 'abandoned') throw new ApiError('UPLOAD_FAILED', row?.error ?? undefined);
    if (Date.now() >= until) break;
    await new Promise((r) => setTimeout(r, Math.min(delay, until - Date.now())));
  }
  const gave = await db
    .update(imageJobs)
    .set({ state: 'abandoned', error: IMAGE_BUSY_MSG, finishedAt: deps.now() })
    .where(and(eq(imageJobs.id, id), inArray(imageJobs.state, ['queued', 'running'])))
    .returning({ id: imageJobs.id });
  // Finished between the last look and giving up: the answer is there after all.
  if (!gave.length) return awaitImage(deps, id, 0);
  throw new ApiError('UPLOAD_FAILED', IMAGE_BUSY_MSG);
}

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

export async function registerImageWorker(deps: Deps, log: Log): Promise<void> {
  const { db } = deps.database;
  const finish = (id: string, set: Partial<ImageJobRow>) =>
    db
      .update(imageJobs)
      .set({ ...set, finishedAt: deps.now() })
      .where(and(eq(imageJobs.id, id), eq(imageJobs.state, 'running')))
      .returning({ id: imageJobs.id });
  const removeOutput = (row: ImageJobRow) =>
    row.purpose === 'upload' ? removeUpload(deps.config.dataDir, row.target) : deps.storage.delete(row.target);

  await deps.queue.work<{ id: string }>(
    IMAGE_JOB,
    async ({ id }) => {
      const [queued] = await db.select().from(imageJobs).where(eq(imageJobs.id, id));
      if (!queued) return;
      // A run after a crash finds the row running and does it again: the output is written whole or not at all.
      const [row] = await db
        .update(imageJobs)
        .set({ state: 'running' })
        .where(and(eq(imageJobs.id, id), inArray(imageJobs.state, ['queued', 'running'])))
        .returning();
      if (!row) return deps.storage.delete(queued.inputKey);
      const bytes = await deps.storage.read(row.inputKey);
      const out = await deps.pool.encodeImage({ bytes, format: row.format, maxSide: row.maxSide, variants: row.purpose === 'upload' });
      if ('refused' in out) {
        await finish(id, { state: 'failed' });
        await deps.storage.delete(row.inputKey);
        log.info({ imageJobId: id }, 'image refused');
        return;
      }
      if (row.purpose === 'upload') {
        const file = path.join(deps.config.dataDir, row.target.slice(1));
        await mkdir(path.dirname(file), { recursive: true });
        await writeAtomically(file, out.image);
        // After the image: share variants count as current when they are not older than it (variants.ts).
        const base = file.replace(/\.(png|jpg)$/, '');
        if (out.jpg) await writeAtomically(`${base}.jpg`, out.jpg);
        if (out.webp) await writeAtomically(`${base}.webp`, out.webp);
      } else {
        await deps.storage.put(row.target, out.image);
      }
      const done = await finish(id, { state: 'done', size: out.image.byteLength, error: null });
      // The request stopped waiting meanwhile: it told the user nothing was stored, so nothing is.
      if (!done.length) await removeOutput(row);
      await deps.storage.delete(row.inputKey);
    },
    {
      concurrency: Math.max(2, deps.pool.threads),
      onFailed: async ({ id }, error) => {
        log.warn({ imageJobId: id, error }, 'image job failed');
        const [row] = await db.select().from(imageJobs).where(eq(imageJobs.id, id));
        if (!row) return;
        await db
          .update(imageJobs)
          .set({ state: 'failed', error: null, finishedAt: deps.now() })
          .where(and(eq(imageJobs.id, id), inArray(imageJobs.state, ['queued', 'running'])));
        await removeOutput(row);
        await deps.storage.delete(row.inputKey);
      },
    },
  );
}
