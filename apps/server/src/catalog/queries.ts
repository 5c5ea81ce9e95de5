import type { Product } from '@jiyin/contracts/api';
import type { CommodityTag } from '@jiyin/contracts/constants';
import { type Db, schema } from '@jiyin/db';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';

type ProductRow = typeof schema.products.$inferSelect;

/** The shop's view of a row: back-office columns (listing, stock, report modules) stay on the server. */
function productView({
  online: _online,
  updatedAt: _updatedAt,
  isOnlineProduct: _isOnline,
  supportSubmodules: _submodules,
  stock: _stock,
  service: _service,
  ...product
}: ProductRow): Product {
  return product;
}

export async function listOnlineProducts(db: Db, tags?: CommodityTag[]): Promise<Product[]> {
  const { products } = schema;
  // Services for a kit the customer has (upgrades, speed packages) are sold on their own /buy pages.
  const listed = and(eq(products.online, true), isNull(products.service));
  const where = tags?.length ? and(listed, inArray(products.commodityTag, tags)) : listed;
  const rows = await db.select().from(products).where(where).orderBy(asc(products.sort), asc(products.id));
  return rows.map(productView);
}

/** A product on sale, or null (unknown or taken off the shelf). */
export async function onlineProduct(db: Db, id: string): Promise<Product | null> {
  const { products } = schema;
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.online, true), isNull(products.service)));
  return row ? productView(row) : null;
}
