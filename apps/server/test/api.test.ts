import { API_PATHS } from '@jiyin/contracts/api';
import { signRequest } from '@jiyin/contracts/signing';
import { schema, testDatabaseTargets } from '@jiyin/db';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers.ts';

describe.each(testDatabaseTargets())('API on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => t?.close());

  it('GET /healthz answers that the process is alive', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, data: { process: 'ok' }, msg: 'ok' });
  });

  it('lists online products from the database, filtered by §9 tags', async () => {
    const all = (await t.app.inject(API_PATHS.commodityList)).json();
    expect(all.code).toBe(0);
    expect(all.data.list.map((p: { id: string }) => p.id)).toContain('STANDARD_ANCESTRY');
    const some = (await t.app.inject(`${API_PATHS.commodityList}?tags=y_full,HPV`)).json();
    expect(some.data.list.map((p: { id: string }) => p.id).sort()).toEqual(['HPV', 'Y_FULL']);
  });

  it('rejects an unknown commodity tag with a Chinese message', async () => {
    const res = (await t.app.inject(`${API_PATHS.commodityList}?tags=standard,bogus`)).json();
    expect(res).toEqual({ code: 4000, data: null, msg: '未知的商品标签' });
  });

  it('serves page content by slug, and 4004 for an unknown slug', async () => {
    const home = (await t.app.inject('/web/api/new/content/home')).json();
    expect(home.code).toBe(0);
    expect(home.data.title).toMatch(/基因/);
    expect(home.data.sections.length).toBeGreaterThan(2);
    expect((await t.app.inject('/web/api/new/content/nope')).json()).toMatchObject({ code: 4004, data: null });
    expect((await t.app.inject('/web/api/new/content/..%2Fetc')).json()).toMatchObject({ code: 4000 });
  });

  it('reads description configs by keys', async () => {
    const res = (
      await t.app.inject(`${API_PATHS.descriptionList}?keys=IS_OPEN_PIWIK&keys=SUPPORT_PRODUCT_UPDATE_EXTEND&keys=MISSING`)
    ).json();
    expect(res.code).toBe(0);
    expect(res.data.list.map((d: { key: string }) => d.key).sort()).toEqual(['IS_OPEN_PIWIK', 'SUPPORT_PRODUCT_UPDATE_EXTEND']);
    expect((await t.app.inject(API_PATHS.descriptionList)).json()).toMatchObject({ code: 4000, msg: '请提供配置键 keys' });
    expect((await t.app.inject('/web/api/new/common/description/IS_OPEN_PIWIK')).json().data.content).toBe('false');
    expect((await t.app.inject('/web/api/new/common/description/NOPE')).json().code).toBe(4004);
  });

  it('answers unknown API paths with an envelope 404, never HTML', async () => {
    for (const url of ['/web/api/new/nothing', '/v1/none', '/api/x', '/v4/report/none']) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/json/);
      expect(res.json()).toEqual({ code: 404, data: null, msg: '接口不存在' });
    }
  });

  it('treats every caller as logged out until sessions exist (§4 codes)', async () => {
    expect((await t.app.inject(API_PATHS.userInfo)).json()).toMatchObject({ code: 1001, data: null });
  });

  it('answers malformed JSON with a Chinese envelope and changes nothing', async () => {
    const before = await t.database.db.select({ n: count() }).from(schema.products);
    const res = await t.app.inject({
      method: 'POST',
      url: API_PATHS.commodityList,
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(res.json()).toMatchObject({ code: 4000, msg: '请求体不是有效的 JSON' });
    expect(await t.database.db.select({ n: count() }).from(schema.products)).toEqual(before);
  });

  it('sends security headers and compresses large answers', async () => {
    const res = await t.app.inject({ url: API_PATHS.commodityList, headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-encoding']).toBe('br');
  });
});

describe('signed /proxy calls (§7.1)', () => {
  const [pglite] = testDatabaseTargets();
  let t: TestApp;
  const now = 1_800_000_000_000;
  beforeAll(async () => {
    t = await startTestApp(pglite, {}, { now: () => now });
  });
  afterAll(async () => t?.close());

  async function signed(path: string, query: Record<string, string>, tsSec = now / 1000, version: 'v1' | 'v2' | 'v3' = 'v1') {
    const sig = await signRequest({ method: 'GET', path, query, version, timestampSec: tsSec, keys: t.config.signKeys });
    return `/proxy${path}?${new URLSearchParams({ ...query, ...sig })}`;
  }

  it('accepts a valid signature with every key version', async () => {
    for (const v of ['v1', 'v2', 'v3'] as const) {
      const res = await t.app.inject(await signed(API_PATHS.commodityList, { tags: 'standard' }, now / 1000, v));
      expect(res.json()).toMatchObject({ code: 0 });
    }
  });

  it('rejects a missing, tampered or stale signature', async () => {
    expect((await t.app.inject(`/proxy${API_PATHS.commodityList}`)).json()).toMatchObject({ code: 4010 });
    const good = await signed(API_PATHS.commodityList, { tags: 'standard' });
    expect((await t.app.inject(good.replace('tags=standard', 'tags=HPV'))).json()).toMatchObject({ code: 4010 });
    const stale = await signed(API_PATHS.commodityList, { tags: 'standard' }, now / 1000 - 301);
    expect((await t.app.inject(stale)).json()).toMatchObject({ code: 4011 });
  });

  it('answers an unknown signed path with an envelope 404', async () => {
    const res = await t.app.inject(await signed('/v2/none', {}));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, data: null, msg: '接口不存在' });
  });

  it('signs the body of a POST', async () => {
    const body = JSON.stringify({ a: 1 });
    const sig = await signRequest({
      method: 'POST',
      path: '/web/api/new/none',
      body,
      version: 'v2',
      timestampSec: now / 1000,
      keys: t.config.signKeys,
    });
    const url = `/proxy/web/api/new/none?${new URLSearchParams({ ...sig })}`;
    const headers = { 'content-type': 'application/json' };
    const goodBody = await t.app.inject({ method: 'POST', url, headers, payload: body });
    expect(goodBody.json()).toMatchObject({ code: 404 });
    const badBody = await t.app.inject({ method: 'POST', url, headers, payload: JSON.stringify({ a: 2 }) });
    expect(badBody.json()).toMatchObject({ code: 4010 });
  });
});

describe('rate limiting', () => {
  it('limits the API per IP with a Chinese envelope', async () => {
    const [pglite] = testDatabaseTargets();
    const t = await startTestApp(pglite, { RATE_LIMIT_PER_MINUTE: '5' });
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await t.app.inject('/healthz')).statusCode);
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    const limited = await t.app.inject('/healthz');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe(4290);
    expect(limited.json().msg).toMatch(/请求过于频繁，请 \d+ 秒后再试/);
    await t.close();
  });
});
