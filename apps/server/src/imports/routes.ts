import { ok } from '@jiyin/contracts/envelope';
import { REPORT_API_PATHS } from '@jiyin/contracts/reportApi';
import { schema } from '@jiyin/db';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { audit } from '../auth/audit.ts';
import { newId } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { ApiError, parseInput } from '../http/errors.ts';
import { personFor } from '../persons/queries.ts';
import { holdsOfBarcodes } from '../relatives/guard.ts';
import { requireUser } from '../users/session.ts';
import { IMPORT_JOB, type ImportPayload } from './pipeline.ts';
import { rawDataRoutes } from './rawData.ts';
import { ownRawFile, uploadRoutes } from './uploads.ts';
import { importJobView } from './views.ts';

const { importJobs, rawFiles } = schema;

const createBody = z.object({ uploadId: z.uuid('上传不存在') });
const idParams = z.object({ id: z.uuid('导入任务不存在') });
const listQuery = z.object({ personId: z.uuid('检测人不存在').optional() });

/** §3 Gene data upload: resumable uploads, the import job over a stored file, and raw-data files. */
export async function importRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps.database;
  await app.register(uploadRoutes, deps);
  await app.register(rawDataRoutes, deps);

  // One import per person and file content: the same bytes again answer the job that exists.
  app.post(REPORT_API_PATHS.imports, async (req) => {
    const me = await requireUser(req, deps);
    const { uploadId } = parseInput(createBody, req.body);
    const file = await ownRawFile(deps, me.userId, uploadId);
    if (file.state === 'deleted') throw new ApiError('NOT_FOUND', '上传不存在');
    if (file.state !== 'stored' || !file.sha256) throw new ApiError('BAD_REQUEST', '文件还没有上传完成，请继续上传');
    const now = deps.now();
    const [created] = await db
      .insert(importJobs)
      .values({
        id: newId(),
        userId: me.userId,
        personId: file.personId,
        rawFileId: file.id,
        fileSha256: file.sha256,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    let job = created;
    if (!job) {
      [job] = await db
        .select()
        .from(importJobs)
        .where(and(eq(importJobs.personId, file.personId), eq(importJobs.fileSha256, file.sha256)));
      if (!job) throw new ApiError('BAD_REQUEST', '导入任务正在创建，请稍后重试');
      job = await reuse(job, file);
    }
    // The singleton key makes a second send while the job waits or runs a no-op.
    if (job.stage === 'queued') await deps.queue.send<ImportPayload>(IMPORT_JOB, { importJobId: job.id }, { singletonKey: job.id });
    await audit(deps, req, me.userId, 'raw-import', { personId: file.personId, fileId: file.id, importJobId: job.id });
    return ok(importJobView(job));
  });

  /**
   * The same content uploaded again: keep one copy of the bytes (the job's, unless it is gone), and
   * run again a job that failed for a reason of ours rather than of the file's.
   */
  async function reuse(job: typeof importJobs.$inferSelect, upload: typeof rawFiles.$inferSelect) {
    const [previous] = job.rawFileId ? await db.select().from(rawFiles).where(eq(rawFiles.id, job.rawFileId)) : [];
    const changes: Partial<typeof importJobs.$inferInsert> = {};
    if (previous?.state === 'stored' && previous.id !== upload.id) {
      await db.delete(rawFiles).where(eq(rawFiles.id, upload.id));
      await deps.storage.delete(upload.storageKey);
    } else if (previous?.id !== upload.id) {
      changes.rawFileId = upload.id;
    }
    if (job.stage === 'failed' && job.errorCode === 'INTERNAL') {
      Object.assign(changes, { stage: 'queued', progress: 0, errorCode: null, errorMessage: null, finishedAt: null });
    }
    if (!Object.keys(changes).length) return job;
    const [updated] = await db
      .update(importJobs)
      .set({ ...changes, updatedAt: deps.now() })
      .where(eq(importJobs.id, job.id))
      .returning();
    return updated;
  }

  app.get(REPORT_API_PATHS.importOne, async (req) => {
    const me = await requireUser(req, deps);
    const { id } = parseInput(idParams, req.params);
    const [job] = await db
      .select()
      .from(importJobs)
      .where(and(eq(importJobs.id, id), eq(importJobs.userId, me.userId)));
    if (!job) throw new ApiError('NOT_FOUND', '导入任务不存在');
    const holds = await holdsOfBarcodes(deps, job.barcode ? [job.barcode] : []);
    return ok(importJobView(job, (job.barcode && holds.get(job.barcode)) || null));
  });

  app.get(REPORT_API_PATHS.imports, async (req) => {
    const me = await requireUser(req, deps);
    const { personId } = parseInput(listQuery, req.query);
    // The owner's imports only: a person shared with the caller answers like a missing one.
    if (personId) await personFor(deps, me.userId, personId, 'write');
    const rows = await db
      .select()
      .from(importJobs)
      .where(personId ? and(eq(importJobs.userId, me.userId), eq(importJobs.personId, personId)) : eq(importJobs.userId, me.userId))
      .orderBy(desc(importJobs.createdAt), desc(importJobs.id));
    const holds = await holdsOfBarcodes(
      deps,
      rows.flatMap((r) => (r.barcode ? [r.barcode] : [])),
    );
    return ok({ list: rows.map((r) => importJobView(r, (r.barcode && holds.get(r.barcode)) || null)) });
  });
}
