import { ok } from '@jiyin/contracts/envelope';
import {
  TREE_API_PATHS,
  TREE_FILES_MAX,
  TREE_FILE_MAX_BYTES,
  TREE_FILES_PER_UPLOAD,
  type TreeFileSourceType,
  type TreeFileView,
  type TreeRole,
  treeFileUploadSchema,
} from '@jiyin/contracts/treesApi';
import { type Db, schema } from '@jiyin/db';
import { and, asc, count, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { newId } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { attachmentHeader } from '../http/attachment.ts';
import { ApiError, parseInput } from '../http/errors.ts';
import { awaitImage, queueImage } from '../uploads/jobs.ts';
import { treePerson, type TreeRow } from './queries.ts';

const { familyTrees, treeFiles, treePersons } = schema;
type FileRow = typeof treeFiles.$inferSelect;
type Access = (req: FastifyRequest, need: TreeRole) => Promise<{ me: { userId: string }; tree: TreeRow; role: TreeRole }>;

const fileParams = z.object({ fileId: z.string().min(1).max(64) });
const listQuery = z.object({ personId: z.string().min(1).max(64).optional() });
const FORMATS = {
  pdf: { contentType: 'application/pdf', ext: 'pdf' },
  png: { contentType: 'image/png', ext: 'png' },
  jpg: { contentType: 'image/jpeg', ext: 'jpg' },
} as const;

/** The format from the file's first bytes, whatever its name says. */
function sniff(buf: Buffer): keyof typeof FORMATS | null {
  if (buf.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpg';
  return null;
}

const view = (r: FileRow): TreeFileView => ({
  id: r.id,
  personId: r.personId,
  sourceType: r.sourceType as TreeFileSourceType,
  title: r.title,
  fileName: r.fileName,
  contentType: r.contentType,
  size: r.size,
  createdAt: r.createdAt.toISOString(),
});

/**
 * What a role may see of a tree's files: owners and editors all; browse-only viewers the tree's own
 * files and those of persons who are not living (a living person's details are hidden from them).
 */
function visible(treeId: string, role: TreeRole): SQL | undefined {
  const inTree = eq(treeFiles.treeId, treeId);
  if (role !== 'viewer') return inTree;
  return and(inTree, or(isNull(treeFiles.personId), eq(treePersons.living, false)));
}

/** §3 tree file resources: upload (sourceType, fileResources), list, download, delete. */
export async function treeFileRoutes(app: FastifyInstance, deps: Deps, access: Access) {
  const { db } = deps.database;

  async function visibleFile(req: FastifyRequest): Promise<FileRow> {
    const { tree, role } = await access(req, 'viewer');
    const { fileId } = parseInput(fileParams, req.params);
    const [row] = await db
      .select({ file: treeFiles })
      .from(treeFiles)
      .leftJoin(treePersons, eq(treePersons.id, treeFiles.personId))
      .where(and(eq(treeFiles.id, fileId), visible(tree.id, role)));
    if (!row) throw new ApiError('NOT_FOUND', '资料不存在');
    return row.file;
  }

  app.get(TREE_API_PATHS.files, async (req) => {
    const { tree, role } = await access(req, 'viewer');
    const { personId } = parseInput(listQuery, req.query);
    const rows = await db
      .select({ file: treeFiles })
      .from(treeFiles)
      .leftJoin(treePersons, eq(treePersons.id, treeFiles.personId))
      .where(and(visible(tree.id, role), personId ? eq(treeFiles.personId, personId) : undefined))
      .orderBy(asc(treeFiles.createdAt), asc(treeFiles.id));
    return ok({ list: rows.map((r) => view(r.file)) });
  });

  // Every file is checked before any is stored: a bad one refuses the whole upload and stores nothing.
  app.post(
    TREE_API_PATHS.files,
    { bodyLimit: Math.ceil((TREE_FILE_MAX_BYTES * TREE_FILES_PER_UPLOAD * 4) / 3) + 64 * 1024 },
    async (req) => {
      const { tree, me } = await access(req, 'editor');
      const body = parseInput(treeFileUploadSchema, req.body);
      if (body.personId) await treePerson(db, tree.id, body.personId);
      const [{ n }] = await db.select({ n: count() }).from(treeFiles).where(eq(treeFiles.treeId, tree.id));
      if (Number(n) + body.fileResources.length > TREE_FILES_MAX)
        throw new ApiError('BAD_REQUEST', `每份家谱最多 ${TREE_FILES_MAX} 个资料文件`);
      const ready = [];
      for (const f of body.fileResources) {
        const raw = Buffer.from(f.content, 'base64');
        if (!raw.length) throw new ApiError('BAD_REQUEST', `文件「${f.fileName}」为空`);
        if (raw.length > TREE_FILE_MAX_BYTES)
          throw new ApiError('BAD_REQUEST', `文件「${f.fileName}」超过 ${TREE_FILE_MAX_BYTES / 1024 / 1024} MB`);
        const format = sniff(raw);
        if (!format) throw new ApiError('UPLOAD_FAILED', `文件「${f.fileName}」不是 PDF、PNG 或 JPG`);
        const id = newId();
        ready.push({ id, name: f.fileName, format, raw, storageKey: `tree-files/${tree.id}/${id}.${FORMATS[format].ext}` });
      }
      // Scans are re-encoded at full size (legible, without EXIF such as a phone photo's location, or
      // trailing bytes) by jobs on the worker pool, which write them to storage; PDFs are kept as sent.
      const settled = await Promise.allSettled(
        ready.map(async (f) =>
          f.format === 'pdf'
            ? null
            : awaitImage(
                deps,
                await queueImage(deps, {
                  userId: me.userId,
                  purpose: 'tree-file',
                  format: f.format,
                  maxSide: null,
                  target: f.storageKey,
                  bytes: f.raw,
                  unreadable: `图片「${f.name}」无法读取`,
                }),
              ),
        ),
      );
      const failed = settled.find((r) => r.status === 'rejected');
      // One bad file refuses the whole upload: what the others stored goes again.
      if (failed) {
        for (const f of ready) if (f.format !== 'pdf') await deps.storage.delete(f.storageKey);
        throw failed.reason;
      }
      const now = deps.now();
      const rows = ready.map((f, i) => {
        const job = settled[i].status === 'fulfilled' ? settled[i].value : null;
        return {
          id: f.id,
          treeId: tree.id,
          personId: body.personId ?? null,
          uploaderUserId: me.userId,
          sourceType: body.sourceType,
          title: body.title,
          fileName: f.name,
          contentType: FORMATS[f.format].contentType,
          size: job?.size ?? f.raw.length,
          storageKey: f.storageKey,
          createdAt: now,
        };
      });
      for (const f of ready) if (f.format === 'pdf') await deps.storage.put(f.storageKey, f.raw);
      try {
        await db.insert(treeFiles).values(rows);
      } catch (err) {
        for (const r of rows) await deps.storage.delete(r.storageKey);
        throw err;
      }
      await db.update(familyTrees).set({ updatedAt: now }).where(eq(familyTrees.id, tree.id));
      return ok({ list: rows.map(view) });
    },
  );

  app.get(TREE_API_PATHS.fileContent, async (req, reply) => {
    const file = await visibleFile(req);
    const body = await deps.storage.get(file.storageKey);
    return reply
      .type(file.contentType)
      .header('content-disposition', attachmentHeader(file.fileName, `tree-file.${file.storageKey.split('.').pop()}`))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(body);
  });

  app.delete(TREE_API_PATHS.file, async (req) => {
    const { tree } = await access(req, 'editor');
    const { fileId } = parseInput(fileParams, req.params);
    const gone = await db
      .delete(treeFiles)
      .where(and(eq(treeFiles.id, fileId), eq(treeFiles.treeId, tree.id)))
      .returning({ key: treeFiles.storageKey });
    if (!gone.length) throw new ApiError('NOT_FOUND', '资料不存在');
    await deps.storage.delete(gone[0].key);
    return ok(null);
  });
}

/** Storage keys of files whose rows a deletion is about to remove (a tree, a person). */
export async function treeFileKeys(db: Db, where: { treeId: string } | { personId: string }): Promise<string[]> {
  const rows = await db
    .select({ key: treeFiles.storageKey })
    .from(treeFiles)
    .where('treeId' in where ? eq(treeFiles.treeId, where.treeId) : eq(treeFiles.personId, where.personId));
  return rows.map((r) => r.key);
}

/** A user's tree files for the data export and account deletion: those of trees they own and those they uploaded. */
export async function treeFilesOfUser(db: Db, userId: string): Promise<FileRow[]> {
  const own = await db.select({ id: familyTrees.id }).from(familyTrees).where(eq(familyTrees.ownerUserId, userId));
  const ids = own.map((t) => t.id);
  return db
    .select()
    .from(treeFiles)
    .where(or(eq(treeFiles.uploaderUserId, userId), ids.length ? inArray(treeFiles.treeId, ids) : undefined))
    .orderBy(asc(treeFiles.createdAt), asc(treeFiles.id));
}
