import { ACCOUNT_PATHS } from '@jiyin/contracts/accounts';
import { SAMPLE_HEADER, SHARE_TOKEN_HEADER } from '@jiyin/contracts/api';
import { CODES } from '@jiyin/contracts/codes';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import { REPORT_API_PATHS } from '@jiyin/contracts/reportApi';
import { reportStatusAfter } from '@jiyin/contracts/reports';
import { schema, testDatabaseTargets } from '@jiyin/db';
import { loadKnowledgeBase } from '@jiyin/genome';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers.ts';
import { type Answer, type ReportWorld, seedReportWorld } from './reportFixtures.ts';

const KB = loadKnowledgeBase();
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(testDatabaseTargets())('report share links on $name', (target) => {
  let t: TestApp;
  let w: ReportWorld;
  beforeAll(async () => {
    t = await startTestApp(target);
    w = await seedReportWorld(t, '139200000');
  });
  afterAll(() => t.close());

  const tokensPath = fillPattern(REPORT_API_PATHS.shareTokens, { type: 'report' });
  const tokenPath = (id: string) => fillPattern(REPORT_API_PATHS.shareTokenOne, { type: 'report', id });
  const call = async (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    opts: { cookie?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer> => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.cookie) headers.cookie = opts.cookie;
    if (opts.token) headers[SHARE_TOKEN_HEADER] = opts.token;
    const res = await t.app.inject({ method, url, headers, payload: opts.body as object });
    return res.json();
  };
  const create = (cookie: string, barcode: string, expiresInDays?: number) =>
    call('POST', tokensPath, { cookie, body: { barcode, ...(expiresInDays ? { expiresInDays } : {}) } });
  const withBarcode = (path: string, barcode: string) => `${path}?barcode=${barcode}`;
  const category = (c: string) => fillPattern(REPORT_API_PATHS.category, { category: c });
  const detail = (c: string, id: string) => fillPattern(REPORT_API_PATHS.detail, { category: c, id });

  it('the owner opens a link: a 32-byte token shown once, stored only as its hash, valid 7 days by default', async () => {
    const a = await create(w.alice, w.barcodes.std);
    expect(a.code).toBe(0);
    expect(a.data).toMatchObject({ type: 'report', barcode: w.barcodes.std, personName: '爱丽丝的儿子', revokedAt: null });
    expect(a.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.data.url).toBe(`/report?shareToken=${a.data.token}`);
    expect(new Date(a.data.expiresAt).getTime() - t.clock.now.getTime()).toBe(7 * DAY_MS);
    const [row] = await t.database.db.select().from(schema.shareTokens).where(eq(schema.shareTokens.id, a.data.id));
    expect(row.tokenHash).toBe(createHash('sha256').update(a.data.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(a.data.token);
    const list = await call('GET', tokensPath, { cookie: w.alice });
    expect(list.data.list.map((v: { id: string }) => v.id)).toContain(a.data.id);
    for (const v of list.data.list) {
      expect(v.token).toBeUndefined();
      expect(v.url).toBeUndefined();
    }
  });

  it.each([
    ["Bob, for Alice's person", () => w.bob, () => w.barcodes.std, CODES.NOT_FOUND.code],
    ['Carol, with whom the person is shared (only owners share)', () => w.carol, () => w.barcodes.std, CODES.NOT_FOUND.code],
    ['an unknown barcode', () => w.alice, () => 'ZZ0000000000', CODES.NOT_FOUND.code],
    ['a person without a report', () => w.alice, () => w.barcodes.none, CODES.REPORT_NOT_READY.code],
  ])('refuses a link by %s and stores nothing', async (_who, cookie, barcode, code) => {
    const before = (await t.database.db.select().from(schema.shareTokens)).length;
    const a = await create(cookie(), barcode());
    expect(a).toMatchObject({ code, data: null });
    expect((await t.database.db.select().from(schema.shareTokens)).length).toBe(before);
  });

  it('refuses a bad expiry, an unknown type or a visitor, in Chinese', async () => {
    expect(await create(w.alice, w.barcodes.std, 3)).toMatchObject({ code: CODES.BAD_REQUEST.code, msg: '有效期只能是 1、7 或 30 天' });
    const other = await call('POST', fillPattern(REPORT_API_PATHS.shareTokens, { type: 'family' }), {
      cookie: w.alice,
      body: { barcode: w.barcodes.std },
    });
    expect(other).toMatchObject({ code: CODES.BAD_REQUEST.code, msg: '不支持的分享类型' });
    expect((await call('POST', tokensPath, { body: { barcode: w.barcodes.std } })).code).toBe(CODES.NOT_LOGGED_IN.code);
  });

  it('a viewer with the link reads that report only, as standard type, and learns what it grants', async () => {
    const { data } = await create(w.alice, w.barcodes.std, 30);
    const token = data.token as string;
    const info = await call('GET', REPORT_API_PATHS.shareInfo, { token });
    expect(info).toMatchObject({
      code: 0,
      data: { isShareUrl: true, shareBarcode: w.barcodes.std, shareSct: { name: '爱丽丝的儿子', gender: 'male' }, type: 'report' },
    });
    const over = await call('GET', REPORT_API_PATHS.overview, { token });
    expect(over.code).toBe(0);
    expect(over.data.person).toMatchObject({ barcode: w.barcodes.std, reportType: 'standard', hasReport: true });
    expect(over.data.sample).toBe(false);
    expect((await call('GET', withBarcode(category('disease'), w.barcodes.std), { token })).code).toBe(0);
    const item = w.items.find((i) => i.category === 'drug' && i.status === 'out')?.id as string;
    const d = await call('GET', detail('drug', item), { token });
    expect(d.code).toBe(0);
    expect(d.data.feel).toBeNull();
    expect((await call('GET', REPORT_API_PATHS.sideBarData, { token })).code).toBe(0);
    // Tumour risks stay with the owner.
    expect((await call('GET', category('tumor'), { token })).data).toBe('tumorShareSctLimit');
    // The link overrides sample mode and a signed-in viewer's own persons.
    expect((await call('GET', REPORT_API_PATHS.overview, { token, headers: { [SAMPLE_HEADER]: '1' } })).data.sample).toBe(false);
    const bobViewing = await call('GET', REPORT_API_PATHS.overview, { token, cookie: w.bob });
    expect(bobViewing.data.person.barcode).toBe(w.barcodes.std);
  });

  it("a link never opens another barcode, Alice's other persons or Bob's, and reaches no user data", async () => {
    const { data } = await create(w.alice, w.barcodes.std);
    const token = data.token as string;
    const missing = await call('GET', withBarcode(REPORT_API_PATHS.overview, 'ZZ0000000000'), { token });
    expect(missing).toMatchObject({ code: CODES.NOT_FOUND.code, data: null });
    for (const barcode of [w.barcodes.bob, w.barcodes.trait, w.barcodes.none]) {
      for (const path of [REPORT_API_PATHS.overview, REPORT_API_PATHS.sideBarData, category('disease')]) {
        expect(await call('GET', withBarcode(path, barcode), { token })).toEqual(
          await call('GET', withBarcode(path, 'ZZ0000000000'), { token }),
        );
      }
    }
    // Even a signed-in owner of the other barcode gets "not found" while the link is in force.
    expect((await call('GET', withBarcode(REPORT_API_PATHS.overview, w.barcodes.bob), { token, cookie: w.bob })).code).toBe(
      CODES.NOT_FOUND.code,
    );
    // Persons, the account, raw data, feel and share management need a session; the token is none.
    for (const [method, url] of [
      ['GET', ACCOUNT_PATHS.persons],
      ['GET', ACCOUNT_PATHS.auditLog],
      ['GET', fillPattern(REPORT_API_PATHS.rawData, { personId: w.persons.std })],
      ['GET', tokensPath],
      ['GET', withBarcode(REPORT_API_PATHS.feel, w.barcodes.std)],
    ] as const) {
      const a = await call(method, url, { token });
      expect(a.code, url).not.toBe(0);
      expect(a.data).toBeNull();
    }
    const feel = await call('POST', REPORT_API_PATHS.feel, {
      token,
      body: { barcode: w.barcodes.std, module: 'drug', relate_id: KB.find((i) => i.category === 'drug')?.id, feel: 5 },
    });
    expect(feel.code).toBe(CODES.NOT_LOGGED_IN.code);
  });

  it('a link to a trait-only product is viewed as standard but keeps the product locks', async () => {
    const { data } = await create(w.alice, w.barcodes.trait);
    const over = await call('GET', REPORT_API_PATHS.overview, { token: data.token });
    expect(over.data.person.reportType).toBe('standard');
    expect((await call('GET', category('trait'), { token: data.token })).code).toBe(0);
    expect((await call('GET', category('disease'), { token: data.token })).code).toBe(CODES.SHOULD_UPGRADE.code);
  });

  it('revoked, expired and unknown links fail with their own codes, on every call; the page falls back to error', async () => {
    const revoked = (await create(w.alice, w.barcodes.std)).data;
    expect((await call('DELETE', tokenPath(revoked.id), { cookie: w.bob })).code).toBe(CODES.NOT_FOUND.code);
    expect((await call('DELETE', tokenPath(revoked.id), { cookie: w.carol })).code).toBe(CODES.NOT_FOUND.code);
    expect((await call('GET', REPORT_API_PATHS.shareInfo, { token: revoked.token })).code).toBe(0);
    expect((await call('DELETE', tokenPath(revoked.id), { cookie: w.alice })).code).toBe(0);
    const listed = (await call('GET', tokensPath, { cookie: w.alice })).data.list.find((v: { id: string }) => v.id === revoked.id);
    expect(listed.revokedAt).toBe(t.clock.now.toISOString());

    const expiring = (await create(w.alice, w.barcodes.std, 1)).data;
    expect((await call('GET', REPORT_API_PATHS.overview, { token: expiring.token })).code).toBe(0);
    t.clock.advance(DAY_MS + 1000);

    const cases: [string | undefined, number, string][] = [
      [revoked.token, CODES.SHARE_INVALID.code, '分享链接无效或已被撤销'],
      [expiring.token, CODES.SHARE_EXPIRED.code, '分享链接已过期'],
      ['A'.repeat(43), CODES.SHARE_INVALID.code, '分享链接无效或已被撤销'],
      ['not a token', CODES.SHARE_INVALID.code, '分享链接无效或已被撤销'],
      [undefined, CODES.SHARE_INVALID.code, '分享链接无效或已被撤销'],
    ];
    for (const [token, code, msg] of cases) {
      const info = await call('GET', REPORT_API_PATHS.shareInfo, { token });
      expect(info).toEqual({ code, data: null, msg });
      expect(reportStatusAfter('out', info)).toBe('error');
      if (!token) continue;
      for (const path of [REPORT_API_PATHS.overview, REPORT_API_PATHS.sideBarData, category('disease')]) {
        expect(await call('GET', path, { token })).toEqual({ code, data: null, msg });
      }
    }
  });

  it('a link dies with its person, and another user cannot revoke or list it', async () => {
    const { data } = await create(w.alice, w.barcodes.offline);
    expect((await call('GET', tokensPath, { cookie: w.bob })).data.list).toEqual([]);
    const byBarcode = await call('GET', `${tokensPath}?barcode=${w.barcodes.offline}`, { cookie: w.alice });
    expect(byBarcode.data.list.map((v: { id: string }) => v.id)).toEqual([data.id]);
    const del = await call('DELETE', fillPattern(ACCOUNT_PATHS.person, { id: w.persons.offline }), { cookie: w.alice });
    expect(del.code).toBe(0);
    expect(await call('GET', REPORT_API_PATHS.shareInfo, { token: data.token })).toMatchObject({ code: CODES.SHARE_INVALID.code });
  });
});
