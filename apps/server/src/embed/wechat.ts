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

/**
 * The messaging-app platform as the site uses it: jsapi tickets for the JS-SDK (§7.5) and web
 * authorization, the openid of a visitor (§6 sign-in on the bridge host). The real adapter calls the
 * platform; the development one stands in locally.
 */
export interface WechatProvider {
  readonly name: string;
  readonly appId: string;
  fetchTicket(): Promise<{ ticket: string; expiresInS: number }>;
  /** Where to send the visitor to authorize; the platform comes back to `redirectUri` with code and state. */
  authorizeUrl(redirectUri: string, state: string, deviceHint: string): string;
  /** The visitor's openid for the code the platform handed back. */
  openIdFor(code: string): Promise<string>;
}

/**
 * Development: a random ticket valid two hours, like the platform's (signatures made with it are
 * well-formed, but the real JS-SDK rejects them); authorization comes straight back with a code
 * naming this browser's device, so one browser keeps one openid. The log says so at start.
 */
export class DevWechatProvider implements WechatProvider {
  readonly name = 'dev';
  readonly appId: string = 'wx-dev-app-id';
  async fetchTicket() {
    return { ticket: `dev-${randomBytes(24).toString('base64url')}`, expiresInS: 7200 };
  }
  authorizeUrl(redirectUri: string, state: string, deviceHint: string) {
    const url = new URL(redirectUri);
    url.searchParams.set('code', `dev.${createHash('sha256').update(deviceHint).digest('hex').slice(0, 24)}`);
    url.searchParams.set('state', state);
    return url.href;
  }
  async openIdFor(code: string) {
    if (!/^dev\.[0-9a-f]{24}$/.test(code)) throw new Error('not a development code');
    return `dev-openid-${code.slice(4)}`;
  }
}

/** The platform: an access token from the app id and secret, then the jsapi ticket with it. */
export class WechatPlatformProvider implements WechatProvider {
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
  authorizeUrl(redirectUri: string, state: string) {
    const q = new URLSearchParams({ appid: this.appId, redirect_uri: redirectUri, response_type: 'code', scope: 'snsapi_base', state });
    return `https://open.weixin.qq.com/connect/oauth2/authorize?${q}#wechat_redirect`;
  }
  async openIdFor(code: string) {
    const q = new URLSearchParams({ appid: this.appId, secret: this.secret, code, grant_type: 'authorization_code' });
    const res = await getJson(`${this.apiBase}/sns/oauth2/access_token?${q}`);
    if (typeof res.openid !== 'string') throw new Error(`authorization code refused: ${res.errcode} ${res.errmsg}`);
    return res.openid;
  }
}

async function getJson(url: string): Promise<Record<string, unknown> & { errcode?: number; errmsg?: string }> {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`platform answered ${res.status}`);
  return (await res.json()) as Record<string, unknown>;
}

/**
 * The platform with its ticket kept per process and refreshed five minutes before it expires (the
 * platform limits how often it may be fetched). Concurrent callers share one fetch.
 */
export class WechatPlatform {
  private current: { ticket: string; refreshAt: number } | null = null;
  private inflight: Promise<string> | null = null;
  readonly provider: WechatProvider;
  private readonly now: () => Date;
  constructor(provider: WechatProvider, now: () => Date) {
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

export function createWechatProvider(
  config: { provider: 'dev' | 'wechat'; appId?: string; appSecret?: string },
  log: FastifyBaseLogger,
): WechatProvider {
  if (config.provider === 'wechat' && config.appId && config.appSecret) return new WechatPlatformProvider(config.appId, config.appSecret);
  log.info('messaging app: development provider (JS-SDK signatures are not accepted by the real SDK; sign-in returns local openids)');
  return new DevWechatProvider();
}
