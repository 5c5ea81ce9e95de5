import { createSign, createVerify } from 'node:crypto';
import type { PayStart } from '@jiyin/contracts/shop';
import { formatBeijingTime } from '@jiyin/contracts/time';
import type { PayNotification, PaymentRow, PayProvider } from './providers.ts';

export interface AlipayConfig {
  appId: string;
  /** The merchant's RSA private key (PEM) that signs requests. */
  privateKey: string;
  /** Alipay's RSA public key (PEM) that verifies notifications and answers. */
  alipayPublicKey: string;
  gateway: string;
  notifyUrl: string;
  returnUrl?: string;
}

/** Alipay's signed string: parameters sorted by name, empty ones, `sign` and (for notifications) `sign_type` left out. */
export function alipaySignContent(params: Record<string, string>, omitSignType: boolean): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && !(omitSignType && k === 'sign_type') && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/** RSA2: SHA256withRSA, base64. */
function alipaySign(params: Record<string, string>, privateKey: string): string {
  return createSign('RSA-SHA256').update(alipaySignContent(params, false), 'utf8').sign(privateKey, 'base64');
}

/** "12.34" yuan to 1234 fen without floating point; null when it is not a money amount. */
function fenOf(yuan: string | undefined): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(yuan ?? '');
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
}
const yuanOf = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

/**
 * Alipay (open platform, RSA2): the page pays on Alipay's cashier (a signed redirect), Alipay posts a
 * form-encoded notification signed with its key, refunds and queries are signed gateway calls.
 */
export class AlipayProvider implements PayProvider {
  readonly name = 'alipay' as const;
  private readonly cfg: AlipayConfig;
  private readonly fetchFn: typeof fetch;
  constructor(cfg: AlipayConfig, fetchFn: typeof fetch = fetch) {
    this.cfg = cfg;
    this.fetchFn = fetchFn;
  }

  private request(method: string, biz: Record<string, string>, extra: Record<string, string> = {}): Record<string, string> {
    const params: Record<string, string> = {
      app_id: this.cfg.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: formatBeijingTime(new Date()),
      version: '1.0',
      biz_content: JSON.stringify(biz),
      ...extra,
    };
    return { ...params, sign: alipaySign(params, this.cfg.privateKey) };
  }

  start(payment: PaymentRow): PayStart {
    const params = this.request(
      'alipay.trade.page.pay',
      { out_trade_no: payment.id, total_amount: yuanOf(payment.amount), subject: '基因检测订单', product_code: 'FAST_INSTANT_TRADE_PAY' },
      { notify_url: this.cfg.notifyUrl, ...(this.cfg.returnUrl ? { return_url: this.cfg.returnUrl } : {}) },
    );
    return {
      payType: 'alipay',
      paymentId: payment.id,
      amount: payment.amount,
      redirectUrl: `${this.cfg.gateway}?${new URLSearchParams(params)}`,
    };
  }

  verify(body: unknown): PayNotification | null {
    if (!body || typeof body !== 'object') return null;
    const p = body as Record<string, string>;
    if (typeof p.sign !== 'string' || p.sign_type !== 'RSA2' || p.app_id !== this.cfg.appId) return null;
    if (Object.values(p).some((v) => typeof v !== 'string')) return null;
    let valid = false;
    try {
      valid = createVerify('RSA-SHA256').update(alipaySignContent(p, true), 'utf8').verify(this.cfg.alipayPublicKey, p.sign, 'base64');
    } catch {
      return null;
    }
    const amount = fenOf(p.total_amount);
    if (!valid || amount === null || !p.notify_id || !p.out_trade_no || !p.trade_no) return null;
    const status = p.trade_status;
    const result = status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED' ? 'ok' : status === 'TRADE_CLOSED' ? 'cancel' : null;
    if (!result) return null;
    return { notifyId: p.notify_id, paymentId: p.out_trade_no, amount, result, tradeNo: p.trade_no };
  }

  private async call(method: string, biz: Record<string, string>): Promise<Record<string, string>> {
    const res = await this.fetchFn(this.cfg.gateway, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body: new URLSearchParams(this.request(method, biz)),
    });
    const answer = (await res.json()) as Record<string, Record<string, string>>;
    const key = `${method.replaceAll('.', '_')}_response`;
    return answer[key] ?? {};
  }

  async refund(payment: PaymentRow): Promise<void> {
    const r = await this.call('alipay.trade.refund', {
      out_trade_no: payment.id,
      refund_amount: yuanOf(payment.amount),
      out_request_no: `refund-${payment.id}`,
    });
    if (r.code !== '10000') throw new Error(`alipay refund failed: ${r.code} ${r.sub_msg ?? r.msg ?? ''}`);
  }

  async query(payment: PaymentRow): Promise<'paid' | 'unpaid'> {
    const r = await this.call('alipay.trade.query', { out_trade_no: payment.id });
    return r.code === '10000' && (r.trade_status === 'TRADE_SUCCESS' || r.trade_status === 'TRADE_FINISHED') ? 'paid' : 'unpaid';
  }
}
