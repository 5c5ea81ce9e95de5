import { API_PATHS } from '@jiyin/contracts/api';
import { COMMODITY_TAGS } from '@jiyin/contracts/constants';
import { ok } from '@jiyin/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { parseInput } from '../http/errors.ts';
import { listOnlineProducts } from './queries.ts';

const listQuery = z.object({
  tags: z
    .string()
    .optional()
    .transform((s) =>
      s
        ? s
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean)
        : [],
    )
    .pipe(z.array(z.enum(COMMODITY_TAGS, { error: '未知的商品标签' })).max(COMMODITY_TAGS.length)),
});

export async function catalogRoutes(app: FastifyInstance, { database }: Deps) {
  app.get(API_PATHS.commodityList, async (req) => {
    const { tags } = parseInput(listQuery, req.query);
    return ok({ list: await listOnlineProducts(database.db, tags) });
  });
}
