import { z } from 'zod';
import type { Product } from './api.ts';

/**
 * Shop, orders and payments (§3 Product and Invoice info, §4 order states and payment results, §7.8,
 * §9 package tiers and price range). Money is integer fen everywhere.
 */
export const SHOP_PATHS = {
  /** POST {productId, sku, count}: the server's price for that many (§7.8 sku price). */
  skuPrice: '/v1/commodity/sku_price',
  /** GET the standard product's price range (§9: from the trait price to the standard price). */
  priceRange: '/v1/commodity/price_range',
  /** POST: create an order (§7.8 /api/gateway/order). */
  createOrder: '/api/gateway/order',
  /** GET the caller's orders, page and size. */
  orders: '/v1/order/orders',
  /** GET one of the caller's orders. */
  order: '/v1/order_ds/orders/:id',
  /** PUT {status: 'cancelled' | 'hidden'}: cancel (refunding a paid order) or hide from the list. */
  orderStatus: '/v1/order/orders/:id/status',
  /** PUT invoice info for a paid order (§3 Invoice info). */
  orderInvoice: '/v1/order/orders/:id/invoice',
  /** GET the pay types this server takes. */
  payTypes: '/v1/order/pay_types',
  /** POST {payType, wxAppAlias?}: start paying; GET the payment state. */
  pay: '/v1/order/pay/:id',
  /** Provider notifications (server to server), verified by signature. */
  payNotify: '/api/pay/notify/:provider',
  /** Development provider only: the simulated cashier reports ok, fail or cancel. */
  devPaySimulate: '/api/pay/dev/:paymentId/simulate',
  /** GET the caller's coupons (§7.8 /v2/coupon/coupons), `?status=unused|used|expired`. */
  coupons: '/v2/coupon/coupons',
  /** POST {code}: redeem a code for a coupon. */
  couponRedeem: '/v2/coupon/redeem',
  /** POST {nationCode, phoneNumber, authCode}: the orders sent to or bought by that phone (§7.8 retrieve by phone and code). */
  retrieveOrders: '/v1/order/retrieve',
  /** POST {productId, sku, count}: the coupons usable on that purchase, best first (§7.8 recommendation). */
  couponRecommend: '/v2/coupon/recommendation',
  /** GET the caller's kits with what a service (upgrade, speed, noReturn) offers each (§7.8 upgrade and speed-package calls). */
  serviceOffers: '/v1/order/services/:kind',
  /** POST {barcode, idempotencyKey}: an order for that service on one of the caller's kits. */
  serviceOrder: '/v1/order/services/:kind/orders',
} as const;

/**
 * Services bought for a kit the customer already has (§1 upgrades, speed packages; §6 Y-full
 * without returning a sample). Nothing is shipped: the order names the kit instead of an address.
 */
export const SERVICE_KINDS = ['upgrade', 'speed', 'noReturn'] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];

/** A service product's terms, kept on the product row (catalogue data, not page logic). */
export type ProductService =
  /** The same chip data, reported as the `to` product: for kits of the `from` products. */
  | { kind: 'upgrade'; from: string[]; to: string }
  /** The lab handles the kit first: for kits of products of these test types, before their report is out. */
  | { kind: 'speed'; types: string[] }
  /** The `to` test run on the DNA the lab keeps from a kit of these test types (no new sample). */
  | { kind: 'noReturn'; to: string; types: string[] };

/** One of the caller's kits on a service page: the offer for it, or why there is none. */
export interface ServiceKitOffer {
  barcode: string;
  personName: string;
  productName: string;
  hasReport: boolean;
  expedited: boolean;
  /** The catalogue's product and SKU for this kit and its price in fen; null when refused. */
  offer: { productId: string; sku: string; name: string; summary: string; price: number; originalPrice: number } | null;
  /** Why this kit cannot have the service (zh-CN), when offer is null. */
  refusal: string | null;
  /** An unpaid order for this kit and service the customer can go on paying. */
  openOrderId: string | null;
}

export const serviceKindParams = z.object({ kind: z.enum(SERVICE_KINDS, { error: '不支持的服务' }) });

export const serviceOrderSchema = z.object({
  barcode: z.string({ error: '请选择采样盒' }).trim().min(1, '请选择采样盒').max(64, '条码不正确'),
  idempotencyKey: z.string({ error: '缺少请求标识' }).regex(/^[\w-]{8,64}$/, '请求标识不正确'),
});

/** §4 order states as a state machine; `hidden` is a flag on a finished order, not a state. */
export const ORDER_STATES = ['created', 'paid', 'shipped', 'bound', 'done', 'cancelled', 'refunded'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** Every allowed transition; anything else is refused. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderState, readonly OrderState[]>> = {
  created: ['paid', 'cancelled'],
  // paid → done is for service orders only (nothing to ship); moveOrder enforces that.
  paid: ['shipped', 'refunded', 'done'],
  shipped: ['bound'],
  bound: ['done'],
  done: [],
  cancelled: [],
  refunded: [],
};

export function canTransition(from: OrderState, to: OrderState): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** Orders the user may hide from their list: finished ones only, so nothing in flight disappears. */
export function canHide(state: OrderState): boolean {
  return state === 'done' || state === 'cancelled' || state === 'refunded';
}

export const ORDER_STATE_LABELS: Record<OrderState, string> = {
  created: '待支付',
  paid: '已支付，待发货',
  shipped: '已发货',
  bound: '采样盒已绑定',
  done: '已完成',
  cancelled: '已取消',
  refunded: '已退款',
};

/** §4 payment results of the messaging-app pay, used by every provider. */
export const PAY_RESULTS = ['ok', 'fail', 'cancel'] as const;
export type PayResult = (typeof PAY_RESULTS)[number];

/** Pay types with an adapter; which are on is configuration (GET payTypes answers them). */
export const PAY_TYPES = ['dev', 'alipay', 'wechat'] as const;
export type PayType = (typeof PAY_TYPES)[number];

export const PAY_TYPE_LABELS: Record<PayType, string> = { dev: '模拟支付（开发环境）', alipay: '支付宝', wechat: '微信支付' };

/** An unpaid order is closed (its stock and coupon given back) this long after it was placed. */
export const ORDER_PAY_WINDOW_MS = 30 * 60_000;

/** Most kits one order may hold; more is a group purchase handled by customer service. */
export const MAX_ORDER_COUNT = 10;

/** The package tier that applies to `count` kits: the one with the largest minCount not above it (§9). */
export function tierFor(packages: Product['packages'], count: number): Product['packages'][number] | null {
  let best: Product['packages'][number] | null = null;
  for (const p of packages) if (p.minCount <= count && (!best || p.minCount > best.minCount)) best = p;
  return best;
}

export interface PriceQuote {
  productId: string;
  sku: string;
  count: number;
  unitPrice: number;
  /** Package-tier discount for the whole order. */
  packageDiscount: number;
  couponDiscount: number;
  total: number;
}

/** The price of `count` kits of one SKU in fen: unit price times count, less the tier's per-kit cut. */
export function quote(product: Product, skuCode: string, count: number, couponDiscount = 0): PriceQuote | null {
  const sku = product.skuInfos.find((s) => s.sku === skuCode);
  if (!sku || !Number.isInteger(count) || count < 1) return null;
  const gross = sku.actualPrice * count;
  const packageDiscount = Math.min(gross, (tierFor(product.packages, count)?.discountPerUnit ?? 0) * count);
  const coupon = Math.min(gross - packageDiscount, couponDiscount);
  return {
    productId: product.id,
    sku: sku.sku,
    count,
    unitPrice: sku.actualPrice,
    packageDiscount,
    couponDiscount: coupon,
    total: gross - packageDiscount - coupon,
  };
}

/** §9: the standard product's price is shown as a range from the trait product's price to its own. */
export function standardPriceRange(products: Product[]): { min: number; max: number } | null {
  const price = (tag: Product['commodityTag']) => products.find((p) => p.commodityTag === tag)?.skuInfos[0]?.actualPrice;
  const min = price('trait');
  const max = price('standard');
  if (min === undefined || max === undefined) return null;
  return { min: Math.min(min, max), max: Math.max(min, max) };
}

/** The version choices of /buy/standard/order, whose price range §9 gives (trait to standard). */
export const STANDARD_CHOICE_TAGS = ['standard', 'ances_trait', 'trait'] as const;

/**
 * §6: /shop/yfull is for a signed-in user whose current person has a known sex and an SNP-chip
 * (GENETIC) detection; everyone else gets /shop/yfull-noreport.
 */
export function yfullShopPath(current: { gender: string | null; productType: string } | null): '/shop/yfull' | '/shop/yfull-noreport' {
  return current && (current.gender === 'male' || current.gender === 'female') && current.productType === 'GENETIC'
    ? '/shop/yfull'
    : '/shop/yfull-noreport';
}

export const skuPriceSchema = z.object({
  productId: z.string({ error: '请选择商品' }).min(1, '请选择商品').max(64),
  sku: z.string({ error: '请选择规格' }).min(1, '请选择规格').max(64),
  count: z.coerce
    .number({ error: '请选择数量' })
    .int('数量必须是整数')
    .min(1, '数量至少为 1')
    .max(MAX_ORDER_COUNT, `每单最多购买 ${MAX_ORDER_COUNT} 件`),
});

/** §3 Invoice info; company fields only for a company (type 'company'). */
export const DEFAULT_INVOICE_CONTENT = '基因解读服务费';
export const invoiceSchema = z
  .object({
    invoiceType: z.enum(['electronic'], { error: '发票类型不正确' }).default('electronic'),
    type: z.enum(['personal', 'company'], { error: '请选择抬头类型' }),
    email: z.email('请输入正确的邮箱'),
    mobile: z.string().regex(/^1\d{10}$/, '请输入正确的手机号'),
    info: z.object({
      companyName: z.string().trim().min(2, '请输入发票抬头').max(100),
      taxpayerCode: z
        .string()
        .trim()
        .regex(/^[0-9A-Z]{15,20}$/, '纳税人识别号为 15–20 位数字或大写字母')
        .optional()
        .or(z.literal('')),
      registerAddress: z.string().trim().max(120).optional(),
      registerNumber: z.string().trim().max(30).optional(),
      registerBank: z.string().trim().max(60).optional(),
      bankAccount: z.string().trim().max(40).optional(),
      invoiceContent: z.string().trim().min(1).max(40).default(DEFAULT_INVOICE_CONTENT),
    }),
  })
  .refine((v) => v.type === 'personal' || Boolean(v.info.taxpayerCode), {
    message: '企业发票请填写纳税人识别号',
    path: ['info', 'taxpayerCode'],
  });
export type InvoiceInfo = z.infer<typeof invoiceSchema>;

export const createOrderSchema = skuPriceSchema.extend({
  addressId: z.uuid('请选择收货地址'),
  couponId: z.uuid('优惠券不可用').optional(),
  /** The page makes one per checkout; a repeated key answers the order it already made. */
  idempotencyKey: z.string({ error: '缺少请求标识' }).regex(/^[\w-]{8,64}$/, '请求标识不正确'),
});

export const payOrderSchema = z.object({
  payType: z.enum(PAY_TYPES, { error: '不支持的支付方式' }),
  wxAppAlias: z.string().max(40).optional(),
});

/**
 * §4 messaging-app payment results from WeixinJSBridge's err_msg: "…:ok" is ok, "…:cancel" is
 * cancel, anything else is fail (§8: the caller then gets the serialized result).
 */
export function wechatPayResult(errMsg: unknown): PayResult {
  const s = typeof errMsg === 'string' ? errMsg : '';
  return s.endsWith(':ok') ? 'ok' : s.endsWith(':cancel') ? 'cancel' : 'fail';
}

/** §3 messaging-app payment request: what WeixinJSBridge getBrandWCPayRequest takes. */
export interface WechatJsapiParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
}

export const orderStatusSchema = z.object({ status: z.enum(['cancelled', 'hidden'], { error: '不支持的操作' }) });

/** An order: the price quote it was created at, and what happened to it since. */
export interface OrderView extends PriceQuote {
  id: string;
  productName: string;
  skuPicture: string;
  state: OrderState;
  /** Null for a service order: nothing is shipped. */
  address: { receiver: string; phone: string; region: string; detail: string } | null;
  /** The kit a service order is for. */
  targetBarcode: string | null;
  invoice: InvoiceInfo | null;
  payment: { payType: PayType; state: PaymentState; refunded: boolean } | null;
  createdAt: string;
  paidAt: string | null;
}

export const PAYMENT_STATES = ['pending', 'paid', 'failed', 'cancelled', 'refunded'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** What the page needs to open the provider's cashier. */
export interface PayStart {
  payType: PayType;
  paymentId: string;
  amount: number;
  /** Where the page sends the payer (a provider's cashier); the development cashier is a dialog instead. */
  redirectUrl?: string;
  /** The messaging app's in-browser pay (§3 payload, §4 results ok, fail, cancel). */
  jsapi?: WechatJsapiParams;
}

export const COUPON_STATUSES = ['unused', 'used', 'expired'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

export interface CouponView {
  id: string;
  title: string;
  amount: number;
  threshold: number;
  /** Products it applies to; null is every product. */
  productIds: string[] | null;
  validFrom: string;
  validTo: string;
  status: CouponStatus;
}

/**
 * What a coupon takes off a purchase of `productId` worth `subtotal` fen (after package cuts), or
 * null when it cannot be used on it. The server applies it; the page only shows it.
 */
export function couponDiscount(
  c: { amount: number; threshold: number; productIds: string[] | null; validFrom: Date; validTo: Date; usedOrderId: string | null },
  productId: string,
  subtotal: number,
  now: Date,
): number | null {
  if (c.usedOrderId || now < c.validFrom || now >= c.validTo) return null;
  if (c.productIds && !c.productIds.includes(productId)) return null;
  if (subtotal < c.threshold) return null;
  return Math.min(c.amount, subtotal);
}

export const redeemSchema = z.object({
  code: z
    .string({ error: '请输入兑换码' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{4,32}$/, '兑换码为 4–32 位字母或数字'),
});

/** An order as retrieval by phone shows it: what and where it stands, without the full address. */
export interface RetrievedOrder {
  id: string;
  productName: string;
  count: number;
  total: number;
  state: OrderState;
  stateLabel: string;
  receiver: string;
  region: string;
  createdAt: string;
}
