import type { Product } from '@jiyin/contracts/api';
import type { CommodityTag } from '@jiyin/contracts/constants';
import { type Db, schema } from '@jiyin/db';
import { and, asc, eq, inArray } from 'drizzle-orm';

export async function listOnlineProducts(db: Db, tags?: CommodityTag[]): Promise<Product[]> {
  const { products } = schema;
  const where = tags?.length ? and(eq(products.online, true), inArray(products.commodityTag, tags)) : eq(products.online, true);
  const rows = await db.select().from(products).where(where).orderBy(asc(products.sort), asc(products.id));
  return rows.map(
    ({ online: _online, updatedAt: _updatedAt, isOnlineProduct: _isOnline, supportSubmodules: _submodules, ...product }) => product,
  );
}
