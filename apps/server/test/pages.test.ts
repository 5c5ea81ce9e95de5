import { testDatabaseTargets } from '@jiyin/db/testing';
import { API_PATHS } from '@jiyin/contracts/api';
import { isGuardedPath, signinPath } from '@jiyin/contracts/guards';
import { REDIRECT_RULES } from '@jiyin/contracts/redirects';
import { PAGE_ROUTES } from '@jiyin/contracts/routes';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PENDING_ROUTES } from '../../web/app/routes.pending.ts';
import { signUpUser, startTestApp, type TestApp } from './helpers.ts';

/** Pages whose §6 rule sends an anonymous visitor elsewhere although they are not guarded. */
const RULE_REDIRECTS: Record<string, string> = {
  '/shop/yfull': '/shop/yfull-noreport',
  '/report/ancestry/family/1': '/ancestry/family/1',
  // A surname page without a surname goes back to the library.
  '/ancestry/surname-base/celebrity': '/ancestry/library-surname',
  '/ancestry/surname-base/live': '/ancestry/library-surname',
  '/ancestry/surname-base/rr': '/ancestry/library-surname',
};
/** Pages of one thing (an article, a post, a family) answer 404 when the sample id names none. */
const NO_SUCH_THING = new Set(['/gene-club/detail', '/community/comment-detail', '/ancestry/family/1']);
/** Lists of the visitor's own family claims: outside §6's guarded pages, but nothing to show without a user. */
const OWN_CLAIMS = new Set(['/report/ancestry/exclude-list', '/report/ancestry/exclude-detail', '/report/ancestry/claimed-person-list']);

/** A concrete URL for a route pattern: optional params dropped, required ones filled. */
const sample = (pattern: string) => pattern.replace(/\/:\w+\?/g, '').replace(/:\w+/g, '1');

// Pages need the web build (npm test builds it first).
describe('every page route of §2.1–§2.4 over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(testDatabaseTargets()[0], {}, { pages: true });
  });
  afterAll(() => t.close());

  it.each(PAGE_ROUTES.map((r) => [sample(r.path), r]))('%s answers its page, or sign-in when guarded', async (url, route) => {
    const res = await t.app.inject({ method: 'GET', url });
    if (NO_SUCH_THING.has(url)) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('data-testid="not-found"');
    } else if (isGuardedPath(url) || OWN_CLAIMS.has(url)) {
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(signinPath(url));
    } else if (RULE_REDIRECTS[url]) {
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(RULE_REDIRECTS[url]);
    } else {
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      // Pending pages say so under their own title; real pages never do.
      if (PENDING_ROUTES.includes(route.path)) {
        expect(res.body).toContain('data-testid="coming-soon"');
        expect(res.body).toContain(route.title);
      } else {
        expect(res.body).not.toContain('data-testid="coming-soon"');
      }
    }
  });

  it.each(['/no-such-page', '/report/no-such-report', '/topics/nope/deeper'])('%s is the 404 page with status 404', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('抱歉，好像找不到基因了');
    expect(res.body).toContain('<title>This page could not be found</title>');
  });

  it.each(REDIRECT_RULES.map((r) => [r.from, r.to]))('legacy %s → %s with its query (301)', async (from, to) => {
    const fromUrl = from === '/new/*' ? '/new/auth/signup' : sample(from);
    const expected = to === '/*' ? '/auth/signup' : sample(to);
    const res = await t.app.inject({ method: 'GET', url: `${fromUrl}?utm=a%20b&x=1` });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`${expected}?utm=a%20b&x=1`);
  });

  it('renders the home page in Chinese with the products from the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.body).toContain('<html lang="zh-CN"');
    expect(res.body).toContain('基因检测·全能版');
    expect(res.body).toContain('¥999');
  });

  it('asks the API who is visiting only when the visitor has a session (one call fewer per anonymous page)', async () => {
    const userInfoCalls = async () => {
      const text = (await t.app.inject('/metrics')).body;
      const lines = text
        .split('\n')
        .filter((l) => l.startsWith('http_request_duration_seconds_count') && l.includes(`route="${API_PATHS.userInfo}"`));
      return lines.reduce((n, l) => n + Number(l.split(' ').pop()), 0);
    };
    const before = await userInfoCalls();
    const anonymous = await t.app.inject({ method: 'GET', url: '/' });
    expect(anonymous.body).toContain('登录/注册');
    expect(await userInfoCalls()).toBe(before);
    const cookie = await signUpUser(t, '13700004321');
    const signedIn = await t.app.inject({ method: 'GET', url: '/', headers: { cookie } });
    expect(signedIn.body).not.toContain('登录/注册');
    expect(await userInfoCalls()).toBe(before + 1);
  });

  it('hides the site header for the native app and the messaging app, not for a browser', async () => {
    const browser = await t.app.inject({ method: 'GET', url: '/', headers: { 'user-agent': 'Mozilla/5.0 Chrome/130' } });
    const app = await t.app.inject({ method: 'GET', url: '/', headers: { 'user-agent': 'Mozilla/5.0 jiyinapp/3.2' } });
    const wechat = await t.app.inject({ method: 'GET', url: '/', headers: { 'user-agent': 'Mozilla/5.0 (iPhone) MicroMessenger/8.0' } });
    expect(browser.body).toContain('data-testid="site-header"');
    expect(app.body).not.toContain('data-testid="site-header"');
    expect(wechat.body).not.toContain('data-testid="site-header"');
  });

  it('applies redirects and guards to client navigations in React Router data requests', async () => {
    const legacy = await t.app.inject({ method: 'GET', url: '/new/items.data?x=1' });
    const guarded = await t.app.inject({ method: 'GET', url: '/user/persons.data' });
    expect(legacy.body).toContain('/topics?x=1');
    expect(guarded.body).toContain('/auth/signin?from=%2Fuser%2Fpersons');
  });

  it('links antd styles as one content-hashed stylesheet and inlines none', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.body).toMatch(/<link rel="stylesheet" href="\/assets\/root-[\w-]+\.css"/);
    expect(res.body).not.toContain('data-rc-order');
    expect(res.body).not.toContain('<style');
  });

  it('keeps the home page light: at most 40 KB of HTML and a dozen script preloads (issue 12)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(res.rawPayload.length).toBeLessThanOrEqual(40 * 1024);
    expect(res.body.match(/rel="modulepreload"/g)?.length).toBeLessThanOrEqual(15);
    // Content icons come from the cached sprite, not as inline paths.
    expect(res.body).toContain('content-icons-');
  });

  it('sends the build files compressed at build time (brotli or gzip as accepted), the same bytes once decoded', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    const href = /<link rel="stylesheet" href="(\/assets\/root-[\w-]+\.css)"/.exec(page.body)?.[1];
    if (!href) throw new Error('no stylesheet link on the home page');
    const plain = await t.app.inject({ method: 'GET', url: href, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(10_000);
    const br = await t.app.inject({ method: 'GET', url: href, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/css/);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    // Quality 11 at build time: well below the fast level the server could afford per request.
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    const gz = await t.app.inject({ method: 'GET', url: href, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('serves anonymous public pages from a short cache with an ETag (304 when the browser has it), never a signed-in visitor', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/topics' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await t.app.inject({ method: 'GET', url: '/topics', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // A session makes the page the visitor's own: rendered for them, never stored or served from the cache.
    const cookie = await signUpUser(t, '13700001234');
    const signedIn = await t.app.inject({ method: 'GET', url: '/topics', headers: { cookie, 'if-none-match': etag } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers.etag).toBeUndefined();
    // Private pages are never cached either.
    const persons = await t.app.inject({ method: 'GET', url: '/user/persons', headers: { cookie } });
    expect(persons.headers.etag).toBeUndefined();
  });
});

describe('the per-IP limit with pages', () => {
  it('never counts the build files a page loads, but counts pages and API calls', async () => {
    const t = await startTestApp(testDatabaseTargets()[0], { RATE_LIMIT_PER_MINUTE: '3' }, { pages: true });
    try {
      const home = await t.app.inject({ method: 'GET', url: '/' });
      const assets = [...home.body.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
      expect(assets.length).toBeGreaterThan(3);
      for (const asset of assets) expect((await t.app.inject({ method: 'GET', url: asset })).statusCode, asset).toBe(200);
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await t.app.inject({ method: 'GET', url: '/topics' })).statusCode);
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await t.close();
    }
  });
});
