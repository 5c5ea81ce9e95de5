import { createHash } from 'node:crypto';
import { ok } from '@jiyin/contracts/envelope';
import { REPORT_API_PATHS, UPLOAD_CHUNK_BYTES, uploadCreateSchema } from '@jiyin/contracts/reportApi';
import { schema } from '@jiyin/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { audit } from '../auth/audit.ts';
import { deviceKey } from '../auth/device.ts';
import { newId } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { ApiError, parseInput } from '../http/errors.ts';
import { personFor } from '../persons/queries.ts';
import { requireUser } from '../users/session.ts';
import { uploadView } from './views.ts';

const { rawFiles } = schema;

/** A chunk may carry a little more than the page's chunk size (other clients cut differently). */
export const CHUNK_LIMIT_BYTES = UPLOAD_CHUNK_BYTES + 64 * 1024;

const idParams = z.object({ id: z.uuid('上传不存在') });
const offsetHeader = z.coerce
  .number({ error: '缺少上传位置（upload-offset）' })
  .int('上传位置（upload-offset）不正确')
  .min(0, '上传位置（upload-offset）不正确');

/** Storage key of a raw file: per user, never guessable from outside (ids are random). */
export const rawFileKey = (userId: string, fileId: string) => `raw/${userId}/${fileId}`;

/** The caller's own upload; anyone else's answers exactly like a missing one. */
export async function ownRawFile(deps: Deps, userId: string, id: string) {
  const [row] = await deps.database.db
    .select()
    .from(rawFiles)
    .where(and(eq(rawFiles.id, id), eq(rawFiles.userId, userId)));
  if (!row) throw new ApiError('NOT_FOUND', '上传不存在');
  return row;
}

async function sha256Of(stream: AsyncIterable<Uint8Array>): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk);
  return hash.digest('hex');
}

/**
 * Resumable raw-data uploads (§3 Gene data upload): create a session for one of the caller's own
 * persons, send the bytes in chunks at `upload-offset` (raw body), ask where to resume. When the
 * last byte is in, the file is sealed and its sha256 recorded; importing it is a separate call.
 */
export async function uploadRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps.database;
  // Chunks of one upload are written one at a time in this process (a client retrying on a slow
  // network may send the same chunk twice at once).
  const writing = new Set<string>();

  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: CHUNK_LIMIT_BYTES }, (_req, body, done) =>
    done(null, body),
  );

  app.post(REPORT_API_PATHS.uploads, async (req) => {
    const me = await requireUser(req, deps);
    const b = parseInput(uploadCreateSchema, req.body);
    // Only the owner uploads data for a person: a shared or foreign person answers like a missing one.
    await personFor(deps, me.userId, b.personId, 'write');
    const id = newId();
    const [row] = await db
      .insert(rawFiles)
      .values({
        id,
        userId: me.userId,
        personId: b.personId,
        fileName: b.fileName,
        size: b.size,
        storageKey: rawFileKey(me.userId, id),
        uploadIp: req.ip,
        uploadDevice: deviceKey(req),
        createdAt: deps.now(),
      })
      .returning();
    await audit(deps, req, me.userId, 'raw-upload-create', { personId: b.personId, fileId: id, size: b.size });
    return ok(uploadView(row));
  });

  app.get(REPORT_API_PATHS.uploadOne, async (req) => {
    const me = await requireUser(req, deps);
    const { id } = parseInput(idParams, req.params);
    return ok(uploadView(await ownRawFile(deps, me.userId, id)));
  });

  app.put(REPORT_API_PATHS.uploadOne, { bodyLimit: CHUNK_LIMIT_BYTES }, async (req) => {
    const me = await requireUser(req, deps);
    const { id } = parseInput(idParams, req.params);
    const offset = parseInput(offsetHeader, req.headers['upload-offset']);
    const file = await ownRawFile(deps, me.userId, id);
    const chunk = req.body;
    if (!Buffer.isBuffer(chunk)) throw new ApiError('BAD_REQUEST', '请以 application/octet-stream 发送文件内容');
    if (file.state === 'stored' && offset === file.size && chunk.length === 0) return ok(uploadView(file));
    if (file.state !== 'receiving') throw new ApiError('BAD_REQUEST', '这个文件已经上传完成');
    if (offset !== file.receivedBytes) {
      throw new ApiError('BAD_REQUEST', `上传位置不对：应从第 ${file.receivedBytes} 字节继续上传`);
    }
    if (chunk.length === 0) throw new ApiError('BAD_REQUEST', '上传的内容是空的');
    if (offset + chunk.length > file.size) {
      throw new ApiError('BAD_REQUEST', `上传的数据超过了文件大小（${file.size} 字节），请重新选择文件上传`);
    }
    if (writing.has(id)) throw new ApiError('BAD_REQUEST', `上传位置不对：应从第 ${file.receivedBytes} 字节继续上传`);
    writing.add(id);
    try {
      const received = await deps.storage.append(file.storageKey, offset, chunk);
      // Guarded by the offset it started from, so a concurrent writer elsewhere cannot both win.
      const [updated] = await db
        .update(rawFiles)
        .set({ receivedBytes: received })
        .where(and(eq(rawFiles.id, id), eq(rawFiles.receivedBytes, offset), eq(rawFiles.state, 'receiving')))
        .returning();
      if (!updated) throw new ApiError('BAD_REQUEST', '上传位置不对，请刷新后继续上传');
      if (received < file.size) return ok(uploadView(updated));
      await deps.storage.seal(file.storageKey);
      const sha256 = await sha256Of(await deps.storage.get(file.storageKey));
      const [stored] = await db
        .update(rawFiles)
        .set({ state: 'stored', sha256, completedAt: deps.now() })
        .where(eq(rawFiles.id, id))
        .returning();
      await audit(deps, req, me.userId, 'raw-upload-stored', { personId: file.personId, fileId: id, size: file.size });
      return ok(uploadView(stored));
    } finally {
      writing.delete(id);
    }
  });
}
