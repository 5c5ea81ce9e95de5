import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import { ACCOUNT_PATHS, AVATAR_MAX_BYTES, AVATAR_MAX_SIDE, authCodeSchema, nationCodeSchema, phoneSchema } from '@jiyin/contracts/accounts';
import { COMMUNITY_IMAGE_MAX_SIDE } from '@jiyin/contracts/community';
import { ok } from '@jiyin/contracts/envelope';
import { FAMILY_IMAGE_MAX_SIDE } from '@jiyin/contracts/libraryApi';
import { CHAT_IMAGE_MAX_SIDE } from '@jiyin/contracts/social';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { verifySmsCode } from '../auth/smsCodes.ts';
import type { Deps } from '../deps.ts';
import { ApiError, parseInput } from '../http/errors.ts';
import { requireUser } from '../users/session.ts';
import { awaitImage, queueImage } from './jobs.ts';
import { writeShareVariants } from './variants.ts';

/** §7.3 kinds: avatars end up at most 240×240, chat pictures at most 250×250, community pictures and genealogy photos at most 800 (§5). */
const KINDS = {
  avatar: { dir: 'avatars', maxSide: AVATAR_MAX_SIDE },
  community_chat: { dir: 'chat', maxSide: CHAT_IMAGE_MAX_SIDE },
  /** Family materials: scanned genealogy pages must stay legible. */
  family: { dir: 'family', maxSide: FAMILY_IMAGE_MAX_SIDE },
  community: { dir: 'community', maxSide: COMMUNITY_IMAGE_MAX_SIDE },
  genealogy: { dir: 'genealogy', maxSide: COMMUNITY_IMAGE_MAX_SIDE },
} as const;
const typeQuery = z.object({
  type: z.enum(['avatar', 'community_chat', 'family', 'community', 'genealogy'], { error: '上传失败，请重试' }),
});
const byAuthQuery = z.object({
  type: z.literal('avatar', { error: '上传失败，请重试' }),
  nationCode: nationCodeSchema,
  phoneNumber: phoneSchema,
  authCode: authCodeSchema,
});
/** A stored upload, or one of its §5 share variants (webp, interlaced jpg). */
const FILE_NAME = /^[0-9a-f-]{36}\.(png|jpg|webp)$/;
const CONTENT_TYPES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;

/** The format from the file's first bytes, whatever its name or declared content type says. */
function sniffFormat(buf: Buffer): 'png' | 'jpg' | null {
  if (buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpg';
  return null;
}

/** §7.3 image uploads: png/jpg/jpeg only (checked from the bytes), re-encoded by a job (uploads/jobs.ts), served back. */
export async function uploadRoutes(app: FastifyInstance, deps: Deps) {
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
  const root = path.join(deps.config.dataDir, 'uploads');
  // Uploads stored before share variants existed get theirs; in the background, as start need not wait for it.
  writeShareVariants(root).catch((err) => app.log.error({ err }, 'share variants of uploads failed'));

  /** Reads the one `file` part, checks it, has it re-encoded and stored (a job), and answers its public URL. */
  async function store(req: FastifyRequest, kind: keyof typeof KINDS, userId: string | null): Promise<string> {
    let input: Buffer;
    try {
      const part = await req.file();
      if (part?.fieldname !== 'file') throw new Error('no file part');
      input = await part.toBuffer();
    } catch (err) {
      // Over the size limit, not multipart, or a broken stream: all the same to the user (§8).
      throw new ApiError('UPLOAD_FAILED', undefined, 200, err);
    }
    const format = sniffFormat(input);
    if (!format) throw new ApiError('UPLOAD_FAILED');
    const { dir, maxSide } = KINDS[kind];
    const url = `/uploads/${dir}/${randomUUID()}.${format}`;
    // The re-encoding runs as a job on the worker pool; this request waits for it (a bounded time).
    const id = await queueImage(deps, { userId, purpose: 'upload', format, maxSide, target: url, bytes: input });
    await awaitImage(deps, id);
    return url;
  }

  app.post(ACCOUNT_PATHS.uploadImage, async (req) => {
    const me = await requireUser(req, deps);
    const { type } = parseInput(typeQuery, req.query);
    return ok({ uploadUrl: await store(req, type, me.userId) });
  });

  // During sign-up there is no session yet: the unused sign-up code proves the phone (not consumed).
  app.post(ACCOUNT_PATHS.uploadImageByAuth, async (req) => {
    const q = parseInput(byAuthQuery, req.query);
    await verifySmsCode(deps, { nationCode: q.nationCode, phone: q.phoneNumber, purpose: 'signup' }, q.authCode, false);
    return ok({ uploadUrl: await store(req, 'avatar', null) });
  });

  app.get(ACCOUNT_PATHS.uploadedFiles, async (req, reply) => {
    const { dir, file } = req.params as { dir: string; file: string };
    if (!Object.values(KINDS).some((k) => k.dir === dir) || !FILE_NAME.test(file)) throw new ApiError('NOT_FOUND', undefined, 404);
    let body: Buffer;
    try {
      body = await readFile(path.join(root, dir, file));
    } catch {
      throw new ApiError('NOT_FOUND', undefined, 404);
    }
    // Names are random and never reused, so the bytes never change.
    return reply
      .type(CONTENT_TYPES[path.extname(file).slice(1) as keyof typeof CONTENT_TYPES])
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(body);
  });
}
