import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SAMPLE_HEADER, SHARE_TOKEN_HEADER } from '@jiyin/contracts/api';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import { type ElectronicReportStatus, REPORT_API_PATHS, REPORT_THEMES, SAMPLE_BARCODE } from '@jiyin/contracts/reportApi';
import { schema, testDatabaseTargets } from '@jiyin/db';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCKED_ITEM_TEXT, REPORT_DISCLAIMER, renderElectronicReport } from '../src/electronic-report/render.ts';
import type { Deps } from '../src/deps.ts';
import { runElectronicReport } from '../src/electronic-report/service.ts';
import { attachmentHeader } from '../src/http/attachment.ts';
import { FsStorage } from '../src/storage/index.ts';
import { startTestApp, type TestApp } from './helpers.ts';
import { pdfPages } from './pdfText.ts';
import { type Answer, type ReportWorld, seedReportWorld } from './reportFixtures.ts';

describe('the renderer', () => {
  const theme = REPORT_THEMES[0];
  const person = {
    personId: 'p',
    barcode: 'JY0000000001',
    name: '王小明',
    gender: 'male' as const,
    productName: '基因检测·全能版',
    reportType: 'standard' as const,
    hasReport: true,
    yHaplogroup: 'O2a2b1a1',
    mtHaplogroup: 'D4',
  };
  const base = { theme, tags: [], drugClass: '抗血小板药', drugClassId: 'antiplatelet' };

  it('writes a PDF with an embedded Chinese font subset, cover, contents, genotype table and references; locked items carry no result', async () => {
    const pdf = await renderElectronicReport({
      person,
      computedAt: '2026-11-20T02:30:00Z',
      generatedAt: new Date('2026-11-23T16:05:00Z'),
      categories: [
        {
          category: 'drug',
          name: '药物反应',
          theme,
          description: '常用药物的代谢与反应差异',
          items: [
            {
              ...base,
              id: 'drug-clopidogrel',
              title: '氯吡格雷',
              detail: 'CYP2C19',
              status: 'out',
              label: '慢代谢型',
              level: 'poor-metabolizer',
              levelLabel: '慢代谢',
              tone: 'alert',
              productStatus: 0,
              category: 'drug',
              sample: false,
              summary: '氯吡格雷需要 CYP2C19 活化。',
              genes: ['CYP2C19'],
              explanation: '您携带两个无功能等位基因。',
              verdict: '按 CPIC 分型为慢代谢型，用药指南建议调整剂量或换药。',
              adviceKind: 'item',
              advice: '请把结果交给医生。',
              populationNote: '东亚人群常见。',
              genotypes: [{ rsid: 'rs4244285', gene: 'CYP2C19', genotype: 'AA', effectAllele: 'A', eastAsianFreq: 0.3125 }],
              references: [{ type: 'pubmed', id: '23698643', url: 'https://pubmed.ncbi.nlm.nih.gov/23698643/' }],
              feel: null,
            },
            {
              ...base,
              id: 'drug-warfarin',
              title: '华法林',
              detail: 'VKORC1、CYP2C9',
              status: 'out',
              label: '敏感型绝密结论',
              level: 'altered-response',
              levelLabel: '反应改变',
              tone: 'attention',
              productStatus: 1,
            },
          ],
        },
      ],
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSC-Regular/);
    // Subset, not the 10 MB font.
    expect(pdf.length).toBeLessThan(400_000);
    const pages = pdfPages(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(4);
    const [cover, personPage, contents, ...body] = pages as [string, string, string, ...string[]];
    expect(cover).toContain('基因检测电子报告');
    expect(cover).toContain('王小明');
    expect(cover).toContain('JY0000000001');
    // Generation time in Beijing time (UTC+8 of 16:05Z is 00:05 the next day).
    expect(cover).toContain('2026-11-24 00:05');
    expect(cover).toContain(REPORT_DISCLAIMER);
    expect(personPage).toContain('O2a2b1a1');
    expect(contents).toContain('目录');
    expect(contents).toContain('氯吡格雷');
    const text = body.join('');
    for (const s of [
      '药物反应',
      '慢代谢型',
      '按 CPIC 分型为慢代谢型',
      'rs4244285',
      'CYP2C19',
      '31.3%',
      '23698643',
      '请把结果交给医生。',
      LOCKED_ITEM_TEXT,
      '华法林',
    ]) {
      expect(text).toContain(s);
    }
    expect(pages.join('')).not.toContain('敏感型绝密结论');
    expect(body[0]).toContain(`第 4 页 / 共 ${pages.length} 页`);
  });

  it('names the download in RFC 5987 form with an ASCII fallback', () => {
    expect(attachmentHeader("基因报告(张三's).pdf", 'report.pdf')).toBe(
      `attachment; filename="report.pdf"; filename*=UTF-8''%E5%9F%BA%E5%9B%A0%E6%8A%A5%E5%91%8A%28%E5%BC%A0%E4%B8%89%27s%29.pdf`,
    );
  });
});

describe.each(testDatabaseTargets())('electronic report API on $name', (target) => {
  let t: TestApp;
  let w: ReportWorld;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'jy-pdf-'));
    t = await startTestApp(target, { DATA_DIR: dataDir });
    w = await seedReportWorld(t, '139300000');
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const path_ = REPORT_API_PATHS.electronicReport;
  const fileUrl = (id: string) => fillPattern(REPORT_API_PATHS.electronicReportFile, { id });
  const call = async (
    method: 'GET' | 'POST',
    url: string,
    opts: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.cookie) headers.cookie = opts.cookie;
    return t.app.inject({ method, url, headers, payload: opts.body as object });
  };
  const json = async (method: 'GET' | 'POST', url: string, opts: Parameters<typeof call>[2] = {}): Promise<Answer> =>
    (await call(method, url, opts)).json();
  const request = (cookie: string, barcode: string) => json('POST', path_, { cookie, body: { barcode } });
  const status = async (cookie: string, barcode: string): Promise<ElectronicReportStatus> => {
    const a = await json('GET', `${path_}?barcode=${barcode}`, { cookie });
    expect(a.code).toBe(0);
    return a.data;
  };
  /** Waits for the queue to finish the user's latest render of the barcode. */
  const settled = async (cookie: string, barcode: string) => {
    for (let i = 0; i < 600; i++) {
      const s = await status(cookie, barcode);
      if (s.report && (s.report.state === 'done' || s.report.state === 'failed')) return s;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('electronic report did not finish');
  };
  const download = (cookie: string, id: string) => call('GET', fileUrl(id), { cookie });

  let aliceReport: string;

  it('requires sign-in and a barcode', async () => {
    expect((await json('POST', path_, { body: { barcode: w.barcodes.std } })).code).toBe(1001);
    const bad = await request(w.alice, '');
    expect(bad.code).toBe(4000);
    expect(bad.msg).toBe('缺少条码');
    expect((await json('GET', path_, { cookie: w.alice })).code).toBe(4000);
  });

  it('the owner queues a render; the job stores a PDF of the current computation', async () => {
    const before = await status(w.alice, w.barcodes.std);
    expect(before.report).toBeNull();
    expect(before.person).toMatchObject({ barcode: w.barcodes.std, name: '爱丽丝的儿子' });
    expect(before.computedAt).toBe(w.computedAt);

    const a = await request(w.alice, w.barcodes.std);
    expect(a.code).toBe(0);
    expect(a.data).toMatchObject({
      barcode: w.barcodes.std,
      state: 'queued',
      errorMessage: null,
      sourceComputedAt: w.computedAt,
      stale: false,
    });
    aliceReport = a.data.id;
    const s = await settled(w.alice, w.barcodes.std);
    expect(s.report).toMatchObject({ id: aliceReport, state: 'done', errorMessage: null, stale: false });
    const [row] = await t.database.db.select().from(schema.electronicReports).where(eq(schema.electronicReports.id, aliceReport));
    expect(row.userId).not.toBeNull();
    expect(row.storageKey).toBe(`electronic-reports/${aliceReport}.pdf`);
    expect(row.finishedAt).not.toBeNull();
  }, 120_000);

  it('asking again reuses the done PDF of the same computation', async () => {
    const again = await request(w.alice, w.barcodes.std);
    expect(again.data.id).toBe(aliceReport);
    expect(again.data.state).toBe('done');
    const rows = await t.database.db.select().from(schema.electronicReports).where(eq(schema.electronicReports.barcode, w.barcodes.std));
    expect(rows).toHaveLength(1);
  });

  it('the owner downloads it: a PDF named in Chinese, with every category and the person', async () => {
    const res = await download(w.alice, aliceReport);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const name = encodeURIComponent(`基因检测电子报告-爱丽丝的儿子-${w.barcodes.std}.pdf`);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="jiyin-report-${w.barcodes.std}.pdf"; filename*=UTF-8''${name}`);
    const pdf = res.rawPayload;
    expect(Number(res.headers['content-length'])).toBe(pdf.length);
    const pages = pdfPages(pdf);
    const all = pages.join('\n');
    expect(pages[0]).toContain('爱丽丝的儿子');
    for (const name of ['疾病风险', '个人特质', '遗传病携带', '药物反应', '营养需求', '运动健身', '肿瘤风险']) expect(all).toContain(name);
    // A result the fixture's genome has, with its genotype row.
    const withResult = w.items.find((i) => i.status === 'out' && i.category === 'disease');
    expect(withResult).toBeDefined();
    expect(all).toContain(withResult?.result?.label);
    expect(all).toContain(withResult?.rsids[0]);
    const [logged] = await t.database.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'electronic-report-download'));
    expect(logged.detail).toMatchObject({ id: aliceReport, barcode: w.barcodes.std });
  });

  it("another user's barcode or PDF id answers exactly like a missing one", async () => {
    const missingBarcode = await request(w.bob, 'RT9999999999');
    const foreignBarcode = await request(w.bob, w.barcodes.std);
    expect(foreignBarcode.code).toBe(4004);
    expect(foreignBarcode).toEqual(missingBarcode);
    const foreignStatus = await json('GET', `${path_}?barcode=${w.barcodes.std}`, { cookie: w.bob });
    expect(foreignStatus).toEqual(await json('GET', `${path_}?barcode=RT9999999999`, { cookie: w.bob }));
    const foreignFile = await download(w.bob, aliceReport);
    const missingFile = await download(w.bob, '00000000-0000-4000-8000-000000000000');
    expect(foreignFile.json().code).toBe(4004);
    expect(foreignFile.body).toBe(missingFile.body);
    expect((await download(w.bob, 'not-an-id')).json().code).toBe(4000);
    expect((await call('GET', fileUrl(aliceReport))).json().code).toBe(1001);
    // Bob's own request made nothing for Alice's barcode.
    const rows = await t.database.db.select().from(schema.electronicReports).where(eq(schema.electronicReports.barcode, w.barcodes.std));
    expect(rows).toHaveLength(1);
  });

  it('a share link does not grant the PDF, nor does sample mode', async () => {
    const share = await json('POST', fillPattern(REPORT_API_PATHS.shareTokens, { type: 'report' }), {
      cookie: w.alice,
      body: { barcode: w.barcodes.std },
    });
    expect(share.code).toBe(0);
    const viaLink = await json('POST', path_, { body: { barcode: w.barcodes.std }, headers: { [SHARE_TOKEN_HEADER]: share.data.token } });
    expect(viaLink.code).toBe(1001);
    expect((await download('', aliceReport)).json().code).toBe(1001);
    const sample = await json('POST', path_, { cookie: w.dave, body: { barcode: SAMPLE_BARCODE }, headers: { [SAMPLE_HEADER]: '1' } });
    expect(sample.code).toBe(4004);
  });

  it('a report not computed yet, or a product without health reports, cannot be rendered', async () => {
    const none = await request(w.alice, w.barcodes.none);
    expect(none.code).toBe(2702);
    const offline = await request(w.alice, w.barcodes.offline);
    expect(offline.code).toBe(1110);
    const rows = await t.database.db
      .select()
      .from(schema.electronicReports)
      .where(inArray(schema.electronicReports.barcode, [w.barcodes.none, w.barcodes.offline]));
    expect(rows).toHaveLength(0);
  });

  it('a product with some reports lists the others locked, without results', async () => {
    const a = await request(w.alice, w.barcodes.trait);
    expect(a.code).toBe(0);
    const s = await settled(w.alice, w.barcodes.trait);
    expect(s.report?.state).toBe('done');
    const all = pdfPages((await download(w.alice, a.data.id)).rawPayload).join('\n');
    expect(all).toContain(LOCKED_ITEM_TEXT);
    expect(all).toContain('需升级');
    const disease = w.items.find((i) => i.category === 'disease' && i.status === 'out');
    expect(all).not.toContain(disease?.result?.explanation);
  }, 120_000);

  it('a person shared with the reader: their own PDF, tumour risks withheld; gone when the share is withdrawn', async () => {
    const a = await request(w.carol, w.barcodes.std);
    expect(a.code).toBe(0);
    expect(a.data.id).not.toBe(aliceReport);
    const s = await settled(w.carol, w.barcodes.std);
    expect(s.report?.state).toBe('done');
    const res = await download(w.carol, a.data.id);
    expect(res.statusCode).toBe(200);
    const all = pdfPages(res.rawPayload).join('\n');
    expect(all).toContain('仅限本人查看');
    const tumour = w.items.find((i) => i.category === 'tumor' && i.status === 'out');
    expect(all).not.toContain(tumour?.result?.explanation);
    // Carol cannot fetch Alice's PDF of the same person.
    expect((await download(w.carol, aliceReport)).json().code).toBe(4004);

    await t.database.db.delete(schema.personShares).where(eq(schema.personShares.personId, w.persons.std));
    expect((await download(w.carol, a.data.id)).json().code).toBe(4004);
    expect((await request(w.carol, w.barcodes.std)).code).toBe(4004);
  }, 120_000);

  it('a recomputed report makes the PDF stale; asking again renders a new one', async () => {
    const later = new Date(new Date(w.computedAt).getTime() + 60_000);
    await t.database.db.update(schema.reportResults).set({ computedAt: later }).where(eq(schema.reportResults.barcode, w.barcodes.std));
    const s = await status(w.alice, w.barcodes.std);
    expect(s.report).toMatchObject({ id: aliceReport, stale: true });
    t.clock.advance(60_000);
    const a = await request(w.alice, w.barcodes.std);
    expect(a.data.id).not.toBe(aliceReport);
    expect(a.data.sourceComputedAt).toBe(later.toISOString());
    const done = await settled(w.alice, w.barcodes.std);
    expect(done.report).toMatchObject({ id: a.data.id, state: 'done', stale: false });
    // The old PDF still downloads for its owner.
    expect((await download(w.alice, aliceReport)).statusCode).toBe(200);
  }, 120_000);

  it('the job is idempotent and fails in Chinese when the reader has no access to the person', async () => {
    const { electronicReports } = schema;
    // The job as the worker runs it, with the app's database, clock, thread pool and file storage.
    const deps: Pick<Deps, 'database' | 'now' | 'storage' | 'pool'> = {
      database: t.database,
      pool: t.app.deps.pool,
      now: () => t.clock.now,
      storage: new FsStorage(path.join(dataDir, 'files')),
    };
    const [before] = await t.database.db.select().from(electronicReports).where(eq(electronicReports.id, aliceReport));
    t.clock.advance(3_600_000);
    await runElectronicReport(deps as Deps, aliceReport);
    const [after] = await t.database.db.select().from(electronicReports).where(eq(electronicReports.id, aliceReport));
    expect(after).toEqual(before);

    // A render for a user who cannot read the barcode (here: Bob, for Alice's person).
    const [bobPerson] = await t.database.db.select().from(schema.persons).where(eq(schema.persons.id, w.persons.bob));
    const id = '11111111-1111-4111-8111-111111111111';
    await t.database.db
      .insert(electronicReports)
      .values({ id, barcode: w.barcodes.std, userId: bobPerson.ownerUserId, state: 'queued', createdAt: t.clock.now });
    await runElectronicReport(deps as Deps, id);
    const [failed] = await t.database.db.select().from(electronicReports).where(eq(electronicReports.id, id));
    expect(failed).toMatchObject({ state: 'failed', errorMessage: '报告不存在或已无权查看', storageKey: null });
    // The row is Bob's, but the person is not: no file, and the answer of a missing report.
    expect((await download(w.bob, id)).json()).toMatchObject({ code: 4004, msg: '报告不存在' });

    // Alice's render still under way has nothing to download yet.
    const rendering = '22222222-2222-4222-8222-222222222222';
    const [alicePerson] = await t.database.db.select().from(schema.persons).where(eq(schema.persons.id, w.persons.std));
    await t.database.db
      .insert(electronicReports)
      .values({ id: rendering, barcode: w.barcodes.std, userId: alicePerson.ownerUserId, state: 'rendering', createdAt: t.clock.now });
    expect((await download(w.alice, rendering)).json()).toMatchObject({ code: 4000, msg: '电子报告还没有生成完成，请稍后下载' });

    // The person deleted while the PDF was being rendered: the file written afterwards is removed too.
    const files = new FsStorage(path.join(dataDir, 'files'));
    const deleting: Pick<Deps, 'database' | 'now' | 'storage' | 'pool'> = {
      ...deps,
      storage: Object.assign(Object.create(files) as FsStorage, {
        put: async (key: string, body: Uint8Array) => {
          await t.database.db.delete(electronicReports).where(eq(electronicReports.id, rendering));
          return files.put(key, body);
        },
      }),
    };
    await runElectronicReport(deleting as Deps, rendering);
    expect(await t.database.db.select().from(electronicReports).where(eq(electronicReports.id, rendering))).toHaveLength(0);
    expect(await files.stat(`electronic-reports/${rendering}.pdf`)).toBeNull();
  });
});
