import type { Product } from '@jiyin/contracts/api';
import type { ProductService } from '@jiyin/contracts/shop';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** §3 Product: the catalogue shown in the Buy dropdown, the home page and the product-select page. */
export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    commodityTag: text('commodity_tag').notNull().$type<Product['commodityTag']>(),
    type: text('type').notNull().$type<Product['type']>(),
    summary: text('summary').notNull(),
    features: jsonb('features').notNull().$type<string[]>(),
    sort: integer('sort').notNull().default(0),
    /** Listed in the shop (Buy dropdown, product pages). */
    online: boolean('online').notNull().default(true),
    /** §3 Detection product: whose reports are served online, and which report submodules it carries (§4 report type). */
    isOnlineProduct: boolean('is_online_product').notNull().default(true),
    supportSubmodules: jsonb('support_submodules').notNull().$type<string[]>().default([]),
    packages: jsonb('packages').notNull().$type<Product['packages']>(),
    skuInfos: jsonb('sku_infos').notNull().$type<Product['skuInfos']>(),
    /** Kits left to sell; null is unlimited. Orders take from it in the same statement that checks it. */
    stock: integer('stock'),
    /**
     * A service on a kit the customer already has (upgrade, speed package, Y-full without a new
     * sample): null for goods that ship a kit. Such products are bought on their own /buy pages.
     */
    service: jsonb('service').$type<ProductService>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('products_stock_check', sql`${t.stock} IS NULL OR ${t.stock} >= 0`)],
);
