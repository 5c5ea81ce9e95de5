import { ACCOUNT_PATHS, type PersonView } from '@jiyin/contracts/accounts';
import { ANCESTRY_API_PATHS, YTREE_COMMENT_MAX } from '@jiyin/contracts/ancestryApi';
import { API_PATHS, SAMPLE_HEADER, SHARE_TOKEN_HEADER } from '@jiyin/contracts/api';
import { CODES } from '@jiyin/contracts/codes';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import { REPORT_API_PATHS } from '@jiyin/contracts/reportApi';
import { reportStatusAfter } from '@jiyin/contracts/reports';
import { DEMO_CONTENT, schema, testDatabaseTargets } from '@jiyin/db';
import {
  ANCESTRY_UNAVAILABLE,
  chipLayout,
  emptyPacked,
  loadAncestryReference,
  loadKnowledgeBase,
  serialisePacked,
  yPathOf,
} from '@jiyin/genome';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAB_KIT_CHIP } from '../src/imports/simulated.ts';
import { sampleGenome } from '../src/reports/sample.ts';
import { signUpUser, startTestApp, type TestApp } from './helpers.ts';
import { type Answer, type ReportWorld, seedReportWorld } from './reportFixtures.ts';

const P = ANCESTRY_API_PATHS;
const line = (l: string) => fillPattern(P.line, { line: l });
const tree = (h: string) => fillPattern(P.lineageTree, { horizon: h });

describe.each(testDatabaseTargets())('ancestry report and Y-tree on $name', (target) => {
  let t: TestApp;
  let w: ReportWorld;
  /** A standard-product woman of Bob's (her genome copied from the fixture's woman). */
  let womanBarcode: string;
  beforeAll(async () => {
    t = await startTestApp(target);
    w = await seedReportWorld(t, '139200000');
    const { db } = t.database;
    const res = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.persons,
      headers: { cookie: w.bob },
      payload: { name: '鲍勃的女儿', gender: 'female' },
    });
    const person = (res.json() as Answer).data as PersonView;
    womanBarcode = 'RT0000000009';
    await db
      .insert(schema.kits)
      .values({ barcode: womanBarcode, productId: 'RPT_STANDARD', personId: person.id, boundAt: t.clock.now, createdAt: t.clock.now });
    const [g] = await db.select().from(schema.genomes).where(eq(schema.genomes.barcode, w.barcodes.trait));
    await db.insert(schema.genomes).values({ ...g, barcode: womanBarcode, personId: person.id });
    const [r] = await db.select().from(schema.reportResults).where(eq(schema.reportResults.barcode, w.barcodes.trait));
    await db.insert(schema.reportResults).values({ ...r, barcode: womanBarcode });
  });
  afterAll(() => t.close());

  const get = async (url: string, o: { cookie?: string; barcode?: string; headers?: Record<string, string> } = {}): Promise<Answer> => {
    const sep = url.includes('?') ? '&' : '?';
    const query = o.barcode === undefined ? '' : `${sep}barcode=${encodeURIComponent(o.barcode)}`;
    const headers: Record<string, string> = { ...o.headers };
    if (o.cookie) headers.cookie = o.cookie;
    return (await t.app.inject({ method: 'GET', url: url + query, headers })).json();
  };
  const send = async (method: 'POST' | 'DELETE', url: string, cookie: string | null, body?: unknown): Promise<Answer> =>
    (await t.app.inject({ method, url, payload: body as object, headers: cookie ? { cookie } : {} })).json();
  const cacheRow = async (barcode: string) =>
    (await t.database.db.select().from(schema.ancestryResults).where(eq(schema.ancestryResults.barcode, barcode)))[0];
  const genomeOf = async (barcode: string) =>
    (await t.database.db.select().from(schema.genomes).where(eq(schema.genomes.barcode, barcode)))[0];

  describe('composition', () => {
    it('is computed from the stored genome on the first read, with 90% bands, and cached', async () => {
      expect(await cacheRow(w.barcodes.std)).toBeUndefined();
      const a = await get(P.composition, { cookie: w.alice, barcode: w.barcodes.std });
      expect(a.code).toBe(0);
      const d = a.data;
      expect(d.sample).toBe(false);
      expect(d.populations.map((p: { name: string }) => p.name)).toEqual([
        '北方汉族',
        '南方汉族',
        '维吾尔族/中亚',
        '蒙古族',
        '日本',
        '傣族/东南亚',
        '南亚',
        '欧洲',
        '非洲',
      ]);
      const sum = d.populations.reduce((s: number, p: { share: number }) => s + p.share, 0);
      expect(sum).toBeCloseTo(1, 6);
      for (const p of d.populations) {
        expect(p.low).toBeLessThanOrEqual(p.share + 1e-9);
        expect(p.high).toBeGreaterThanOrEqual(p.share - 1e-9);
        expect(p.source).not.toBe('');
      }
      // The simulator's founders are half northern, half southern Han: Han dominates.
      const han = d.populations
        .filter((p: { id: string }) => p.id.startsWith('han_'))
        .reduce((s: number, p: { share: number }) => s + p.share, 0);
      expect(han).toBeGreaterThan(0.6);
      expect(d.unavailable.map((u: { name: string }) => u.name)).toEqual(ANCESTRY_UNAVAILABLE.map((u) => u.name));
      expect(d.unavailable[0].reason).toMatch(/藏族/);
      expect(d).toMatchObject({ bandLevel: 0.9, referenceId: loadAncestryReference().id, method: 'supervised-admixture-em' });
      expect(d.markersUsed).toBeGreaterThan(500);
      expect(d.limits.title).toBe('局限');
      const g = await genomeOf(w.barcodes.std);
      expect(d.paternal).toMatchObject({ line: 'paternal', haplogroup: g.yHaplogroup, reason: null });
      expect(d.maternal).toMatchObject({ line: 'maternal', haplogroup: g.mtHaplogroup, reason: null });
      expect(d.paternal.headline).toBeTruthy();

      const row = await cacheRow(w.barcodes.std);
      expect(row).toMatchObject({ referenceId: loadAncestryReference().id, markersUsed: d.markersUsed });
      expect(row.populations).toEqual(d.populations.map(({ source: _, ...p }: { source: string }) => p));
      expect(d.computedAt).toBe(row.computedAt.toISOString());

      // Later reads answer from the cache (same computedAt although the clock moved on).
      t.clock.advance(60_000);
      const again = await get(P.composition, { cookie: w.alice, barcode: w.barcodes.std });
      expect(again.data.computedAt).toBe(d.computedAt);
      expect(again.data.populations).toEqual(d.populations);
    });

    it('is computed again when the reference panel changed or the genome was imported again', async () => {
      const { db } = t.database;
      const first = await cacheRow(w.barcodes.std);
      await db
        .update(schema.ancestryResults)
        .set({ referenceId: 'jy-ancestry-v0' })
        .where(eq(schema.ancestryResults.barcode, w.barcodes.std));
      t.clock.advance(60_000);
      const a = await get(P.composition, { cookie: w.alice, barcode: w.barcodes.std });
      expect(a.data.computedAt).toBe(t.clock.now.toISOString());
      expect((await cacheRow(w.barcodes.std)).referenceId).toBe(loadAncestryReference().id);
      expect(a.data.populations.map((p: { share: number }) => p.share)).toEqual(first.populations.map((p) => p.share));

      t.clock.advance(60_000);
      await db.update(schema.genomes).set({ createdAt: t.clock.now }).where(eq(schema.genomes.barcode, w.barcodes.std));
      t.clock.advance(1_000);
      const b = await get(P.composition, { cookie: w.alice, barcode: w.barcodes.std });
      expect(b.data.computedAt).toBe(t.clock.now.toISOString());
    });

    it('a genome still packed on an older panel answers 2702 with why until the repack job moves it', async () => {
      const { db } = t.database;
      const stored = await genomeOf(w.barcodes.std);
      const where = eq(schema.genomes.barcode, w.barcodes.std);
      await db.delete(schema.ancestryResults).where(eq(schema.ancestryResults.barcode, w.barcodes.std));
      // What a row stored on jy-panel-v2 (599,999 markers, no longer shipped) holds, as far as reading goes.
      await db
        .update(schema.genomes)
        .set({ packed: serialisePacked(emptyPacked({ id: 'jy-panel-v2', size: 599_999 })) })
        .where(where);
      const held = await get(P.composition, { cookie: w.alice, barcode: w.barcodes.std });
      expect(held.code).toBe(CODES.REPORT_NOT_READY.code);
      expect(held.msg).toMatch(/重新整理/);
      await db.update(schema.genomes).set({ packed: stored.packed }).where(where);
      expect((await get(P.composition, { cookie: w.alice, barcode: w.barcodes.std })).code).toBe(0);
    });

    it('nations: the shares largest first, each group with its reference samples, and the method note', async () => {
      const a = await get(P.nations, { cookie: w.alice, barcode: w.barcodes.std });
      expect(a.code).toBe(0);
      const shares = a.data.populations.map((p: { share: number }) => p.share);
      expect(shares).toEqual([...shares].sort((x, y) => y - x));
      expect(a.data.populations[0].source).toMatch(/千人基因组计划|HGDP/);
      expect(a.data.method.map((s: { title: string }) => s.title)).toContain('怎么算的');
      expect(a.data.unavailable).toHaveLength(2);
    });
  });

  describe('access (§6 and the report access rule)', () => {
    const reads = [P.composition, P.nations, line('paternal'), line('maternal'), tree('neolithic'), tree('eastern-zhou'), P.haplogroupName];

    it('a foreign barcode answers exactly like a missing one, on every read', async () => {
      for (const path of reads) {
        const foreign = await get(path, { cookie: w.alice, barcode: w.barcodes.bob });
        const missing = await get(path, { cookie: w.alice, barcode: 'ZZ0000000000' });
        expect(foreign).toEqual(missing);
        expect(foreign.code).toBe(CODES.NOT_FOUND.code);
        expect(JSON.stringify(foreign)).not.toContain(w.barcodes.bob);
      }
      // Nothing was computed or cached for the foreign barcode.
      expect(await cacheRow(w.barcodes.bob)).toBeUndefined();
    });

    it('the person it was shared with reads it; a signed-out caller must sign in', async () => {
      expect((await get(P.composition, { cookie: w.carol, barcode: w.barcodes.std })).code).toBe(0);
      expect((await get(P.composition, { barcode: w.barcodes.std })).code).toBe(CODES.NOT_LOGGED_IN.code);
    });

    it('no-ancestry and offline products answer 1110 (the no-permission status); no report yet answers 2702', async () => {
      for (const barcode of [w.barcodes.trait, w.barcodes.offline]) {
        for (const path of reads) {
          const a = await get(path, { cookie: w.alice, barcode });
          expect(a.code).toBe(CODES.NO_PERMISSION.code);
          expect(reportStatusAfter('out', a)).toBe('noPermission');
        }
      }
      expect(await cacheRow(w.barcodes.trait)).toBeUndefined();
      const none = await get(P.composition, { cookie: w.alice, barcode: w.barcodes.none });
      expect(none.code).toBe(CODES.REPORT_NOT_READY.code);
      expect(reportStatusAfter('out', none)).toBe('none');
    });

    it('a share link grants its own barcode only, viewed as standard', async () => {
      const created = await send('POST', fillPattern(REPORT_API_PATHS.shareTokens, { type: 'report' }), w.alice, {
        barcode: w.barcodes.std,
      });
      const token = created.data.token as string;
      const headers = { [SHARE_TOKEN_HEADER]: token };
      const own = await get(P.composition, { headers });
      expect(own.code).toBe(0);
      expect((await get(line('paternal'), { headers, barcode: w.barcodes.std })).code).toBe(0);
      const other = await get(P.composition, { headers, barcode: w.barcodes.bob });
      expect(other).toEqual(await get(P.composition, { cookie: w.alice, barcode: 'ZZ0000000000' }));
      expect((await get(P.composition, { headers: { [SHARE_TOKEN_HEADER]: 'x'.repeat(43) } })).code).toBe(CODES.SHARE_INVALID.code);
    });

    it('sample mode works signed out and shows the bundled genome with realistic haplogroups', async () => {
      const headers = { [SAMPLE_HEADER]: '1' };
      const a = await get(P.composition, { headers });
      expect(a.code).toBe(0);
      expect(a.data.sample).toBe(true);
      expect(a.data.computedAt).toBeNull();
      const g = sampleGenome();
      expect(a.data.paternal.haplogroup).toBe(g.yHaplogroup);
      expect(a.data.maternal.haplogroup).toBe(g.mtHaplogroup);
      // The simulator now gives founders real East Asian lineages, not the tree's root or an African L.
      expect(yPathOf(g.yHaplogroup as string).length).toBeGreaterThan(10);
      expect(g.yHaplogroup).toMatch(/^[CDNOQR]/);
      expect(g.mtHaplogroup).not.toMatch(/^L/);
      const pat = await get(line('paternal'), { headers });
      expect(pat.data.path.at(-1).haplogroup).toBe(g.yHaplogroup);
      expect(pat.data.confidence).toBe(g.calls.y?.confidence);
      expect(pat.data.path.some((s: { observed: string[] }) => s.observed.length > 0)).toBe(true);
      expect((await get(P.haplogroupName, { headers })).data).toEqual({ yhaplogroup: g.yHaplogroup, mthaplogroup: g.mtHaplogroup });
      // A user with a report of their own gets their own, not the sample.
      const mine = await get(P.composition, { cookie: w.alice, headers, barcode: w.barcodes.std });
      expect(mine.data.sample).toBe(false);
    });

    it('the marketing pages state the groups and marker counts the report computes', async () => {
      const report = (await get(P.composition, { headers: { [SAMPLE_HEADER]: '1' } })).data;
      const topic = (await get(fillPattern(API_PATHS.content, { slug: 'topics-ancestry' }))).data;
      const promise = topic.sections.find((x: { key: string }) => x.key === 'composition').body as string;
      // The groups the topic lists are exactly the report's, in its order; the missing ones are said to be missing.
      const listed = promise.slice(promise.indexOf('与') + 1, promise.indexOf('共')).split('、');
      expect(listed).toEqual(report.populations.map((p: { name: string }) => p.name));
      expect(promise).toContain(`共 ${report.populations.length} 个参考人群`);
      expect(promise).toContain(
        `${report.unavailable.map((u: { name: string }) => u.name).join('、')}目前没有可公开使用的参考数据，暂不纳入`,
      );
      // The ancestry marker count is the reference's, of which the report used at most all.
      const referenceMarkers = loadAncestryReference().size;
      expect(promise).toContain(`最多 ${referenceMarkers.toLocaleString('en-US')} 个祖源信息位点`);
      expect(report.markersUsed).toBeLessThanOrEqual(referenceMarkers);
      expect(report.markersUsed).toBeGreaterThan(referenceMarkers * 0.9);
      // The home page's chip and health counts are the panel's and the knowledge base's.
      const home = JSON.stringify((await get(fillPattern(API_PATHS.content, { slug: 'home' }))).data);
      const kb = loadKnowledgeBase();
      expect(home).toContain(`芯片读取约 ${Math.round(chipLayout(LAB_KIT_CHIP).size / 10_000)} 万个遗传位点`);
      expect(home).toContain(`（${kb.length} 项）`);
      // No page shows an unfilled fact.
      for (const { slug } of DEMO_CONTENT)
        expect(JSON.stringify((await get(fillPattern(API_PATHS.content, { slug }))).data)).not.toContain('{{');
    });

    it('rejects malformed input with a Chinese message', async () => {
      const badLine = await get(line('grandpa'), { cookie: w.alice, barcode: w.barcodes.std });
      expect(badLine).toMatchObject({ code: CODES.BAD_REQUEST.code, msg: '不支持的谱系' });
      const badTree = await get(tree('bronze-age'), { cookie: w.alice, barcode: w.barcodes.std });
      expect(badTree).toMatchObject({ code: CODES.BAD_REQUEST.code, msg: '不支持的分化树' });
      const longBarcode = await get(P.composition, { cookie: w.alice, barcode: 'X'.repeat(65) });
      expect(longBarcode).toMatchObject({ code: CODES.BAD_REQUEST.code, msg: '条码不正确' });
    });
  });

  describe('paternal and maternal lines', () => {
    it('give the path from the root with published ages, the observed markers and the branch notes', async () => {
      const g = await genomeOf(w.barcodes.std);
      const a = await get(line('paternal'), { cookie: w.alice, barcode: w.barcodes.std });
      expect(a.code).toBe(0);
      const d = a.data;
      expect(d.haplogroup).toBe(g.yHaplogroup);
      expect(d.path.map((s: { haplogroup: string }) => s.haplogroup)).toEqual(yPathOf(g.yHaplogroup as string));
      const dated = d.path.filter((s: { ageYbp: number | null }) => s.ageYbp !== null);
      expect(dated.length).toBeGreaterThan(0);
      for (const s of dated) expect(s.ageReference).toContain('PMID');
      expect(d.notes.length).toBeGreaterThan(0);
      expect(d.confidence).toBeGreaterThan(0);
      const m = await get(line('maternal'), { cookie: w.alice, barcode: w.barcodes.std });
      expect(m.data.haplogroup).toBe(g.mtHaplogroup);
      expect(m.data.path[0].haplogroup).not.toBe(m.data.haplogroup);
      expect((await get(P.haplogroupName, { cookie: w.alice, barcode: w.barcodes.std })).data).toEqual({
        yhaplogroup: g.yHaplogroup,
        mthaplogroup: g.mtHaplogroup,
      });
    });

    it('a woman has no paternal line (and no differentiation tree) and is told why; her maternal line is there', async () => {
      const pat = await get(line('paternal'), { cookie: w.bob, barcode: womanBarcode });
      expect(pat.code).toBe(0);
      expect(pat.data).toMatchObject({ haplogroup: null, path: [], notes: [] });
      expect(pat.data.reason).toContain('女性没有 Y 染色体');
      const neo = await get(tree('neolithic'), { cookie: w.bob, barcode: womanBarcode });
      expect(neo.data).toMatchObject({ haplogroup: null, nodes: [], horizonYbp: 10_000 });
      expect(neo.data.summary).toContain('女性没有 Y 染色体');
      const mat = await get(line('maternal'), { cookie: w.bob, barcode: womanBarcode });
      expect(mat.data.haplogroup).toBeTruthy();
      const comp = await get(P.composition, { cookie: w.bob, barcode: womanBarcode });
      expect(comp.data.paternal).toMatchObject({ haplogroup: null, reason: expect.stringContaining('女性') });
    });

    it('differentiation trees start from a branch older than the horizon and end at the user’s branch', async () => {
      const g = await genomeOf(w.barcodes.std);
      for (const [h, ybp] of [
        ['neolithic', 10_000],
        ['eastern-zhou', 2_500],
      ] as const) {
        const a = await get(tree(h), { cookie: w.alice, barcode: w.barcodes.std });
        expect(a.code).toBe(0);
        expect(a.data).toMatchObject({ horizon: h, horizonYbp: ybp, haplogroup: g.yHaplogroup });
        const spine = a.data.nodes.filter((n: { onPath: boolean }) => n.onPath).map((n: { id: string }) => n.id);
        expect(spine[0]).toBe(a.data.anchor);
        expect(spine.at(-1)).toBe(g.yHaplogroup);
        expect(a.data.summary.length).toBeGreaterThan(20);
      }
    });
  });

  describe('Y-tree', () => {
    it('gives every node publicly, cacheable', async () => {
      const res = await t.app.inject({ method: 'GET', url: P.ytree });
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
      const a = res.json() as Answer;
      expect(a.code).toBe(0);
      expect(a.data.nodes.length).toBeGreaterThan(4000);
      expect(a.data.nodes[0][1]).toBe(-1);
    });

    const comments = (h: string, page?: number) => `${P.ytreeComments}?haplogroup=${encodeURIComponent(h)}${page ? `&page=${page}` : ''}`;
    const commentOne = (id: string) => fillPattern(P.ytreeCommentOne, { id });

    it('comments: signed-in users post a checked comment; everyone reads the visible ones', async () => {
      const body = { haplogroup: 'O2a1b1a1a1a', comment: '  我家祖籍山东，父系是 O-F11。 ' };
      expect((await send('POST', P.ytreeComments, null, body)).code).toBe(CODES.NOT_LOGGED_IN.code);
      expect(await send('POST', P.ytreeComments, w.dave, { ...body, comment: ' \n\t ' })).toMatchObject({
        code: CODES.BAD_REQUEST.code,
        msg: '评论内容不能为空',
      });
      expect(await send('POST', P.ytreeComments, w.dave, { ...body, comment: '长'.repeat(YTREE_COMMENT_MAX + 1) })).toMatchObject({
        code: CODES.BAD_REQUEST.code,
        msg: `评论不能超过 ${YTREE_COMMENT_MAX} 字`,
      });
      const unknown = await send('POST', P.ytreeComments, w.dave, { ...body, haplogroup: 'Z9z9' });
      expect(unknown).toMatchObject({ code: CODES.BAD_REQUEST.code, msg: 'Y 染色体谱系树中没有 Z9z9 这个分支' });
      expect(await t.database.db.select().from(schema.ytreeComments)).toHaveLength(0);

      const ok = await send('POST', P.ytreeComments, w.dave, body);
      expect(ok.code).toBe(0);
      expect(ok.data).toMatchObject({
        haplogroup: 'O2a1b1a1a1a',
        comment: '我家祖籍山东，父系是 O-F11。',
        status: 'visible',
        createType: 'USER',
        userName: '戴夫',
        mine: true,
      });
      const full = await send('POST', P.ytreeComments, w.carol, { haplogroup: 'O2a1b1a1a1a', comment: '好'.repeat(YTREE_COMMENT_MAX) });
      expect(full.code).toBe(0);
      expect(await send('POST', P.ytreeComments, w.dave, body)).toMatchObject({
        code: CODES.BAD_REQUEST.code,
        msg: '您已经发表过相同的评论了',
      });

      const anon = await get(comments('O2a1b1a1a1a'));
      expect(anon.data).toMatchObject({ total: 2, page: 1, size: 10 });
      expect(anon.data.list.map((c: { mine: boolean }) => c.mine)).toEqual([false, false]);
      expect(JSON.stringify(anon.data)).not.toMatch(/userId|1392000/);
      const asDave = await get(comments('O2a1b1a1a1a'), { cookie: w.dave });
      expect(asDave.data.list.find((c: { id: string }) => c.id === ok.data.id).mine).toBe(true);
      expect((await get(comments('O2'))).data.total).toBe(0);
      expect((await get(comments('Z9z9'))).code).toBe(CODES.BAD_REQUEST.code);

      // A hidden comment (moderated) is never listed.
      await t.database.db.update(schema.ytreeComments).set({ status: 'hidden' }).where(eq(schema.ytreeComments.id, full.data.id));
      expect((await get(comments('O2a1b1a1a1a'))).data.list.map((c: { id: string }) => c.id)).toEqual([ok.data.id]);
    });

    it('comments: only the author deletes, a foreign id answers like a missing one', async () => {
      const posted = await send('POST', P.ytreeComments, w.bob, { haplogroup: 'C2', comment: '北方的 C2 在这里' });
      const id = posted.data.id as string;
      const foreign = await send('DELETE', commentOne(id), w.alice);
      const missing = await send('DELETE', commentOne('00000000-0000-4000-8000-000000000000'), w.alice);
      expect(foreign).toEqual(missing);
      expect(foreign).toMatchObject({ code: CODES.NOT_FOUND.code, msg: '评论不存在' });
      expect((await send('DELETE', commentOne(id), null)).code).toBe(CODES.NOT_LOGGED_IN.code);
      expect((await get(comments('C2'))).data.total).toBe(1);
      expect((await send('DELETE', commentOne(id), w.bob)).code).toBe(0);
      expect((await get(comments('C2'))).data.total).toBe(0);
      expect((await send('DELETE', commentOne(id), w.bob)).code).toBe(CODES.NOT_FOUND.code);
      expect((await send('DELETE', commentOne('not-a-uuid'), w.bob)).code).toBe(CODES.BAD_REQUEST.code);
    });

    it('comments: a burst of posts is slowed down', async () => {
      const user = await signUpUser(t, '13920000099', undefined, '话多的人');
      for (let i = 0; i < 5; i++) {
        expect((await send('POST', P.ytreeComments, user, { haplogroup: 'N1a1', comment: `第 ${i} 条` })).code).toBe(0);
      }
      const sixth = await send('POST', P.ytreeComments, user, { haplogroup: 'N1a1', comment: '第 6 条' });
      expect(sixth.code).toBe(CODES.RATE_LIMITED.code);
      t.clock.advance(11 * 60_000);
      expect((await send('POST', P.ytreeComments, user, { haplogroup: 'N1a1', comment: '第 6 条' })).code).toBe(0);
      const page2 = await get(comments('N1a1', 2));
      expect(page2.data).toMatchObject({ total: 6, page: 2 });
      expect(page2.data.list).toHaveLength(0);
    });
  });
});
