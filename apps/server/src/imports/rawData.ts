import { ok } from '@jiyin/contracts/envelope';
import { REPORT_API_PATHS } from '@jiyin/contracts/reportApi';
import { schema } from '@jiyin/db';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { audit } from '../auth/audit.ts';
import type { Deps } from '../deps.ts';
import { ApiError, parseInput } from '../http/errors.ts';
import { personFor } from '../persons/queries.ts';
import { requireUser } from '../users/session.ts';
import { RAW_DATA_THAW_HOURS, rawDataFileView } from './views.ts';

const { rawFiles, privacySwitches } = schema;

const personParams = z.object({ personId: z.uuid('检测人不存在') });
const fileParams = personParams.extend({ fileId: z.uuid('文件不存在') });

/** `attachment` with the original (often Chinese) name, RFC 6266/5987, plus an ASCII fallback. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * §7.6 raw data of a person: the owner alone lists, thaws, downloads and deletes the original files
 * (a person shared with someone, or anyone else's, answers like a missing one). Deleting removes
 * the bytes but keeps the reports computed from them.
 */
export async function rawDataRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps.database;

  async function ownPerson(req: FastifyRequest) {
    const me = await requireUser(req, deps);
    const { personId } = parseInput(personParams, req.params);
    await personFor(deps, me.userId, personId, 'write');
    return { me, personId };
  }

  async function ownFile(req: FastifyRequest) {
    const { me } = await ownPerson(req);
    const { personId, fileId } = parseInput(fileParams, req.params);
    const [file] = await db
      .select()
      .from(rawFiles)
      .where(and(eq(rawFiles.id, fileId), eq(rawFiles.personId, personId), eq(rawFiles.userId, me.userId)));
    if (!file || file.state === 'receiving') throw new ApiError('NOT_FOUND', '文件不存在');
    return { me, file };
  }

  app.get(REPORT_API_PATHS.rawData, async (req) => {
    const { me, personId } = await ownPerson(req);
    const rows = await db
      .select()
      .from(rawFiles)
      .where(and(eq(rawFiles.personId, personId), eq(rawFiles.userId, me.userId), inArray(rawFiles.state, ['stored', 'deleted'])))
      .orderBy(desc(rawFiles.createdAt), desc(rawFiles.id));
    return ok(rows.map((r) => rawDataFileView(r, deps.now())));
  });

  app.post(REPORT_API_PATHS.rawDataThaw, async (req) => {
    const { file } = await ownFile(req);
    if (file.state === 'deleted') throw new ApiError('BAD_REQUEST', '文件已删除');
    const now = deps.now();
    if (rawDataFileView(file, now).downloadState === 'ready') return ok(rawDataFileView(file, now));
    const [thawed] = await db
      .update(rawFiles)
      .set({ thawedUntil: new Date(now.getTime() + RAW_DATA_THAW_HOURS * 3_600_000) })
      .where(eq(rawFiles.id, file.id))
      .returning();
    return ok(rawDataFileView(thawed, now));
  });

  app.get(REPORT_API_PATHS.rawDataFile, async (req, reply) => {
    const { me, file } = await ownFile(req);
    if (file.state === 'deleted') throw new ApiError('BAD_REQUEST', '文件已删除');
    // The person's privacy switch (§3 Privacy switch, open unless turned off) guards downloads.
    const [allowed] = await db
      .select()
      .from(privacySwitches)
      .where(and(eq(privacySwitches.personId, file.personId), eq(privacySwitches.feature, 'rawDataDownload')));
    if (allowed?.open === false) throw new ApiError('BAD_REQUEST', '已关闭原始数据下载，请先在隐私设置中开启“允许下载原始数据”');
    if (rawDataFileView(file, deps.now()).downloadState !== 'ready') throw new ApiError('BAD_REQUEST', '文件已归档，请先解冻后再下载');
    const body = await deps.storage.get(file.storageKey);
    await audit(deps, req, me.userId, 'raw-download', { personId: file.personId, fileId: file.id });
    return reply
      .header('content-disposition', attachment(file.fileName))
      .header('content-length', String(file.size))
      .header('cache-control', 'private, no-store')
      .type('application/octet-stream')
      .send(body);
  });

  app.delete(REPORT_API_PATHS.rawDataOne, async (req) => {
    const { me, file } = await ownFile(req);
    if (file.state !== 'deleted') {
      await deps.storage.delete(file.storageKey);
      await db.update(rawFiles).set({ state: 'deleted', thawedUntil: null }).where(eq(rawFiles.id, file.id));
      await audit(deps, req, me.userId, 'raw-delete', { personId: file.personId, fileId: file.id });
    }
    return ok(null);
  });
}
