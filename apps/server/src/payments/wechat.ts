import { createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto';
import type { PayStart } from '@jiyin/contracts/shop';
import type { NotificationContext, PayNotification, PaymentRow, PayProvider, StartOptions } from './providers.ts';

export interface WechatPayConfig {
  /** The official account's (messaging-app) appid the payer pays in. */
  appId: string;
  mchId: string;
  /** The merchant's API private key (PEM) and its certificate's serial number. */
  privateKey: string;
  serialNo: string;
  /** WeChat Pay's public key (PEM) that signs notifications and answers, and its id (the Wechatpay-Serial header). */
  platformPublicKey: string;
  platformSerial: string;
  /** The 32-byte APIv3 key that encrypts notification resources. */
  apiV3Key: string;
  notifyUrl: string;
  gateway: string;
}

/** Notifications older or newer than this are refused (a replayed capture carries its old timestamp). */
export const WECHAT_NOTIFY_WINDOW_S = 300;

const sign = (message: string, key: string) => createSign('RSA-SHA256').update(message, 'utf8').sign(key, 'base64');

/** APIv3 request signature: method, path with query, timestamp, nonce and body, each line ended by \n. */
export function wechatRequestMessage(method: string, pathWithQuery: string, timestamp: string, nonce: string, body: string): string {
  return `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;
}

/** JSAPI paySign: appId, timeStamp, nonceStr and package, each line ended by \n. */
export function wechatPaySignMessage(appId: string, timeStamp: string, nonceStr: string, pkg: string): string {
  return `${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`;
}

/** AEAD_AES_256_GCM resource decryption: the ciphertext's last 16 bytes are the tag. */
export function decryptWechatResource(apiV3Key: string, r: { ciphertext: string; nonce: string; associated_data?: string }): string {
  const data = Buffer.from(r.ciphertext, 'base64');
  if (data.length < 17) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(r.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  if (r.associated_data) decipher.setAAD(Buffer.from(r.associated_data, 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

const header = (headers: Record<string, unknown>, name: string) => {
  const v = headers[name.toLowerCase()];
  return typeof v === 'string' ? v : null;
};

/**
 * WeChat Pay API v3, JSAPI (the messaging app's in-browser pay): a signed prepay call makes the
 * prepay id, the page gets appId, timeStamp, nonceStr, package, signType and paySign for
 * WeixinJSBridge; notifications are verified against WeChat Pay's public key over
 * timestamp, nonce and raw body, then their resource is decrypted with the APIv3 key.
 */
export class WechatPayProvider implements PayProvider {
  readonly name = 'wechat' as const;
  private readonly cfg: WechatPayConfig;
  private readonly fetchFn: typeof fetch;
  private readonly nowS: () => number;
  constructor(cfg: WechatPayConfig, fetchFn: typeof fetch = fetch, nowS = () => Math.floor(Date.now() / 1000)) {
    this.cfg = cfg;
    this.fetchFn = fetchFn;
    this.nowS = nowS;
  }

  /** Verifies a WeChat Pay signature over timestamp, nonce and body (notifications and answers alike). */
  private verifySignature(headers: Record<string, unknown>, body: string): boolean {
    const timestamp = header(headers, 'Wechatpay-Timestamp');
    const nonce = header(headers, 'Wechatpay-Nonce');
    const signature = header(headers, 'Wechatpay-Signature');
    const serial = header(headers, 'Wechatpay-Serial');
    if (!timestamp || !nonce || !signature || serial !== this.cfg.platformSerial || !/^\d{1,12}$/.test(timestamp)) return false;
    if (Math.abs(this.nowS() - Number(timestamp)) > WECHAT_NOTIFY_WINDOW_S) return false;
    try {
      return createVerify('RSA-SHA256')
        .update(`${timestamp}\n${nonce}\n${body}\n`, 'utf8')
        .verify(this.cfg.platformPublicKey, signature, 'base64');
    } catch {
      return false;
    }
  }

  private async call(
    method: 'GET' | 'POST',
    pathWithQuery: string,
    payload?: object,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const body = payload ? JSON.stringify(payload) : '';
    const timestamp = String(this.nowS());
    const nonce = randomBytes(16).toString('hex');
    const signature = sign(wechatRequestMessage(method, pathWithQuery, timestamp, nonce, body), this.cfg.privateKey);
    const res = await this.fetchFn(`${this.cfg.gateway}${pathWithQuery}`, {
      method,
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        authorization: `WECHATPAY2-SHA256-RSA2048 mchid="${this.cfg.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${this.cfg.serialNo}"`,
      },
      body: payload ? body : undefined,
    });
    const text = await res.text();
    // Answers are signed like notifications; an unsigned or forged one is not believed.
    if (!this.verifySignature(Object.fromEntries(res.headers), text))
      throw new Error(`wechat pay answer to ${pathWithQuery} failed signature check`);
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }

  async start(payment: PaymentRow, opts: StartOptions): Promise<PayStart> {
    if (!opts.openid) throw new Error('wechat JSAPI pay needs the payer openid');
    const { status, body } = await this.call('POST', '/v3/pay/transactions/jsapi', {
      appid: this.cfg.appId,
      mchid: this.cfg.mchId,
      description: '基因检测订单',
      out_trade_no: payment.id.replaceAll('-', ''),
      notify_url: this.cfg.notifyUrl,
      amount: { total: payment.amount, currency: 'CNY' },
      payer: { openid: opts.openid },
    });
    if (status !== 200 || typeof body.prepay_id !== 'string') throw new Error(`wechat prepay failed: ${status} ${String(body.code ?? '')}`);
    const timeStamp = String(this.nowS());
    const nonceStr = randomBytes(16).toString('hex');
    const pkg = `prepay_id=${body.prepay_id}`;
    return {
      payType: 'wechat',
      paymentId: payment.id,
      amount: payment.amount,
      jsapi: {
        appId: this.cfg.appId,
        timeStamp,
        nonceStr,
        package: pkg,
        signType: 'RSA',
        paySign: sign(wechatPaySignMessage(this.cfg.appId, timeStamp, nonceStr, pkg), this.cfg.privateKey),
      },
    };
  }

  verify(body: unknown, ctx?: NotificationContext): PayNotification | null {
    if (!ctx?.rawBody || !this.verifySignature(ctx.headers, ctx.rawBody)) return null;
    const n = body as {
      id?: unknown;
      resource?: { ciphertext?: unknown; nonce?: unknown; associated_data?: unknown; algorithm?: unknown };
    };
    const r = n?.resource;
    if (typeof n?.id !== 'string' || r?.algorithm !== 'AEAD_AES_256_GCM' || typeof r.ciphertext !== 'string' || typeof r.nonce !== 'string')
      return null;
    let tx: {
      appid?: string;
      mchid?: string;
      out_trade_no?: string;
      transaction_id?: string;
      trade_state?: string;
      amount?: { total?: number };
    };
    try {
      tx = JSON.parse(
        decryptWechatResource(this.cfg.apiV3Key, {
          ciphertext: r.ciphertext,
          nonce: r.nonce,
          associated_data: typeof r.associated_data === 'string' ? r.associated_data : undefined,
        }),
      );
    } catch {
      return null;
    }
    if (tx.appid !== this.cfg.appId || tx.mchid !== this.cfg.mchId || !tx.out_trade_no || !tx.transaction_id) return null;
    if (!Number.isInteger(tx.amount?.total)) return null;
    const result =
      tx.trade_state === 'SUCCESS' ? 'ok' : tx.trade_state === 'PAYERROR' ? 'fail' : tx.trade_state === 'CLOSED' ? 'cancel' : null;
    if (!result) return null;
    return {
      notifyId: n.id,
      paymentId: paymentIdOf(tx.out_trade_no),
      amount: tx.amount?.total as number,
      result,
      tradeNo: tx.transaction_id,
    };
  }

  async refund(payment: PaymentRow): Promise<void> {
    const { status, body } = await this.call('POST', '/v3/refund/domestic/refunds', {
      out_trade_no: payment.id.replaceAll('-', ''),
      out_refund_no: `R${payment.id.replaceAll('-', '')}`.slice(0, 64),
      amount: { refund: payment.amount, total: payment.amount, currency: 'CNY' },
    });
    if (status !== 200 || (body.status !== 'SUCCESS' && body.status !== 'PROCESSING'))
      throw new Error(`wechat refund failed: ${status} ${String(body.code ?? body.status ?? '')}`);
  }

  async query(payment: PaymentRow): Promise<'paid' | 'unpaid'> {
    const { status, body } = await this.call(
      'GET',
      `/v3/pay/transactions/out-trade-no/${payment.id.replaceAll('-', '')}?mchid=${this.cfg.mchId}`,
    );
    return status === 200 && body.trade_state === 'SUCCESS' ? 'paid' : 'unpaid';
  }
}

/** out_trade_no is the payment id without dashes (WeChat allows 6–32 characters): back to the UUID. */
export function paymentIdOf(outTradeNo: string): string {
  const h = outTradeNo.toLowerCase();
  return /^[0-9a-f]{32}$/.test(h) ? `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}` : outTradeNo;
}
