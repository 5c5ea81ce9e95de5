import type { ProductService, ServiceKind, ServiceKitOffer } from '@jiyin/contracts/shop';
import { type Db, schema } from '@jiyin/db';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { moveOrder, type OrderRow } from '../orders/queries.ts';
import { RAW_DATA_PRODUCT_ID } from '../imports/pipeline.ts';

const { kits, persons, products, reportResults, orders } = schema;
type Tx = Pick<Db, 'select' | 'update' | 'insert'>;
type ProductRow = typeof products.$inferSelect;
export type ServiceProduct = ProductRow & { service: ProductService };

/** Test type of the Y full-sequencing product: owning such a kit makes a "Y-full owner" (§6). */
const Y_FULL_TYPE = 'Y';

/** On-sale products offering this service, from the catalogue. */
export async function serviceProducts(db: Tx, kind: ServiceKind): Promise<ServiceProduct[]> {
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.online, true), isNotNull(products.service), sql`${products.service}->>'kind' = ${kind}`));
  return rows.filter((p): p is ServiceProduct => p.service !== null && p.skuInfos.length > 0);
}

interface KitRow {
  barcode: string;
  productId: string;
  productName: string;
  productType: string;
  isOnlineProduct: boolean;
  personName: string;
  gender: 'male' | 'female';
  hasReport: boolean;
  expeditedAt: Date | null;
}

/**
 * Kits bound to persons the user owns: only an owner buys for a kit (a person shared with the user
 * is read-only, and anyone else's kit is simply not in this list).
 */
export async function ownKits(db: Tx, userId: string, barcode?: string): Promise<KitRow[]> {
  const rows = await db
    .select({
      barcode: kits.barcode,
      productId: kits.productId,
      productName: products.name,
      productType: products.type,
      isOnlineProduct: products.isOnlineProduct,
      personName: persons.name,
      gender: persons.gender,
      reportBarcode: reportResults.barcode,
      expeditedAt: kits.expeditedAt,
    })
    .from(kits)
    .innerJoin(persons, eq(persons.id, kits.personId))
    .innerJoin(products, eq(products.id, kits.productId))
    .leftJoin(reportResults, eq(reportResults.barcode, kits.barcode))
    .where(barcode ? and(eq(persons.ownerUserId, userId), eq(kits.barcode, barcode)) : eq(persons.ownerUserId, userId))
    .orderBy(persons.createdAt, kits.barcode);
  return rows.map(({ reportBarcode, ...r }) => ({ ...r, hasReport: reportBarcode !== null }));
}

/** Whether the user owns a Y full-sequencing kit: §6 sends such owners from /buy/y-full-no-return to /buy/y-full. */
export async function ownsYFull(db: Tx, userId: string): Promise<boolean> {
  const [hit] = await db
    .select({ barcode: kits.barcode })
    .from(kits)
    .innerJoin(persons, eq(persons.id, kits.personId))
    .innerJoin(products, eq(products.id, kits.productId))
    .where(and(eq(persons.ownerUserId, userId), eq(products.type, Y_FULL_TYPE)))
    .limit(1);
  return Boolean(hit);
}

/** The service product that fits a kit, or the reason (zh-CN) it has none. */
function offerFor(kind: ServiceKind, kit: KitRow, list: ServiceProduct[]): ServiceProduct | string {
  // An uploaded file has no sample at the lab: nothing to expedite, no DNA to sequence again.
  if (kit.productId === RAW_DATA_PRODUCT_ID) return '导入的原始数据没有实验室样本，不支持此服务';
  if (!kit.isOnlineProduct) return '该采样盒的报告为线下纸质报告，不支持此服务';
  if (kind === 'upgrade') {
    const p = list.find((s) => s.service.kind === 'upgrade' && s.service.from.includes(kit.productId));
    if (p) return p;
    const target = list.some((s) => s.service.kind === 'upgrade' && s.service.to === kit.productId);
    return target ? '该检测人已是全能版，报告已包含全部模块，无需升级' : '该采样盒的产品暂不支持升级';
  }
  if (kind === 'speed') {
    if (kit.hasReport) return '该采样盒的报告已出，无需加急';
    if (kit.expeditedAt) return '该采样盒已加急，实验室会优先检测';
    return list.find((s) => s.service.kind === 'speed' && s.service.types.includes(kit.productType)) ?? '该采样盒的产品暂不支持加急';
  }
  if (kit.gender !== 'male') return 'Y 染色体只有男性携带，全 Y 测序只适用于男性检测人';
  return (
    list.find((s) => s.service.kind === 'noReturn' && s.service.types.includes(kit.productType)) ??
    '该采样盒的产品不支持免回寄升级全 Y 测序'
  );
}

/** Unpaid (or, for a service the lab still owes, paid) orders of this service per kit. */
async function liveOrders(db: Tx, userId: string, productIds: string[]) {
  if (!productIds.length) return [];
  return db
    .select({ id: orders.id, state: orders.state, targetBarcode: orders.targetBarcode })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.productId, productIds), inArray(orders.state, ['created', 'paid'])));
}

/** The user's kits with what this service offers each (price from the catalogue, never computed by the page). */
export async function serviceOffers(db: Tx, userId: string, kind: ServiceKind, barcode?: string) {
  const list = await serviceProducts(db, kind);
  const mine = await ownKits(db, userId, barcode);
  const open = await liveOrders(
    db,
    userId,
    list.map((p) => p.id),
  );
  return mine.map((kit) => {
    const fit = offerFor(kind, kit, list);
    const live = open.filter((o) => o.targetBarcode === kit.barcode);
    const paid = live.some((o) => o.state === 'paid');
    const sku = typeof fit === 'string' ? null : fit.skuInfos[0];
    const offer: ServiceKitOffer = {
      barcode: kit.barcode,
      personName: kit.personName,
      productName: kit.productName,
      hasReport: kit.hasReport,
      expedited: kit.expeditedAt !== null,
      offer:
        typeof fit === 'string' || !sku || paid
          ? null
          : {
              productId: fit.id,
              sku: sku.sku,
              name: fit.name,
              summary: fit.summary,
              price: sku.actualPrice,
              originalPrice: sku.originalPrice ?? sku.actualPrice,
            },
      refusal: typeof fit === 'string' ? fit : paid ? '已购买此服务，实验室正在处理' : null,
      openOrderId: live.find((o) => o.state === 'created')?.id ?? null,
    };
    return offer;
  });
}

/**
 * A service order was paid (inside the payment's transaction): an upgrade gives the kit the target
 * product's report modules and a speed package puts the kit first in the lab queue, both at once,
 * so the order is done; a no-return Y-full stays paid until staff finish the lab work.
 */
export async function fulfilService(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  if (!order.targetBarcode) return;
  const [p] = await tx.select({ service: products.service }).from(products).where(eq(products.id, order.productId));
  const service = p?.service;
  if (!service || service.kind === 'noReturn') return;
  if (service.kind === 'upgrade')
    await tx
      .update(kits)
      .set({ productId: service.to })
      .where(and(eq(kits.barcode, order.targetBarcode), inArray(kits.productId, service.from)));
  else await tx.update(kits).set({ expeditedAt: now }).where(eq(kits.barcode, order.targetBarcode));
  await moveOrder(tx, { ...order, state: 'paid' }, 'done', now);
}
