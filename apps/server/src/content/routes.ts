import { API_PATHS } from '@jiyin/contracts/api';
import { ok } from '@jiyin/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { ApiError, parseInput } from '../http/errors.ts';
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

export async function contentRoutes(app: FastifyInstance, { database }: Deps) {
  app.get(API_PATHS.content, async (req) => {
    const { slug } = parseInput(slugParams, req.params);
    const content = await findSiteContent(database.db, slug);
    if (!content) throw new ApiError('NOT_FOUND', '页面内容不存在');
    return ok(withFacts(content));
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
