import type { Product } from '@jiyin/contracts/api';
import type { CommodityTag } from '@jiyin/contracts/constants';
import { ok } from '@jiyin/contracts/envelope';
import type { Database, Db } from '@jiyin/db';
import { sql } from 'drizzle-orm';
import { MemoCache } from '../memo.ts';
import { listOnlineProducts } from './queries.ts';

/** Channel of "the catalogue changed": every process listening drops its cached lists. */
export const CATALOG_CHANNEL = 'jy_catalog';

/** Bounds staleness should a notification be lost (a dropped LISTEN connection, an edit made in SQL by hand). */
const MAX_AGE_MS = 60_000;
/** Tag sets are chosen by callers: a bound on distinct keys keeps forged combinations from growing memory. */
const MAX_ENTRIES = 256;

/** Tells every process, once `db`'s transaction commits, that the listed products changed. */
export async function catalogChanged(db: Pick<Db, 'execute'>): Promise<void> {
  await db.execute(sql`select pg_notify(${CATALOG_CHANNEL}, '')`);
}

export interface CatalogList {
  products: Product[];
  /** The API's answer for the list, serialised once and sent as is. */
  json: string;
}

/**
 * The public product list per tag set, in memory: the shop, the header of every page and the home
 * page read it on every request, while it changes only when staff edit a product. A change clears it
 * in this process at once and in every other through NOTIFY. A miss is queried once however many
 * requests wait for it.
 */
export class CatalogCache {
  private readonly lists = new MemoCache<CatalogList>(MAX_AGE_MS, MAX_ENTRIES);
  private stop: (() => Promise<void>) | null = null;
  private readonly database: Database;

  constructor(database: Database) {
    this.database = database;
  }

  async start(): Promise<void> {
    this.stop ??= await this.database.listen(CATALOG_CHANNEL, () => this.clear());
  }

  async close(): Promise<void> {
    await this.stop?.();
    this.stop = null;
  }

  clear(): void {
    this.lists.clear();
  }

  list(tags: CommodityTag[]): Promise<CatalogList> {
    return this.lists.get([...new Set(tags)].sort().join(','), async () => {
      const products = await listOnlineProducts(this.database.db, tags);
      return { products, json: JSON.stringify(ok({ list: products })) };
    });
  }
}
