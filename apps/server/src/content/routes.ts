import { API_PATHS } from '@jiyin/contracts/api';
import { ok } from '@jiyin/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { ApiError, parseInput } from '../http/errors.ts';
import { MemoCache } from '../memo.ts';
import { withFacts } from './facts.ts';
import { findSiteContent, listDescriptions } from './queries.ts';

const slugParams = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,64}$/, '页面标识格式不正确') });
const keyParams = z.object({ key: z.string().regex(/^[A-Z0-9_]{1,64}$/, '配置键格式不正确') });
const keysQuery = z.object({
  keys: z
    .union([z.string(), z.array(z.string())], { error: '请提供配置键 keys' })
    .transform((k) => (Array.isArray(k) ? k : k.split(',')))
    .pipe(
      z
        .array(z.string().regex(/^[A-Z0-9_]{1,64}$/, '配置键格式不正确'))
        .min(1, '请提供配置键 keys')
        .max(50, '一次最多查询 50 个配置'),
    ),
});

/**
 * Site content changes only with a seed (a deploy), yet the home and topic pages read it on every
 * render: each page's answer is kept serialised for a minute, which also bounds how long a seed run
 * by another process takes to show. Unknown slugs are kept too (as null), within the bound on keys.
 */
const CONTENT_MAX_AGE_MS = 60_000;
const CONTENT_MAX_ENTRIES = 256;

export async function contentRoutes(app: FastifyInstance, { database }: Deps) {
  const pages = new MemoCache<string | null>(CONTENT_MAX_AGE_MS, CONTENT_MAX_ENTRIES);
  app.get(API_PATHS.content, async (req, reply) => {
    const { slug } = parseInput(slugParams, req.params);
    const json = await pages.get(slug, async () => {
      const content = await findSiteContent(database.db, slug);
      return content && JSON.stringify(ok(withFacts(content)));
    });
    if (json === null) throw new ApiError('NOT_FOUND', '页面内容不存在');
    return reply.type('application/json; charset=utf-8').send(json);
  });

  app.get(API_PATHS.descriptionList, async (req) => {
    const { keys } = parseInput(keysQuery, req.query);
    return ok({ list: await listDescriptions(database.db, keys) });
  });

  app.get(API_PATHS.description, async (req) => {
    const { key } = parseInput(keyParams, req.params);
    const [config] = await listDescriptions(database.db, [key]);
    if (!config) throw new ApiError('NOT_FOUND', '配置不存在');
    return ok(config);
  });
}
