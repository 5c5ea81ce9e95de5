import { ACCOUNT_PATHS } from '@jiyin/contracts/accounts';
import { SAMPLE_HEADER } from '@jiyin/contracts/api';
import { CODES } from '@jiyin/contracts/codes';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import {
  LOCK_ICON,
  LOCKED_ITEM_TOAST,
  REPORT_API_PATHS,
  REPORT_CATEGORIES,
  type ReportItemSummary,
  SAMPLE_BARCODE,
  SAMPLE_PERSON_NAME,
} from '@jiyin/contracts/reportApi';
import { REPORT_STATUS_BY_CODE, type ReportStatus, reportStatusAfter } from '@jiyin/contracts/reports';
import { schema, testDatabaseTargets } from '@jiyin/db';
import { badgeOf, loadKnowledgeBase } from '@jiyin/genome';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleLockedItems } from '../src/reports/sample.ts';
import { PREVIEW_ITEMS, referenceOf } from '../src/reports/service.ts';
import { acceptShareInvitations, startTestApp, type TestApp } from './helpers.ts';
import { type Answer, type ReportWorld, seedReportWorld, UNREAD_ITEM } from './reportFixtures.ts';

const KB = loadKnowledgeBase();
/** The test person is a man: items about women only (breast cancer) are not his. */
const forMale = (i: (typeof KB)[number]) => i.sex !== 'female';
const kbCount = (kb: string) => KB.filter((i) => i.category === kb && forMale(i)).length;
const kbOrder = (kb: string) => KB.filter((i) => i.category === kb && forMale(i)).map((i) => i.id);

describe.each(testDatabaseTargets())('report reads on $name', (target) => {
  let t: TestApp;
  let w: ReportWorld;
  beforeAll(async () => {
    t = await startTestApp(target);
    w = await seedReportWorld(t, '139100000');
  });
  afterAll(() => t.close());

  const get = async (url: string, opts: { cookie?: string; barcode?: string; headers?: Record<string, string> } = {}): Promise<Answer> => {
    const query = opts.barcode === undefined ? '' : `?barcode=${encodeURIComponent(opts.barcode)}`;
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.cookie) headers.cookie = opts.cookie;
    const res = await t.app.inject({ method: 'GET', url: url + query, headers });
    return res.json();
  };
  const send = async (method: 'POST' | 'PUT' | 'DELETE', url: string, cookie: string | null, body?: unknown): Promise<Answer> => {
    const res = await t.app.inject({ method, url, payload: body as object, headers: cookie ? { cookie } : {} });
    return res.json();
  };
  const category = (c: string) => fillPattern(REPORT_API_PATHS.category, { category: c });
  const detail = (c: string, id: string) => fillPattern(REPORT_API_PATHS.detail, { category: c, id });
  const drugClass = (id: string) => fillPattern(REPORT_API_PATHS.drugClass, { categoryId: id });
  const feelOne = (id: string) => fillPattern(REPORT_API_PATHS.feelOne, { id });
  const statusOf = (a: Answer, current: ReportStatus = 'out') => reportStatusAfter(current, a);
  const resultOf = (id: string) => w.items.find((i) => i.id === id);

  describe('own reports', () => {
    it('overview: person card, haplogroups, every category with a summary line and its first results in fixed order', async () => {
      const a = await get(REPORT_API_PATHS.overview, { cookie: w.alice, barcode: w.barcodes.std });
      expect(a.code).toBe(0);
      expect(a.data.sample).toBe(false);
      expect(a.data.person).toMatchObject({
        personId: w.persons.std,
        barcode: w.barcodes.std,
        name: '爱丽丝的儿子',
        gender: 'male',
        productName: '测试全能版',
        reportType: 'standard',
        hasReport: true,
      });
      const [genome] = await t.database.db.select().from(schema.genomes).where(eq(schema.genomes.barcode, w.barcodes.std));
      expect(a.data.person.yHaplogroup).toBe(genome.yHaplogroup);
      expect(a.data.person.mtHaplogroup).toBe(genome.mtHaplogroup);
      expect(genome.yHaplogroup).toBeTruthy();
      expect(a.data.computedAt).toBe(w.computedAt);
      expect(a.data.categories.map((c: { category: string }) => c.category)).toEqual(REPORT_CATEGORIES.map((c) => c.api));
      for (const c of a.data.categories) {
        const cat = REPORT_CATEGORIES.find((x) => x.api === c.category);
        expect(c.total).toBe(kbCount(cat?.kb ?? ''));
        expect(c.productStatus).toBe(0);
        expect(c.summary).toMatch(new RegExp(`^${c.total} (项|种药物)`));
        expect(c.preview.length).toBe(Math.min(PREVIEW_ITEMS, w.items.filter((i) => i.category === cat?.kb && i.status === 'out').length));
        // The first results in the knowledge base's order, whatever they say.
        const results = kbOrder(cat?.kb ?? '').filter((id) => resultOf(id)?.status === 'out');
        expect(c.preview.map((h: ReportItemSummary) => h.id)).toEqual(results.slice(0, PREVIEW_ITEMS));
        for (const h of c.preview) {
          const r = resultOf(h.id)?.result;
          expect(r?.level).toBe(h.level);
          expect(h.levelLabel).toBe(r && badgeOf(cat?.kb as never, r.level, r.label));
        }
      }
    });

    it('side bar: ancestry first, the seven reports with totals and themes, drug classes in both groups', async () => {
      const a = await get(REPORT_API_PATHS.sideBarData, { cookie: w.alice, barcode: w.barcodes.std });
      expect(a.code).toBe(0);
      const [reports, drugs] = a.data;
      const list = reports.data.list;
      expect(list[0]).toMatchObject({ enName: 'parentage', path: '/report/ancestry', productStatus: 0, tags: [], total: 3 });
      expect(list.slice(1).map((i: { enName: string }) => i.enName)).toEqual(REPORT_CATEGORIES.map((c) => c.enName));
      for (const [k, cat] of REPORT_CATEGORIES.entries()) {
        const item = list[k + 1];
        expect(item).toMatchObject({ name: cat.name, path: `/report/${cat.page}`, total: kbCount(cat.kb), productStatus: 0 });
        expect(item.description).toMatch(/[\u4e00-\u9fff]/);
        expect(item.colours.start).toMatch(/^#[0-9a-f]{6}$/);
      }
      const classIds = [...new Set(KB.filter((i) => i.drugClassId).map((i) => i.drugClassId))];
      expect(drugs.data.list.map((c: { categoryId: string }) => c.categoryId)).toEqual(classIds);
      expect(list.find((i: { enName: string }) => i.enName === 'drug').children).toEqual(drugs.data.list);
      const total = drugs.data.list.reduce((n: number, c: { total: number }) => n + c.total, 0);
      expect(total).toBe(kbCount('drug'));
      expect(drugs.data.list[0]).toMatchObject({ path: `/report/drug/class/${classIds[0]}`, webSceneClassifyIcon: classIds[0] });
      expect(reports.data.sample).toBe(false);
    });

    it('category: every item with its stored result, results in the fixed order, then the undetected', async () => {
      for (const cat of REPORT_CATEGORIES) {
        // Page names answer like API names.
        for (const name of new Set([cat.api, cat.page])) {
          const a = await get(category(name), { cookie: w.alice, barcode: w.barcodes.std });
          expect(a.code, `${name}: ${a.msg}`).toBe(0);
          expect(a.data.category).toBe(cat.api);
          const items: ReportItemSummary[] = a.data.items;
          const order = kbOrder(cat.kb);
          expect(items.map((i) => i.id).sort()).toEqual([...order].sort());
          const rank = (i: ReportItemSummary) => (i.status === 'unDetected' ? 1 : 0);
          expect(items.map(rank)).toEqual(items.map(rank).sort());
          const out = items.filter((i) => i.status === 'out').map((i) => i.id);
          expect(out).toEqual(order.filter((id) => out.includes(id)));
          for (const i of items) {
            const r = resultOf(i.id);
            expect(i.status).toBe(r?.status);
            expect(i.label).toBe(r?.result?.label ?? null);
            expect(i.productStatus).toBe(0);
          }
          const counted = Object.values(a.data.levelCounts as Record<string, number>).reduce((n, x) => n + x, 0);
          expect(counted).toBe(items.filter((i) => i.status === 'out').length);
          // The hero's counts in the category's own words: the badges its rows show.
          for (const v of a.data.verdictCounts as { level: string; badge: string; count: number }[]) {
            expect(v.count).toBe(a.data.levelCounts[v.level]);
            const rows = items.filter((i) => i.level === v.level);
            if (v.level !== 'trait') expect(rows.every((i) => i.levelLabel === v.badge)).toBe(true);
          }
        }
      }
      const disease = await get(category('disease'), { cookie: w.alice, barcode: w.barcodes.std });
      const undetected = disease.data.items.filter((i: ReportItemSummary) => i.status === 'unDetected');
      expect(undetected.map((i: ReportItemSummary) => i.id)).toContain(UNREAD_ITEM);
      expect(disease.data.items.slice(-undetected.length)).toEqual(undetected);
    });

    it('drug class: the class items only; an unknown class is not found', async () => {
      const id = KB.find((i) => i.drugClassId)?.drugClassId as string;
      const a = await get(drugClass(id), { cookie: w.alice, barcode: w.barcodes.std });
      expect(a.code).toBe(0);
      expect(a.data).toMatchObject({ category: 'drug', categoryId: id });
      expect(a.data.items.map((i: { id: string }) => i.id).sort()).toEqual(
        KB.filter((i) => i.drugClassId === id)
          .map((i) => i.id)
          .sort(),
      );
      expect((await get(drugClass('no-such-class'), { cookie: w.alice, barcode: w.barcodes.std })).code).toBe(CODES.NOT_FOUND.code);
      const bad = await get(drugClass('Bad_Class'), { cookie: w.alice, barcode: w.barcodes.std });
      expect(bad).toMatchObject({ code: CODES.BAD_REQUEST.code, msg: '药物类别不正确' });
    });

    it('detail: result, genotypes with effect allele and East Asian frequency, references with public links', async () => {
      const item = w.items.find((i) => i.category === 'drug' && i.status === 'out');
      if (!item) throw new Error('no drug result');
      const a = await get(detail('drug', item.id), { cookie: w.alice, barcode: w.barcodes.std });
      expect(a.code).toBe(0);
      const kb = KB.find((i) => i.id === item.id);
      expect(a.data).toMatchObject({
        id: item.id,
        category: 'drug',
        sample: false,
        status: 'out',
        label: item.result?.label,
        explanation: item.result?.explanation,
        summary: kb?.summary,
        advice: kb?.advice,
        feel: null,
      });
      expect(a.data.genotypes).toEqual(
        kb?.markers.map((m) => ({
          rsid: m.rsid,
          gene: m.gene,
          genotype: item.genotypes[m.rsid],
          effectAllele: m.effectAllele,
          eastAsianFreq: m.eastAsianFreq,
        })),
      );
      for (const r of a.data.references) expect(r.url).toMatch(/^https:\/\//);
      // The link of each reference type, checked against the knowledge base's id formats.
      const links = KB.flatMap((i) => i.references);
      const pubmed = links.find((r) => r.type === 'pubmed');
      expect(referenceOf(pubmed ?? { type: 'pubmed', id: '1' }).url).toBe(`https://pubmed.ncbi.nlm.nih.gov/${pubmed?.id}/`);
      expect(referenceOf({ type: 'clinvar', id: '17023' }).url).toBe('https://www.ncbi.nlm.nih.gov/clinvar/variation/17023/');
      expect(referenceOf({ type: 'clinvar', id: 'RCV000002295' }).url).toBe('https://www.ncbi.nlm.nih.gov/clinvar/RCV000002295/');
      expect(referenceOf({ type: 'cpic', id: 'CPIC Guideline for X' }).url).toBe('https://cpicpgx.org/guidelines/');
      expect(referenceOf({ type: 'pharmgkb', id: 'PA449053' }).url).toBe('https://www.pharmgkb.org/search?query=PA449053');
      expect(referenceOf({ type: 'gwas', id: 'GCST000001' }).url).toBe('https://www.ebi.ac.uk/gwas/studies/GCST000001');
    });

    it('detail of an item whose markers were not read answers the text unDetected', async () => {
      const a = await get(detail('disease', UNREAD_ITEM), { cookie: w.alice, barcode: w.barcodes.std });
      expect(a.data).toBe('unDetected');
      expect(statusOf(a)).toBe('undetected');
    });

    it.each([
      ['an unknown item', 'disease', 'disease-no-such-thing', CODES.ITEM_NOT_SUPPORTED.code],
      ['an item of another category', 'disease', KB.find((i) => i.category === 'drug')?.id as string, CODES.ITEM_NOT_SUPPORTED.code],
      ['a malformed id', 'disease', 'Bad_Id', CODES.BAD_REQUEST.code],
      ['an unknown category', 'horoscope', 'disease-x', CODES.BAD_REQUEST.code],
    ])('detail of %s: a non-zero code, no data, a Chinese message', async (_what, cat, id, code) => {
      const a = await get(detail(cat, id), { cookie: w.alice, barcode: w.barcodes.std });
      expect(a.code).toBe(code);
      expect(a.data).toBeNull();
      expect(a.msg).toMatch(/[\u4e00-\u9fff]/);
    });

    it('a malformed barcode query is refused in Chinese', async () => {
      const a = await get(REPORT_API_PATHS.overview, { cookie: w.alice, barcode: 'x'.repeat(80) });
      expect(a).toMatchObject({ code: CODES.BAD_REQUEST.code, msg: '条码不正确' });
      const none = await get(REPORT_API_PATHS.overview, { cookie: w.alice });
      expect(none).toMatchObject({ code: CODES.BAD_REQUEST.code, msg: '缺少条码' });
    });
  });

  describe('report types, locked products and the none state', () => {
    it('a trait-only product sees traits; the other reports and ancestry are locked and answer 2700', async () => {
      const bar = await get(REPORT_API_PATHS.sideBarData, { cookie: w.alice, barcode: w.barcodes.trait });
      const list = bar.data[0].data.list;
      const entry = (en: string) => list.find((i: { enName: string }) => i.enName === en);
      expect(entry('trait')).toMatchObject({ productStatus: 0, tags: [] });
      for (const en of ['parentage', 'disease', 'drug', 'tumor']) {
        expect(entry(en)).toMatchObject({ productStatus: 1, tags: [LOCK_ICON] });
        expect(entry(en).lockDescription).toMatch(/升级/);
      }
      expect(bar.data[1].data.list.every((c: { productStatus: number }) => c.productStatus === 1)).toBe(true);

      const over = await get(REPORT_API_PATHS.overview, { cookie: w.alice, barcode: w.barcodes.trait });
      expect(over.data.person.reportType).toBe('noAncestry');
      const byCat = (c: string) => over.data.categories.find((x: { category: string }) => x.category === c);
      expect(byCat('disease')).toMatchObject({ productStatus: 1, summary: null, preview: [] });
      expect(byCat('trait').productStatus).toBe(0);

      expect((await get(category('trait'), { cookie: w.alice, barcode: w.barcodes.trait })).code).toBe(0);
      const disease = await get(category('disease'), { cookie: w.alice, barcode: w.barcodes.trait });
      expect(disease).toMatchObject({ code: CODES.SHOULD_UPGRADE.code, data: null });
      expect(statusOf(disease)).toBe('shouldUpgrade');
      const item = KB.find((i) => i.category === 'disease')?.id as string;
      const locked = await get(detail('disease', item), { cookie: w.alice, barcode: w.barcodes.trait });
      expect(locked).toMatchObject({ code: CODES.SHOULD_UPGRADE.code, data: null });
      const drugId = KB.find((i) => i.drugClassId)?.drugClassId as string;
      expect((await get(drugClass(drugId), { cookie: w.alice, barcode: w.barcodes.trait })).code).toBe(CODES.SHOULD_UPGRADE.code);
    });

    it('an offline product has no health reports on the web: 1110, and the side bar lists none', async () => {
      const a = await get(category('disease'), { cookie: w.alice, barcode: w.barcodes.offline });
      expect(a).toMatchObject({ code: CODES.NO_PERMISSION.code, data: null });
      expect(statusOf(a)).toBe('noPermission');
      const item = KB.find((i) => i.category === 'traits')?.id as string;
      expect((await get(detail('trait', item), { cookie: w.alice, barcode: w.barcodes.offline })).code).toBe(CODES.NO_PERMISSION.code);
      const bar = await get(REPORT_API_PATHS.sideBarData, { cookie: w.alice, barcode: w.barcodes.offline });
      expect(bar.data[0].data.list).toEqual([]);
      expect(bar.data[1].data.list).toEqual([]);
      const over = await get(REPORT_API_PATHS.overview, { cookie: w.alice, barcode: w.barcodes.offline });
      expect(over.data.person.reportType).toBe('offline');
      expect(over.data.categories).toEqual([]);
    });

    it('a detection without a report: overview hasReport false (none), report calls answer 2702', async () => {
      const over = await get(REPORT_API_PATHS.overview, { cookie: w.alice, barcode: w.barcodes.none });
      expect(over.code).toBe(0);
      expect(over.data.person.hasReport).toBe(false);
      expect(over.data.computedAt).toBeNull();
      expect(
        over.data.categories.every((c: { preview: unknown[]; summary: unknown }) => c.preview.length === 0 && c.summary === null),
      ).toBe(true);
      expect((await get(REPORT_API_PATHS.sideBarData, { cookie: w.alice, barcode: w.barcodes.none })).code).toBe(0);
      const cat = await get(category('disease'), { cookie: w.alice, barcode: w.barcodes.none });
      expect(cat).toMatchObject({ code: CODES.REPORT_NOT_READY.code, data: null });
      expect(statusOf(cat, 'none')).toBe('none');
      expect((await get(detail('disease', UNREAD_ITEM), { cookie: w.alice, barcode: w.barcodes.none })).code).toBe(
        CODES.REPORT_NOT_READY.code,
      );
    });
  });

  describe('ownership', () => {
    const missing = 'ZZ9999999999';
    const calls = () => {
      const item = KB.find((i) => i.category === 'drug')?.id as string;
      const cls = KB.find((i) => i.drugClassId)?.drugClassId as string;
      return [REPORT_API_PATHS.sideBarData, REPORT_API_PATHS.overview, category('disease'), drugClass(cls), detail('drug', item)];
    };

    it("another user's barcode answers exactly like a missing one, on every read", async () => {
      for (const url of calls()) {
        const foreign = await get(url, { cookie: w.bob, barcode: w.barcodes.std });
        const unknown = await get(url, { cookie: w.bob, barcode: missing });
        expect(foreign, url).toEqual(unknown);
        expect(foreign).toMatchObject({ code: CODES.NOT_FOUND.code, data: null, msg: '报告不存在' });
        expect(statusOf(foreign)).toBe('notFound');
        // And Alice cannot read Bob's.
        expect(await get(url, { cookie: w.alice, barcode: w.barcodes.bob })).toEqual(unknown);
      }
    });

    it('a kit that is not bound to anyone reads as missing', async () => {
      await t.database.db.insert(schema.kits).values({ barcode: 'RT0000000099', productId: 'RPT_STANDARD' });
      expect(await get(REPORT_API_PATHS.overview, { cookie: w.alice, barcode: 'RT0000000099' })).toEqual(
        await get(REPORT_API_PATHS.overview, { cookie: w.alice, barcode: missing }),
      );
    });

    it('a visitor without sample or share mode must sign in', async () => {
      for (const url of calls()) {
        const a = await get(url, { barcode: w.barcodes.std });
        expect(a).toMatchObject({ code: CODES.NOT_LOGGED_IN.code, data: null });
      }
    });

    it('a person shared with Carol: she reads it, except tumour risks (tumorShareSctLimit)', async () => {
      const over = await get(REPORT_API_PATHS.overview, { cookie: w.carol, barcode: w.barcodes.std });
      expect(over.code).toBe(0);
      expect(over.data.categories.find((c: { category: string }) => c.category === 'tumor')).toMatchObject({ summary: null, preview: [] });
      expect((await get(category('disease'), { cookie: w.carol, barcode: w.barcodes.std })).code).toBe(0);
      const tumor = await get(category('tumor'), { cookie: w.carol, barcode: w.barcodes.std });
      expect(tumor).toMatchObject({ code: 0, data: 'tumorShareSctLimit' });
      expect(statusOf(tumor)).toBe('tumorShareLimit');
      const tumorItem = KB.find((i) => i.category === 'tumor')?.id as string;
      expect((await get(detail('tumor', tumorItem), { cookie: w.carol, barcode: w.barcodes.std })).data).toBe('tumorShareSctLimit');
      // The owner sees them.
      expect((await get(category('tumor'), { cookie: w.alice, barcode: w.barcodes.std })).data.items.length).toBe(kbCount('tumor'));
      // Carol sees none of Alice's other persons.
      expect((await get(REPORT_API_PATHS.overview, { cookie: w.carol, barcode: w.barcodes.trait })).code).toBe(CODES.NOT_FOUND.code);
    });
  });

  describe('sample mode', () => {
    const sample = { [SAMPLE_HEADER]: '1' };

    it('a visitor reads the bundled demo genome, the same on every call', async () => {
      const over = await get(REPORT_API_PATHS.overview, { headers: sample });
      expect(over.code).toBe(0);
      expect(over.data).toMatchObject({ sample: true, person: { name: SAMPLE_PERSON_NAME, barcode: SAMPLE_BARCODE, hasReport: true } });
      expect(over.data.person.yHaplogroup).toBeTruthy();
      const again = await get(REPORT_API_PATHS.overview, { headers: sample });
      expect(again).toEqual(over);
      const bar = await get(REPORT_API_PATHS.sideBarData, { headers: sample });
      expect(bar.data[0].data).toMatchObject({ sample: true });
      expect(bar.data[0].data.list.every((i: { productStatus: number }) => i.productStatus === 0)).toBe(true);
    });

    it('a few best-evidenced items per category stay locked; their detail answers 2700 with the upgrade toast', async () => {
      const lockedIds = sampleLockedItems();
      for (const cat of REPORT_CATEGORIES) {
        const a = await get(category(cat.api), { headers: sample });
        expect(a.data.sample).toBe(true);
        const locked = a.data.items.filter((i: ReportItemSummary) => i.productStatus === 1);
        expect(locked.length).toBe(2);
        for (const i of locked) {
          expect(lockedIds.has(i.id)).toBe(true);
          expect(i).toMatchObject({ tags: [LOCK_ICON], label: null, level: null });
          expect(i.lockDescription).toMatch(/解锁/);
        }
        const d = await get(detail(cat.api, locked[0].id), { headers: sample });
        expect(d).toMatchObject({ code: CODES.SHOULD_UPGRADE.code, data: null, msg: LOCKED_ITEM_TOAST });
        const open = a.data.items.find((i: ReportItemSummary) => i.productStatus === 0 && i.status === 'out');
        const od = await get(detail(cat.api, open.id), { headers: sample });
        expect(od.code).toBe(0);
        expect(od.data).toMatchObject({ sample: true, id: open.id, label: open.label });
      }
    });

    it('a signed-in user without a report gets the sample; a user with a report gets their own', async () => {
      expect((await get(REPORT_API_PATHS.overview, { cookie: w.dave, headers: sample })).data.sample).toBe(true);
      // Alice has reports: the header is ignored and her barcode is required.
      expect(await get(REPORT_API_PATHS.overview, { cookie: w.alice, headers: sample })).toMatchObject({
        code: CODES.BAD_REQUEST.code,
        msg: '缺少条码',
      });
      const own = await get(REPORT_API_PATHS.overview, { cookie: w.alice, barcode: w.barcodes.std, headers: sample });
      expect(own.data).toMatchObject({ sample: false, person: { barcode: w.barcodes.std } });
      // Carol has only a person shared with her, with a report: also not sample.
      const carol = await get(REPORT_API_PATHS.overview, { cookie: w.carol, barcode: SAMPLE_BARCODE, headers: sample });
      expect(carol.code).toBe(CODES.NOT_FOUND.code);
      // Without the header nobody gets the sample.
      expect((await get(REPORT_API_PATHS.overview, { cookie: w.dave, barcode: SAMPLE_BARCODE })).code).toBe(CODES.NOT_FOUND.code);
    });
  });

  describe('feel', () => {
    const drugItem = () => w.items.find((i) => i.category === 'drug' && i.status === 'out')?.id as string;

    it('rates an item once per user, detection and item: a second rating replaces the first', async () => {
      const body = { barcode: w.barcodes.std, module: 'drug', relate_id: drugItem(), feel: 4 };
      const first = await send('POST', REPORT_API_PATHS.feel, w.alice, body);
      expect(first.code).toBe(0);
      expect(first.data).toMatchObject({ barcode: w.barcodes.std, module: 'drug', relate_id: drugItem(), feel: 4 });
      const second = await send('POST', REPORT_API_PATHS.feel, w.alice, { ...body, feel: 2 });
      expect(second.data).toMatchObject({ id: first.data.id, feel: 2 });
      const mine = await t.app.inject({
        method: 'GET',
        url: `${REPORT_API_PATHS.feel}?barcode=${w.barcodes.std}&module=drug&relate_id=${drugItem()}`,
        headers: { cookie: w.alice },
      });
      expect(mine.json().data.list).toEqual([second.data]);
      const d = await get(detail('drug', drugItem()), { cookie: w.alice, barcode: w.barcodes.std });
      expect(d.data.feel).toEqual({ id: first.data.id, feel: 2 });
      // Carol, who may read the person, rates separately; Alice's detail still shows Alice's.
      const carol = await send('POST', REPORT_API_PATHS.feel, w.carol, { ...body, feel: 5 });
      expect(carol.code).toBe(0);
      expect(carol.data.id).not.toBe(first.data.id);
      expect((await get(detail('drug', drugItem()), { cookie: w.alice, barcode: w.barcodes.std })).data.feel.feel).toBe(2);
    });

    it('only the author changes or deletes a feel; anyone else gets "not found"', async () => {
      const created = await send('POST', REPORT_API_PATHS.feel, w.alice, {
        barcode: w.barcodes.std,
        module: 'trait',
        relate_id: KB.find((i) => i.category === 'traits')?.id,
        feel: 3,
      });
      const id = created.data.id;
      for (const cookie of [w.bob, w.carol]) {
        expect((await send('PUT', feelOne(id), cookie, { feel: 1 })).code).toBe(CODES.NOT_FOUND.code);
        expect((await send('DELETE', feelOne(id), cookie)).code).toBe(CODES.NOT_FOUND.code);
      }
      expect((await send('PUT', feelOne(id), null, { feel: 1 })).code).toBe(CODES.NOT_LOGGED_IN.code);
      const [row] = await t.database.db.select().from(schema.reportFeels).where(eq(schema.reportFeels.id, id));
      expect(row.feel).toBe(3);
      const updated = await send('PUT', feelOne(id), w.alice, { feel: 5 });
      expect(updated.data).toMatchObject({ id, feel: 5 });
      expect((await send('DELETE', feelOne(id), w.alice)).code).toBe(0);
      expect((await send('DELETE', feelOne(id), w.alice)).code).toBe(CODES.NOT_FOUND.code);
      expect((await send('PUT', feelOne('not-a-uuid'), w.alice, { feel: 5 })).code).toBe(CODES.BAD_REQUEST.code);
    });

    it('a reader who loses access to the person can no longer list, change or delete their feel', async () => {
      const rated = await send('POST', REPORT_API_PATHS.feel, w.carol, {
        barcode: w.barcodes.std,
        module: 'nutrition',
        relate_id: KB.find((i) => i.category === 'nutrition')?.id,
        feel: 4,
      });
      expect(rated.code).toBe(0);
      const [carol] = await t.database.db.select().from(schema.users).where(eq(schema.users.phone, '13910000003'));
      const shareOf = fillPattern(ACCOUNT_PATHS.personShare, { id: w.persons.std, userId: carol.id });
      expect((await send('DELETE', shareOf, w.alice)).code).toBe(0);
      try {
        expect((await send('PUT', feelOne(rated.data.id), w.carol, { feel: 1 })).code).toBe(CODES.NOT_FOUND.code);
        expect((await send('DELETE', feelOne(rated.data.id), w.carol)).code).toBe(CODES.NOT_FOUND.code);
        expect((await get(REPORT_API_PATHS.feel, { cookie: w.carol, barcode: w.barcodes.std })).code).toBe(CODES.NOT_FOUND.code);
      } finally {
        const again = await send('POST', fillPattern(ACCOUNT_PATHS.personShares, { id: w.persons.std }), w.alice, {
          phoneNumber: '13910000003',
          nationCode: '86',
        });
        expect(again.code).toBe(0);
        expect(await acceptShareInvitations(t, w.carol)).toBe(1);
      }
    });

    it.each([
      ['a rating out of range', { feel: 6 }, CODES.BAD_REQUEST.code],
      ['an unknown module', { module: 'horoscope' }, CODES.BAD_REQUEST.code],
      ['an unknown item', { relate_id: 'drug-nothing' }, CODES.ITEM_NOT_SUPPORTED.code],
      ["Bob's barcode", { barcode: 'RT0000000005' }, CODES.NOT_FOUND.code],
      ['the sample barcode', { barcode: SAMPLE_BARCODE }, CODES.NOT_FOUND.code],
      ['a locked report', { barcode: 'RT0000000002' }, CODES.SHOULD_UPGRADE.code],
    ])('refuses %s and stores nothing', async (_what, change, code) => {
      const before = (await t.database.db.select().from(schema.reportFeels)).length;
      const body = { barcode: w.barcodes.std, module: 'drug', relate_id: drugItem(), feel: 3, ...change };
      const a = await send('POST', REPORT_API_PATHS.feel, w.alice, body);
      expect(a.code).toBe(code);
      expect(a.msg).toMatch(/[\u4e00-\u9fff]/);
      expect((await t.database.db.select().from(schema.reportFeels)).length).toBe(before);
    });

    it('sample viewers cannot rate, and Bob cannot list feels on Alice’s barcode', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: REPORT_API_PATHS.feel,
        headers: { [SAMPLE_HEADER]: '1' },
        payload: { barcode: SAMPLE_BARCODE, module: 'drug', relate_id: drugItem(), feel: 3 },
      });
      expect(res.json().code).toBe(CODES.NOT_LOGGED_IN.code);
      const list = await t.app.inject({
        method: 'GET',
        url: `${REPORT_API_PATHS.feel}?barcode=${w.barcodes.std}`,
        headers: { cookie: w.bob },
      });
      expect(list.json().code).toBe(CODES.NOT_FOUND.code);
    });
  });

  it('every row of the §4 status table the report calls can reach maps to its status', async () => {
    // The answers these tests produced, by the code or text they carry.
    const tumorItem = KB.find((i) => i.category === 'tumor')?.id as string;
    const answers: Record<string, Answer> = {
      [CODES.NO_PERMISSION.code]: await get(category('disease'), { cookie: w.alice, barcode: w.barcodes.offline }),
      [CODES.NOT_FOUND.code]: await get(category('disease'), { cookie: w.bob, barcode: w.barcodes.std }),
      [CODES.API_NOT_FOUND.code]: await get('/v3/report/disease/no/such/call', { cookie: w.alice }),
      [CODES.SHOULD_UPGRADE.code]: await get(category('disease'), { cookie: w.alice, barcode: w.barcodes.trait }),
      [CODES.ITEM_NOT_SUPPORTED.code]: await get(detail('disease', 'disease-none'), { cookie: w.alice, barcode: w.barcodes.std }),
      [CODES.REPORT_NOT_READY.code]: await get(category('disease'), { cookie: w.alice, barcode: w.barcodes.none }),
      unDetected: await get(detail('disease', UNREAD_ITEM), { cookie: w.alice, barcode: w.barcodes.std }),
      tumorShareSctLimit: await get(detail('tumor', tumorItem), { cookie: w.carol, barcode: w.barcodes.std }),
    };
    for (const row of REPORT_STATUS_BY_CODE) {
      // 2701 (should share) belongs to comparisons with another person's genome, not to these reads.
      if (row.match === CODES.SHOULD_SHARE.code) continue;
      const a = answers[String(row.match)];
      expect(a, `no answer for ${row.match}`).toBeDefined();
      if (typeof row.match === 'number') expect(a.code).toBe(row.match);
      else expect(a.data).toBe(row.match);
      expect(reportStatusAfter('out', a)).toBe(row.status);
    }
    // Any other non-zero code is an error; 0 leaves the status as it was.
    const other = await get(REPORT_API_PATHS.overview, { headers: { 'x-share-token': 'not-a-token' } });
    expect(other.code).toBe(CODES.SHARE_INVALID.code);
    expect(reportStatusAfter('out', other)).toBe('error');
    expect(reportStatusAfter('none', await get(REPORT_API_PATHS.overview, { cookie: w.alice, barcode: w.barcodes.none }))).toBe('none');
  });
});
