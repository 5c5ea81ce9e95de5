import type { SmsPurpose } from '@jiyin/contracts/accounts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';

/** Sends verification codes. The real adapter speaks to an HTTP SMS gateway. */
export interface SmsProvider {
  readonly name: string;
  send(msg: { nationCode: string; phone: string; code: string; purpose: SmsPurpose }): Promise<void>;
}

/** Checks the `neCaptcha` token a page got from the captcha widget. */
export interface CaptchaProvider {
  readonly name: string;
  verify(token: string, ip: string): Promise<boolean>;
}

/** Development SMS: logs the code and keeps the last ones so tests (and the dev outbox API) can read them. */
export class DevSmsProvider implements SmsProvider {
  readonly name = 'dev';
  readonly outbox: { nationCode: string; phone: string; code: string; purpose: SmsPurpose; at: Date }[] = [];
  private readonly log?: FastifyBaseLogger;
  constructor(log?: FastifyBaseLogger) {
    this.log = log;
  }
  async send(msg: { nationCode: string; phone: string; code: string; purpose: SmsPurpose }) {
    this.outbox.push({ ...msg, at: new Date() });
    if (this.outbox.length > 500) this.outbox.shift();
    this.log?.info(`[dev sms] +${msg.nationCode} ${msg.phone} ${msg.purpose} code ${msg.code}`);
  }
  lastCode(phone: string, nationCode = '86'): string | undefined {
    return this.outbox.findLast((m) => m.phone === phone && m.nationCode === nationCode)?.code;
  }
}

/** An HTTP SMS gateway: POST {nationCode, phone, template, params} with a bearer key. */
export class HttpSmsProvider implements SmsProvider {
  readonly name = 'http';
  private readonly apiUrl: string;
  private readonly apiKey: string;
  constructor(apiUrl: string, apiKey: string) {
    this.apiUrl = apiUrl;
    this.apiKey = apiKey;
  }
  async send(msg: { nationCode: string; phone: string; code: string; purpose: SmsPurpose }) {
    const res = await fetch(this.apiUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.apiKey}` },
      body: JSON.stringify({ nationCode: msg.nationCode, phone: msg.phone, template: `verify_${msg.purpose}`, params: { code: msg.code } }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
  }
}

/** Development captcha: accepts every token (there is no widget to solve locally) and says so once. */
export class DevCaptchaProvider implements CaptchaProvider {
  readonly name = 'dev';
  async verify(token: string) {
    return token.length > 0;
  }
}

/** NetEase-style captcha verification: POST the token and our secret, expect {result: true}. */
export class HttpCaptchaProvider implements CaptchaProvider {
  readonly name = 'http';
  private readonly verifyUrl: string;
  private readonly secret: string;
  constructor(verifyUrl: string, secret: string) {
    this.verifyUrl = verifyUrl;
    this.secret = secret;
  }
  async verify(token: string, ip: string) {
    const res = await fetch(this.verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ validate: token, secret: this.secret, ip }),
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) return false;
    const body = (await res.json().catch(() => null)) as { result?: boolean } | null;
    return body?.result === true;
  }
}

export function createProviders(config: Config, log?: FastifyBaseLogger): { sms: SmsProvider; captcha: CaptchaProvider } {
  const sms =
    config.sms.provider === 'http' && config.sms.apiUrl && config.sms.apiKey
      ? new HttpSmsProvider(config.sms.apiUrl, config.sms.apiKey)
      : new DevSmsProvider(log);
  const captcha =
    config.captcha.provider === 'http' && config.captcha.verifyUrl && config.captcha.secret
      ? new HttpCaptchaProvider(config.captcha.verifyUrl, config.captcha.secret)
      : new DevCaptchaProvider();
  return { sms, captcha };
}
