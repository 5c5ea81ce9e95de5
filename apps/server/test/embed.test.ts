import { API_PATHS } from '@jiyin/contracts/api';
import { CODES } from '@jiyin/contracts/codes';
import { EMBED_PATHS } from '@jiyin/contracts/embed';
import { testDatabaseTargets } from '@jiyin/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevWechatProvider, jsSdkSignature, WechatPlatform } from '../src/embed/wechat.ts';
import { signUpUser, startTestApp, type TestApp } from './helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: each assertion reads the fields it checks
type Answer = { code: number; data: any; msg: string };

const APP_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36 jiyinapp/3.2.0';
const MINI_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.40 miniProgram';
const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1';

/** The development platform, with tickets the test can name and count. */
class FixedTickets extends DevWechatProvider {
  override readonly appId = 'wx-test-app';
  fetches = 0;
  override async fetchTicket() {
    this.fetches++;
    return { ticket: `ticket-${this.fetches}`, expiresInS: 7200 };
  }
}

describe('the messaging app JS-SDK signature (§7.5)', () => {
  it('reproduces the examples the platform documents', () => {
    const example = {
      ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
      nonceStr: 'Wm3WZYTPz0wzccnW',
      timestamp: 1414587457,
    };
    // WeCom's JS-SDK signature appendix (developer.work.weixin.qq.com/document/path/96909).
    expect(jsSdkSignature({ ...example, url: 'http://mp.weixin.qq.com?params=value' })).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
    // The official-account JS-SDK appendix (the same example without the query).
    expect(jsSdkSignature({ ...example, url: 'http://mp.weixin.qq.com' })).toBe('f4d90daf4b3bca3078ab155816175ba34c443a7b');
  });

  it('keeps the ticket until five minutes before it expires, and shares one fetch among concurrent callers', async () => {
    const provider = new FixedTickets();
    let now = new Date('2026-11-23T08:00:00Z');
    const cache = new WechatPlatform(provider, () => now);
    expect(await Promise.all([cache.ticket(), cache.ticket(), cache.ticket()])).toEqual(['ticket-1', 'ticket-1', 'ticket-1']);
    now = new Date(now.getTime() + 6_800_000);
    expect(await cache.ticket()).toBe('ticket-1');
    now = new Date(now.getTime() + 200_000);
    expect(await cache.ticket()).toBe('ticket-2');
    expect(provider.fetches).toBe(2);
  });
});

describe.each(testDatabaseTargets())('embedded contexts on $name', (target) => {
  let t: TestApp;
  let alice = '';
  let aliceId = '';
  const tickets = new FixedTickets();
  const call = async (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: unknown) => {
    const res = await t.app.inject({ method, url, headers: { host: 'www.example.cn', ...headers }, payload: payload as object });
    return { body: res.json() as Answer, res };
  };

  beforeAll(async () => {
    t = await startTestApp(target, { SITE_HOSTS: 'm.example.cn' }, {}, { wechatProvider: tickets });
    alice = await signUpUser(t, '13900000701', undefined, '阿丽');
    aliceId = (await call('GET', API_PATHS.userInfo, { cookie: alice })).body.data.userId;
  });
  afterAll(() => t?.close());

  it('signs pages of this site only, with the cached ticket and the URL without its fragment', async () => {
    const sign = async (url: string) => (await call('GET', `${EMBED_PATHS.wechatSign}?url=${encodeURIComponent(url)}`)).body;
    const ok = await sign('/webview/balance?from=app#top');
    expect(ok.code).toBe(0);
    expect(ok.data).toMatchObject({ appId: 'wx-test-app', url: 'http://www.example.cn/webview/balance?from=app' });
    expect(ok.data.signature).toBe(
      jsSdkSignature({ ticket: 'ticket-1', nonceStr: ok.data.nonceStr, timestamp: ok.data.timestamp, url: ok.data.url }),
    );
    expect(ok.data.timestamp).toBe(Math.floor(t.clock.now.getTime() / 1000));
    expect(ok.data.openTagList).toEqual(['wx-open-launch-weapp', 'wx-open-launch-app']);
    expect((await sign('https://m.example.cn/report')).data.url).toBe('https://m.example.cn/report');
    for (const foreign of [
      'https://evil.example.com/webview/balance',
      '//evil.example.com/x',
      'javascript:alert(1)',
      'http://u:p@www.example.cn/',
    ]) {
      expect((await sign(foreign)).code, foreign).toBe(CODES.SIGN_URL_FOREIGN.code);
    }
    expect((await call('GET', EMBED_PATHS.wechatSign)).body.code).toBe(CODES.BAD_REQUEST.code);
    expect(tickets.fetches).toBe(1);
  });

  it('hands an app session to its web view once, within a minute, in the same kind of context only', async () => {
    const issue = async (cookie: string | null, ua: string) =>
      (await call('POST', EMBED_PATHS.bridgeTokens, { 'user-agent': ua, ...(cookie ? { cookie } : {}) })).body;
    const exchange = async (token: string, ua: string) => {
      const { body, res } = await call('POST', EMBED_PATHS.bridgeExchange, { 'user-agent': ua }, { token });
      const session = res.cookies.find((c) => c.name === '__token');
      return { body, cookie: session ? `__token=${session.value}` : null };
    };

    expect((await issue(null, APP_UA)).code).toBe(CODES.NOT_LOGGED_IN.code);
    expect((await issue(alice, PHONE_UA)).code).toBe(CODES.BRIDGE_CONTEXT_MISMATCH.code);

    const first = await issue(alice, APP_UA);
    expect(first.data.expiresIn).toBe(60);
    // Another context cannot use it, and trying does not spend it.
    expect((await exchange(first.data.token, PHONE_UA)).body.code).toBe(CODES.BRIDGE_CONTEXT_MISMATCH.code);
    expect((await exchange(first.data.token, MINI_UA)).body.code).toBe(CODES.BRIDGE_CONTEXT_MISMATCH.code);
    const used = await exchange(first.data.token, APP_UA);
    expect(used.body).toMatchObject({ code: 0, data: { userId: aliceId } });
    expect((await call('GET', API_PATHS.userInfo, { cookie: used.cookie ?? '' })).body.data.userId).toBe(aliceId);
    // Once only.
    expect((await exchange(first.data.token, APP_UA)).body.code).toBe(CODES.BRIDGE_TOKEN_INVALID.code);

    const late = await issue(alice, MINI_UA);
    t.clock.advance(61_000);
    expect((await exchange(late.data.token, MINI_UA)).body.code).toBe(CODES.BRIDGE_TOKEN_INVALID.code);
    expect((await exchange('x'.repeat(43), APP_UA)).body.code).toBe(CODES.BRIDGE_TOKEN_INVALID.code);
    expect((await exchange('short', APP_UA)).body.code).toBe(CODES.BAD_REQUEST.code);
  });

  it('signs a messaging-app visitor in through the platform: a new openid binds on a phone sign-in, a bound one signs straight in', async () => {
    const jar = (res: { cookies: { name: string; value: string }[] }) =>
      res.cookies.filter((c) => c.value).map((c) => `${c.name}=${c.value}`);
    const start = await t.app.inject({
      method: 'GET',
      url: `${EMBED_PATHS.wechatOauth}?from=${encodeURIComponent('/user/orders?tab=1')}`,
      headers: { host: 'www.example.cn' },
    });
    expect(start.statusCode).toBe(302);
    const back = new URL(start.headers.location as string);
    expect(back.pathname).toBe(EMBED_PATHS.wechatOauthCallback);
    const stateCookie = jar(start);
    const callback = (url: URL, cookies: string[]) =>
      t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { host: 'www.example.cn', cookie: cookies.join('; ') } });

    // A forged callback (no state cookie) goes back to /login with an error and binds nothing.
    expect((await callback(back, [])).headers.location).toBe('/login?from=%2Fuser%2Forders%3Ftab%3D1&error=1');
    const first = await callback(back, stateCookie);
    expect(first.headers.location).toBe('/login?from=%2Fuser%2Forders%3Ftab%3D1&bind=1');
    const bindCookie = jar(first).filter((c) => c.startsWith('wx_bind='));
    expect(bindCookie).toHaveLength(1);
    const bind = (cookies: string[]) =>
      t.app.inject({ method: 'POST', url: EMBED_PATHS.wechatBind, headers: { cookie: cookies.join('; ') } });
    expect((await bind(bindCookie)).json().code).toBe(CODES.NOT_LOGGED_IN.code);
    expect((await bind([alice])).json().code).toBe(CODES.WECHAT_BIND_EXPIRED.code);
    expect((await bind([alice, ...bindCookie])).json()).toMatchObject({ code: 0 });
    expect((await bind([alice, ...bindCookie])).json().code).toBe(CODES.WECHAT_BIND_EXPIRED.code);

    // The same browser again: straight in as Alice, back where it was going (same-site paths only).
    const again = await t.app.inject({
      method: 'GET',
      url: `${EMBED_PATHS.wechatOauth}?from=//evil.example.com`,
      headers: { host: 'www.example.cn' },
    });
    const signedIn = await callback(new URL(again.headers.location as string), jar(again));
    expect(signedIn.headers.location).toBe('/');
    const session = jar(signedIn).find((c) => c.startsWith('__token='));
    expect((await call('GET', API_PATHS.userInfo, { cookie: session ?? '' })).body.data.userId).toBe(aliceId);
  });

  it('tells browsers that no other origin may frame its answers', async () => {
    const { res } = await call('GET', '/healthz');
    expect(res.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
