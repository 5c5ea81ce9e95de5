import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The messaging app's JS-SDK signature (§7.5): SHA-1 over
 * `jsapi_ticket=…&noncestr=…&timestamp=…&url=…` (keys in ASCII order, values raw, not URL-escaped;
 * the URL without its fragment).
 */
export function jsSdkSignature(p: { ticket: string; nonceStr: string; timestamp: number; url: string }): string {
  const string1 = `jsapi_ticket=${p.ticket}&noncestr=${p.nonceStr}&timestamp=${p.timestamp}&url=${p.url}`;
  return createHash('sha1').update(string1).digest('hex');
}

/** Where jsapi tickets come from: the platform's API, or a local stand-in in development. */
export interface TicketProvider {
  readonly name: string;
  readonly appId: string;
  fetchTicket(): Promise<{ ticket: string; expiresInS: number }>;
}

/**
 * Development: a random ticket valid two hours, like the platform's. Signatures made with it are
 * well-formed but the real JS-SDK rejects them; the log says so at start.
 */
export class DevTicketProvider implements TicketProvider {
  readonly name = 'dev';
  readonly appId = 'wx-dev-app-id';
  async fetchTicket() {
    return { ticket: `dev-${randomBytes(24).toString('base64url')}`, expiresInS: 7200 };
  }
}

/** The platform: an access token from the app id and secret, then the jsapi ticket with it. */
export class WechatTicketProvider implements TicketProvider {
  readonly name = 'wechat';
  readonly appId: string;
  private readonly secret: string;
  private readonly apiBase: string;
  constructor(appId: string, secret: string, apiBase = 'https://api.weixin.qq.com') {
    this.appId = appId;
    this.secret = secret;
    this.apiBase = apiBase;
  }
  async fetchTicket() {
    const tokenRes = await getJson(
      `${this.apiBase}/cgi-bin/token?grant_type=client_credential&appid=${encodeURIComponent(this.appId)}&secret=${encodeURIComponent(this.secret)}`,
    );
    if (typeof tokenRes.access_token !== 'string') throw new Error(`access token refused: ${tokenRes.errcode} ${tokenRes.errmsg}`);
    const ticketRes = await getJson(`${this.apiBase}/cgi-bin/ticket/getticket?access_token=${tokenRes.access_token}&type=jsapi`);
    if (ticketRes.errcode !== 0 || typeof ticketRes.ticket !== 'string') {
      throw new Error(`jsapi ticket refused: ${ticketRes.errcode} ${ticketRes.errmsg}`);
    }
    return { ticket: ticketRes.ticket, expiresInS: Number(ticketRes.expires_in ?? 7200) };
  }
}

async function getJson(url: string): Promise<Record<string, unknown> & { errcode?: number; errmsg?: string }> {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`platform answered ${res.status}`);
  return (await res.json()) as Record<string, unknown>;
}

/**
 * The ticket kept per process and refreshed five minutes before it expires (the platform limits how
 * often it may be fetched). Concurrent callers share one fetch.
 */
export class TicketCache {
  private current: { ticket: string; refreshAt: number } | null = null;
  private inflight: Promise<string> | null = null;
  private readonly provider: TicketProvider;
  private readonly now: () => Date;
  constructor(provider: TicketProvider, now: () => Date) {
    this.provider = provider;
    this.now = now;
  }
  get appId() {
    return this.provider.appId;
  }
  async ticket(): Promise<string> {
    const at = this.now().getTime();
    if (this.current && at < this.current.refreshAt) return this.current.ticket;
    this.inflight ??= this.provider
      .fetchTicket()
      .then(({ ticket, expiresInS }) => {
        this.current = { ticket, refreshAt: at + Math.max(60, expiresInS - 300) * 1000 };
        return ticket;
      })
      .finally(() => {
        this.inflight = null;
      });
    return this.inflight;
  }
}

export function createTicketProvider(config: { provider: 'dev' | 'wechat'; appId?: string; appSecret?: string }, log: FastifyBaseLogger) {
  if (config.provider === 'wechat' && config.appId && config.appSecret) return new WechatTicketProvider(config.appId, config.appSecret);
  log.info('messaging-app JS-SDK: development ticket provider (signatures are not accepted by the real JS-SDK)');
  return new DevTicketProvider();
}
