import { createHmac, timingSafeEqual } from 'node:crypto';
import { PAY_RESULTS, type PayResult, type PayStart, type PayType } from '@jiyin/contracts/shop';
import type { schema } from '@jiyin/db';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { AlipayProvider } from './alipay.ts';
import { WechatPayProvider } from './wechat.ts';

export type PaymentRow = typeof schema.payments.$inferSelect;

/** A provider's notification once its signature has been checked. */
export interface PayNotification {
  /** The provider's id of this notification; a replay carries the same one. */
  notifyId: string;
  paymentId: string;
  amount: number;
  result: PayResult;
  tradeNo: string;
}

/** What opening a cashier may need beyond the payment: the payer's messaging-app openid (WeChat JSAPI). */
export interface StartOptions {
  openid?: string;
}

/** The request a notification came in: some providers sign headers and the raw body. */
export interface NotificationContext {
  headers: Record<string, unknown>;
  rawBody: string | null;
}

/** One payment provider: opens its cashier, verifies its notifications, refunds. */
export interface PayProvider {
  readonly name: PayType;
  start(payment: PaymentRow, opts: StartOptions): PayStart | Promise<PayStart>;
  /** The notification if its signature is the provider's, else null. */
  verify(body: unknown, ctx?: NotificationContext): PayNotification | null;
  refund(payment: PaymentRow): Promise<void>;
  /** Asks the provider whether a payment it never notified about went through (reconciliation). */
  query(payment: PaymentRow): Promise<'paid' | 'unpaid'>;
}

/** The signed string: sorted `key=value` pairs joined by `&`, the signature itself left out. */
function canonical(fields: Record<string, string | number>): string {
  return Object.keys(fields)
    .filter((k) => k !== 'sign')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
}

function devSign(secret: string, fields: PayNotification): string {
  return createHmac('sha256', secret)
    .update(canonical({ ...fields }))
    .digest('hex');
}

const devNotification = z.object({
  notifyId: z.string().min(1).max(64),
  paymentId: z.string().min(1).max(64),
  amount: z.number().int().min(0),
  result: z.enum(PAY_RESULTS),
  tradeNo: z.string().min(1).max(64),
  sign: z.string().regex(/^[0-9a-f]{64}$/),
});

/**
 * The development cashier: the demo and tests pay with it. Its notifications are signed with
 * HMAC-SHA256 under PAY_DEV_SECRET, so a forged one fails exactly as with a real provider.
 */
export class DevPayProvider implements PayProvider {
  readonly name = 'dev' as const;
  private readonly secret: string;
  constructor(secret: string) {
    this.secret = secret;
  }
  start(payment: PaymentRow): PayStart {
    return { payType: 'dev', paymentId: payment.id, amount: payment.amount };
  }
  verify(body: unknown): PayNotification | null {
    const parsed = devNotification.safeParse(body);
    if (!parsed.success) return null;
    const { sign, ...fields } = parsed.data;
    const expected = Buffer.from(devSign(this.secret, fields), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(sign, 'hex'))) return null;
    return fields;
  }
  /** Nothing to call: the simulated money goes back at once. */
  async refund(): Promise<void> {}
  /** The simulated cashier keeps no records of its own: what it did not notify never happened. */
  async query(): Promise<'paid' | 'unpaid'> {
    return 'unpaid';
  }
  /** What the simulated cashier posts back, signed. */
  notification(fields: PayNotification): PayNotification & { sign: string } {
    return { ...fields, sign: devSign(this.secret, fields) };
  }
}

/** The configured providers by pay type; empty when none is (prod until a real adapter lands). */
export type PayProviders = ReadonlyMap<PayType, PayProvider>;

export function createPayProviders(config: Config): PayProviders {
  const providers = new Map<PayType, PayProvider>();
  if (config.pay.provider === 'dev') providers.set('dev', new DevPayProvider(config.pay.devSecret));
  if (config.pay.alipay) providers.set('alipay', new AlipayProvider(config.pay.alipay));
  if (config.pay.wechat) providers.set('wechat', new WechatPayProvider(config.pay.wechat));
  return providers;
}
