import { API_PATHS } from '@jiyin/contracts/api';
import { COMMODITY_TAGS } from '@jiyin/contracts/constants';
import { ok } from '@jiyin/contracts/envelope';
import { quote, SHOP_PATHS, skuPriceSchema, standardPriceRange } from '@jiyin/contracts/shop';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { ApiError, parseInput } from '../http/errors.ts';
import { onlineProduct } from './queries.ts';

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

export async function catalogRoutes(app: FastifyInstance, { database, catalog }: Deps) {
  app.get(API_PATHS.commodityList, async (req, reply) => {
    const { tags } = parseInput(listQuery, req.query);
    // Served as serialised when cached: the list is read by every page and changes only with a staff edit.
    return reply.type('application/json; charset=utf-8').send((await catalog.list(tags)).json);
  });

  /** §7.8 sku price: what the server will charge, the page never computes it. */
  app.post(SHOP_PATHS.skuPrice, async (req) => {
    const input = parseInput(skuPriceSchema, req.body);
    const product = await onlineProduct(database.db, input.productId);
    const price = product && quote(product, input.sku, input.count);
    if (!price) throw new ApiError('NOT_FOUND', '商品不存在或已下架');
    return ok(price);
  });

  app.get(SHOP_PATHS.priceRange, async () => {
    const range = standardPriceRange((await catalog.list(['standard', 'trait'])).products);
    if (!range) throw new ApiError('NOT_FOUND', '暂无在售的全能版或特质版');
    return ok(range);
  });
}
