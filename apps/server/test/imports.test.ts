import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ACCOUNT_PATHS } from '@jiyin/contracts/accounts';
import { API_PATHS } from '@jiyin/contracts/api';
import { CODES } from '@jiyin/contracts/codes';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import { type ImportJobView, REPORT_API_PATHS, type UploadView } from '@jiyin/contracts/reportApi';
import { RELATIVES_API_PATHS, RELATIVES_PROTOCOL_VERSION } from '@jiyin/contracts/relativesApi';
import { pickSignVersion, signRequest } from '@jiyin/contracts/signing';
import { DEMO_KITS, schema, testDatabaseTargets } from '@jiyin/db';
import { deserialisePacked, loadKnowledgeBase, loadPanel, type RawCall } from '@jiyin/genome';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RAW_DATA_PRODUCT_ID, RELATIVES_MATCH_JOB, registerImportWorker, runImport } from '../src/imports/pipeline.ts';
import { simulatedCalls, vendorFileBytes } from '../src/imports/simulated.ts';
import { CHUNK_LIMIT_BYTES } from '../src/imports/uploads.ts';
import { FsStorage } from '../src/storage/index.ts';
import { acceptShareInvitations, signUpUser, startTestApp, type TestApp } from './helpers.ts';

const { genomes, genomeLayouts, reportResults, kits, rawFiles, notifications, queueJobs, importJobs } = schema;

// biome-ignore lint/suspicious/noExplicitAny: each assertion reads the fields it checks
type Answer = { code: number; data: any; msg: string };

/**
 * A small simulated 23andMe file: every knowledge-base marker, every Y and MT marker (haplogroups)
 * and every 25th other marker, so the parse takes milliseconds but every report can be computed.
 */
function smallCalls(calls: RawCall[]): RawCall[] {
  const kb = new Set(loadKnowledgeBase().flatMap((i) => i.markers.map((m) => m.rsid)));
  return calls.filter((c, i) => kb.has(c.rsid) || c.chrom === 'Y' || c.chrom === 'MT' || i % 25 === 0);
}

const MALE = smallCalls(simulatedCalls(11, 'male'));
const GOOD = vendorFileBytes(MALE);
const OTHER_GOOD = vendorFileBytes(MALE.filter((_, i) => i % 7 !== 3));
const lines = GOOD.toString().split('\n');
const BAD_LINE_AT = 40;
const BAD_FILES: { what: string; bytes: Buffer; name: string; message: RegExp; code: string }[] = [
  { what: 'blank lines only', bytes: Buffer.from('\n\n  \n'), name: 'empty.txt', message: /^文件是空的/, code: 'EMPTY_FILE' },
  {
    what: 'binary',
    bytes: Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)),
    name: 'photo.txt',
    message: /文件是二进制内容/,
    code: 'BINARY_FILE',
  },
  {
    what: 'truncated gzip',
    bytes: gzipSync(GOOD).subarray(0, 20_000),
    name: 'genome.txt.gz',
    message: /gzip 文件已损坏或不完整/,
    code: 'BAD_ARCHIVE',
  },
  {
    what: 'malformed line',
    bytes: Buffer.from([...lines.slice(0, BAD_LINE_AT - 1), 'rs123\t1\tabc\tAG', ...lines.slice(BAD_LINE_AT - 1)].join('\n')),
    name: 'genome.txt',
    message: new RegExp(`^第 ${BAD_LINE_AT} 行格式错误：位置无效`),
    code: 'MALFORMED_LINE',
  },
  {
    what: 'wrong vendor text',
    bytes: Buffer.from('Dear customer,\nthank you for your order.\nBest regards\n'),
    name: 'letter.txt',
    message: /^无法识别文件格式（第 1 行），支持 23andMe/,
    code: 'UNSUPPORTED_FORMAT',
  },
  {
    what: '1% call rate',
    bytes: vendorFileBytes(MALE.map((c, i) => (i % 100 === 0 ? c : { ...c, a1: '-', a2: '-' }))),
    name: 'genome.txt',
    message: /^检出率 1\.\d% 低于 90%/,
    code: 'LOW_CALL_RATE',
  },
  {
    what: 'wrong build',
    bytes: vendorFileBytes(MALE.map((c) => ({ ...c, pos: c.pos + 1001 }))),
    name: 'genome.txt',
    message: /^文件中的位置与参考基因组版本不符：可识别的 \d+ 个位点中只有 \d+ 个位置正确/,
    code: 'WRONG_BUILD',
  },
];

describe.each(testDatabaseTargets())('raw-data imports on $name', (target) => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  let alicePerson: string;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'jy-imports-'));
    t = await startTestApp(target, { DATA_DIR: dataDir });
    alice = await signUpUser(t, '13900000101', undefined, '爱丽丝');
    bob = await signUpUser(t, '13900000102', undefined, '鲍勃');
    alicePerson = await newPerson(alice, '爱丽丝');
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    cookie: string | null,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> => {
    const res = await t.app.inject({ method, url, payload: body as object, headers: { ...(cookie ? { cookie } : {}), ...headers } });
    return res.json();
  };
  const newPerson = async (cookie: string, name: string): Promise<string> => {
    const res = await call('POST', ACCOUNT_PATHS.persons, cookie, { name, gender: 'male' });
    expect(res.code).toBe(0);
    return res.data.id;
  };
  const upload = (id: string) => fillPattern(REPORT_API_PATHS.uploadOne, { id });
  const putChunk = (cookie: string, id: string, offset: number, chunk: Buffer) =>
    call('PUT', upload(id), cookie, chunk, { 'content-type': 'application/octet-stream', 'upload-offset': String(offset) });

  /** Uploads in chunks of `chunkSize`; answers the upload. */
  async function uploadFile(cookie: string, personId: string, bytes: Buffer, fileName = 'genome.txt', chunkSize = 64 * 1024) {
    const created = await call('POST', REPORT_API_PATHS.uploads, cookie, { personId, fileName, size: bytes.length });
    expect(created.code, created.msg).toBe(0);
    let view: UploadView = created.data;
    for (let offset = 0; offset < bytes.length; offset += chunkSize) {
      const res = await putChunk(cookie, view.id, offset, bytes.subarray(offset, offset + chunkSize));
      expect(res.code, res.msg).toBe(0);
      view = res.data;
    }
    expect(view).toMatchObject({ state: 'stored', receivedBytes: bytes.length });
    return view;
  }

  /** Waits for the job (run by the in-process or pg-boss worker) to finish. */
  async function finished(cookie: string, jobId: string): Promise<ImportJobView> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const res = await call('GET', fillPattern(REPORT_API_PATHS.importOne, { id: jobId }), cookie);
      expect(res.code).toBe(0);
      if (res.data.stage === 'done' || res.data.stage === 'failed') return res.data;
      if (Date.now() > deadline) throw new Error(`import still ${res.data.stage}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async function importFile(cookie: string, personId: string, bytes: Buffer, fileName?: string) {
    const up = await uploadFile(cookie, personId, bytes, fileName);
    const res = await call('POST', REPORT_API_PATHS.imports, cookie, { uploadId: up.id });
    expect(res.code, res.msg).toBe(0);
    return { upload: up, queued: res.data as ImportJobView, job: await finished(cookie, res.data.id) };
  }

  const rowsOf = async (personId: string) => {
    const db = t.database.db;
    const barcodes = (await db.select().from(kits).where(eq(kits.personId, personId))).map((k) => k.barcode);
    return {
      kits: barcodes.length,
      genomes: (await db.select().from(genomes).where(eq(genomes.personId, personId))).length,
      reports: barcodes.length ? (await db.select().from(reportResults).where(inArray(reportResults.barcode, barcodes))).length : 0,
    };
  };

  let barcode: string;
  let firstJob: ImportJobView;
  let firstUpload: UploadView;

  it('uploads in chunks, resumes, imports and computes the reports, then tells the user', async () => {
    const created = await call('POST', REPORT_API_PATHS.uploads, alice, {
      personId: alicePerson,
      fileName: '我的数据.txt',
      size: GOOD.length,
    });
    expect(created).toMatchObject({ code: 0, data: { fileName: '我的数据.txt', size: GOOD.length, receivedBytes: 0, state: 'receiving' } });
    const id = created.data.id;
    const third = Math.ceil(GOOD.length / 3);
    expect((await putChunk(alice, id, 0, GOOD.subarray(0, third))).data.receivedBytes).toBe(third);
    // The page was closed: it asks where to resume.
    const resume = await call('GET', upload(id), alice);
    expect(resume.data).toMatchObject({ receivedBytes: third, state: 'receiving' });
    expect((await putChunk(alice, id, third, GOOD.subarray(third, 2 * third))).code).toBe(0);
    const last = await putChunk(alice, id, 2 * third, GOOD.subarray(2 * third));
    expect(last.data).toMatchObject({ receivedBytes: GOOD.length, state: 'stored' });
    const [row] = await t.database.db.select().from(rawFiles).where(eq(rawFiles.id, id));
    expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);

    const queued = await call('POST', REPORT_API_PATHS.imports, alice, { uploadId: id });
    expect(queued.data).toMatchObject({ personId: alicePerson, stage: 'queued' });
    const job = await finished(alice, queued.data.id);
    expect(job).toMatchObject({ stage: 'done', progress: 100, errorMessage: null });
    expect(job.summary).toMatchObject({ vendor: '23andme', build: 'GRCh37', markers: MALE.length, sex: 'male' });
    expect(job.summary?.callRate).toBeGreaterThan(0.9);
    expect(job.barcode).toMatch(/^IM\d{10}$/);
    barcode = job.barcode as string;
    firstJob = job;
    firstUpload = last.data;

    const [kit] = await t.database.db.select().from(kits).where(eq(kits.barcode, barcode));
    expect(kit).toMatchObject({ personId: alicePerson, productId: RAW_DATA_PRODUCT_ID });
    const [genome] = await t.database.db.select().from(genomes).where(eq(genomes.barcode, barcode));
    expect(genome).toMatchObject({ personId: alicePerson, vendor: '23andme', build: 'GRCh37', sex: 'male', rawFileId: id });
    // Packed over the file's own chip layout (2 bits a marker), stored once; and over the reference panel.
    const [layout] = await t.database.db
      .select()
      .from(genomeLayouts)
      .where(eq(genomeLayouts.id, genome.layoutId as string));
    expect(layout).toMatchObject({ vendor: '23andme', markerCount: MALE.filter((c) => c.chrom !== 'Y' && c.chrom !== 'MT').length });
    expect(genome.packed.length).toBeGreaterThan(layout.markerCount / 4);
    expect(genome.packed.length).toBeLessThan(layout.markerCount / 4 + 1_000);
    // Also packed on the reference panel (its real markers only), which ancestry reads.
    const onPanel = deserialisePacked(genome.panelPacked as Uint8Array);
    expect([onPanel.panelId, onPanel.n]).toEqual([loadPanel().id, loadPanel().size]);
    expect(genome.yHaplogroup).toBeTruthy();
    const [reports] = await t.database.db.select().from(reportResults).where(eq(reportResults.barcode, barcode));
    expect(reports.items.length).toBe(loadKnowledgeBase().length);
    expect((reports.items as { status: string }[]).filter((i) => i.status === 'out').length).toBeGreaterThan(50);
    expect(reports.haplogroups).toMatchObject({ y: { haplogroup: genome.yHaplogroup }, mt: { haplogroup: genome.mtHaplogroup } });
    expect(reports.kbVersion).toMatch(/\+kb-[0-9a-f]{12}$/);

    const person = await call('GET', fillPattern(ACCOUNT_PATHS.person, { id: alicePerson }), alice);
    expect(person.data.detections).toEqual([
      { barcode, hasReport: true, product: { id: RAW_DATA_PRODUCT_ID, name: '原始数据导入', type: 'GENETIC' } },
    ]);
    const list = await call('GET', `${REPORT_API_PATHS.imports}?personId=${alicePerson}`, alice);
    expect(list.data.list.map((j: ImportJobView) => j.id)).toEqual([job.id]);

    // The notice, the bell's count, and matching queued once the person joins gene relatives.
    const notices = await call('GET', REPORT_API_PATHS.notifications, alice);
    expect(notices.data.list).toEqual([
      expect.objectContaining({
        title: '报告已生成',
        content: '爱丽丝的基因检测报告已生成，点击查看',
        relatedId: barcode,
        webviewInfo: { url: `/report?barcode=${barcode}` },
        readDate: null,
      }),
    ]);
    expect((await call('GET', REPORT_API_PATHS.notificationsUnread, alice)).data).toEqual({ result: 1 });
    expect((await userInfo(alice)).infoCount).toBe(1);
    const queuedMatches = async (): Promise<unknown[]> => {
      if (t.database.kind === 'pglite') {
        return (await t.database.db.select().from(queueJobs).where(eq(queueJobs.name, RELATIVES_MATCH_JOB))).map((j) => j.payload);
      }
      const queued = await t.database.db.execute<{ data: unknown }>(sql`select data from pgboss.job where name = ${RELATIVES_MATCH_JOB}`);
      // postgres-js answers the rows as an array.
      return (queued as unknown as { data: unknown }[]).map((r) => r.data);
    };
    // Alice does not take part yet: a matching job would only end at its consent check.
    expect(await queuedMatches()).not.toContainEqual(expect.objectContaining({ barcode }));
    const joined = await call('POST', RELATIVES_API_PATHS.consent, alice, { barcode, protocolVersion: RELATIVES_PROTOCOL_VERSION });
    expect(joined.code, joined.msg).toBe(0);
    // The job carries the id of the request that started it (metrics/index.ts), for its logs.
    expect(await queuedMatches()).toContainEqual({ barcode, _requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  }, 90_000);

  const userInfo = async (cookie: string) => (await call('GET', API_PATHS.userInfo, cookie)).data;

  it('answers the existing job when the same file is imported again, keeping one copy', async () => {
    const again = await uploadFile(alice, alicePerson, GOOD, 'again.txt', 256 * 1024);
    const res = await call('POST', REPORT_API_PATHS.imports, alice, { uploadId: again.id });
    expect(res.data).toMatchObject({ id: firstJob.id, stage: 'done', barcode });
    expect(await rowsOf(alicePerson)).toEqual({ kits: 1, genomes: 1, reports: 1 });
    expect(await t.database.db.select().from(rawFiles).where(eq(rawFiles.id, again.id))).toEqual([]);
    expect(await t.database.db.select().from(rawFiles).where(eq(rawFiles.id, firstUpload.id))).toHaveLength(1);
    const [{ n }] = await t.database.db.select({ n: count() }).from(notifications).where(eq(notifications.relatedId, barcode));
    expect(n).toBe(1);
    // A second request for the same upload is answered the same way.
    expect((await call('POST', REPORT_API_PATHS.imports, alice, { uploadId: firstUpload.id })).data.id).toBe(firstJob.id);
  }, 60_000);

  it('imports a new file for the same person into the same detection', async () => {
    const { job } = await importFile(alice, alicePerson, OTHER_GOOD);
    expect(job).toMatchObject({ stage: 'done', barcode });
    expect(job.id).not.toBe(firstJob.id);
    expect(await rowsOf(alicePerson)).toEqual({ kits: 1, genomes: 1, reports: 1 });
  }, 60_000);

  it('runs an import recorded but never queued (the process stopped in between) when workers start', async () => {
    const personId = await newPerson(alice, '未入队');
    const up = await uploadFile(alice, personId, OTHER_GOOD);
    const [file] = await t.database.db.select().from(rawFiles).where(eq(rawFiles.id, up.id));
    const [row] = await t.database.db
      .insert(importJobs)
      .values({ id: crypto.randomUUID(), userId: file.userId, personId, rawFileId: file.id, fileSha256: file.sha256 as string })
      .returning();
    await registerImportWorker(t.app.deps);
    expect(await finished(alice, row.id)).toMatchObject({ stage: 'done' });
  }, 60_000);

  it('writes once when the same import runs twice at the same time', async () => {
    const personId = await newPerson(alice, '并发');
    const up = await uploadFile(alice, personId, OTHER_GOOD);
    const [file] = await t.database.db.select().from(rawFiles).where(eq(rawFiles.id, up.id));
    const [row] = await t.database.db
      .insert(importJobs)
      .values({ id: crypto.randomUUID(), userId: file.userId, personId, rawFileId: file.id, fileSha256: file.sha256 as string })
      .returning();
    await Promise.all([runImport(t.app.deps, row.id), runImport(t.app.deps, row.id)]);
    expect(await rowsOf(personId)).toEqual({ kits: 1, genomes: 1, reports: 1 });
    const [kit] = await t.database.db.select().from(kits).where(eq(kits.personId, personId));
    expect(await t.database.db.select().from(notifications).where(eq(notifications.relatedId, kit.barcode))).toHaveLength(1);
  }, 60_000);

  it.each(BAD_FILES)(
    'fails a $what file with a Chinese message naming the problem, writing nothing',
    async (bad) => {
      const personId = await newPerson(alice, '坏文件');
      const { job } = await importFile(alice, personId, bad.bytes, bad.name);
      expect(job.stage).toBe('failed');
      expect(job.errorMessage).toMatch(bad.message);
      expect(job.barcode).toBeNull();
      const [row] = await t.database.db.select().from(importJobs).where(eq(importJobs.id, job.id));
      expect(row.errorCode).toBe(bad.code);
      expect(await rowsOf(personId)).toEqual({ kits: 0, genomes: 0, reports: 0 });
      const [{ n }] = await t.database.db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.content, '坏文件的基因检测报告已生成，点击查看')));
      expect(n).toBe(0);
    },
    60_000,
  );

  it('refuses empty, oversized and misnamed uploads, wrong offsets, oversize chunks and bytes past the size', async () => {
    const create = (body: object) =>
      call('POST', REPORT_API_PATHS.uploads, alice, { personId: alicePerson, fileName: 'a.txt', size: 10, ...body });
    expect(await create({ size: 0 })).toMatchObject({ code: CODES.BAD_REQUEST.code, msg: '文件是空的，请重新选择' });
    expect(await create({ size: 101 * 1024 * 1024 })).toMatchObject({ code: CODES.BAD_REQUEST.code, msg: '文件不能超过 100 MB' });
    expect((await create({ fileName: 'a.exe' })).msg).toBe('仅支持 .txt、.csv、.zip、.gz、.vcf 或 .vcf.gz 文件');

    const big = await create({ size: CHUNK_LIMIT_BYTES + 10 });
    const id = big.data.id;
    expect(await putChunk(alice, id, 5, Buffer.from('abc'))).toMatchObject({
      code: CODES.BAD_REQUEST.code,
      msg: '上传位置不对：应从第 0 字节继续上传',
    });
    expect((await putChunk(alice, id, 0, Buffer.alloc(CHUNK_LIMIT_BYTES + 1))).code).toBe(CODES.PAYLOAD_TOO_LARGE.code);
    expect((await call('PUT', upload(id), alice, Buffer.from('x'), { 'content-type': 'application/octet-stream' })).msg).toBe(
      '缺少上传位置（upload-offset）',
    );
    const small = await create({ size: 10 });
    expect(await putChunk(alice, small.data.id, 0, Buffer.alloc(11))).toMatchObject({
      code: CODES.BAD_REQUEST.code,
      msg: '上传的数据超过了文件大小（10 字节），请重新选择文件上传',
    });
    expect((await call('GET', upload(small.data.id), alice)).data.receivedBytes).toBe(0);
    // Not finished: it cannot be imported yet.
    expect((await call('POST', REPORT_API_PATHS.imports, alice, { uploadId: small.data.id })).msg).toBe('文件还没有上传完成，请继续上传');
  });

  it('takes chunks through the signed /proxy path (binary bodies are signed as "-")', async () => {
    const created = await call('POST', REPORT_API_PATHS.uploads, alice, { personId: alicePerson, fileName: 'p.txt', size: 4 });
    const path = upload(created.data.id);
    const sig = await signRequest({
      method: 'PUT',
      path,
      body: null,
      version: pickSignVersion(),
      timestampSec: Math.floor(Date.now() / 1000),
      keys: t.config.signKeys,
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/proxy${path}?${new URLSearchParams({ ...sig })}`,
      payload: Buffer.from('abcd'),
      headers: { cookie: alice, 'content-type': 'application/octet-stream', 'upload-offset': '0' },
    });
    expect(res.json()).toMatchObject({ code: 0, data: { state: 'stored', receivedBytes: 4 } });
  });

  it("answers another user's uploads, jobs, persons and raw files exactly like missing ones", async () => {
    const notFound = { code: CODES.NOT_FOUND.code };
    const missingId = '00000000-0000-4000-8000-00000000abcd';
    const rawData = (personId: string) => fillPattern(REPORT_API_PATHS.rawData, { personId });
    const file = (personId: string, fileId: string) => fillPattern(REPORT_API_PATHS.rawDataFile, { personId, fileId });
    for (const [foreign, missing] of [
      [await call('GET', upload(firstUpload.id), bob), await call('GET', upload(missingId), bob)],
      [await putChunk(bob, firstUpload.id, 0, Buffer.from('x')), await putChunk(bob, missingId, 0, Buffer.from('x'))],
      [
        await call('POST', REPORT_API_PATHS.imports, bob, { uploadId: firstUpload.id }),
        await call('POST', REPORT_API_PATHS.imports, bob, { uploadId: missingId }),
      ],
      [
        await call('GET', fillPattern(REPORT_API_PATHS.importOne, { id: firstJob.id }), bob),
        await call('GET', fillPattern(REPORT_API_PATHS.importOne, { id: missingId }), bob),
      ],
      [
        await call('GET', `${REPORT_API_PATHS.imports}?personId=${alicePerson}`, bob),
        await call('GET', `${REPORT_API_PATHS.imports}?personId=${missingId}`, bob),
      ],
      [
        await call('POST', REPORT_API_PATHS.uploads, bob, { personId: alicePerson, fileName: 'x.txt', size: 3 }),
        await call('POST', REPORT_API_PATHS.uploads, bob, { personId: missingId, fileName: 'x.txt', size: 3 }),
      ],
      [await call('GET', rawData(alicePerson), bob), await call('GET', rawData(missingId), bob)],
      [await call('GET', file(alicePerson, firstUpload.id), bob), await call('GET', file(missingId, missingId), bob)],
    ]) {
      expect(foreign).toMatchObject(notFound);
      expect(foreign).toEqual(missing);
    }
    expect((await call('GET', REPORT_API_PATHS.imports, bob)).data.list).toEqual([]);
    // Bob's own person with Alice's file id: still not found.
    const bobPerson = await newPerson(bob, '鲍勃');
    expect(await call('GET', file(bobPerson, firstUpload.id), bob)).toMatchObject(notFound);
  });

  it('lets share viewers see the person but never its raw data or uploads', async () => {
    const shared = await call('POST', fillPattern(ACCOUNT_PATHS.personShares, { id: alicePerson }), alice, {
      phoneNumber: '13900000102',
      nationCode: '86',
    });
    expect(shared.code).toBe(0);
    expect(await acceptShareInvitations(t, bob)).toBe(1);
    expect((await call('GET', fillPattern(ACCOUNT_PATHS.person, { id: alicePerson }), bob)).code).toBe(0);
    const params = { personId: alicePerson, fileId: firstUpload.id };
    const notFound = { code: CODES.NOT_FOUND.code, msg: '检测人不存在' };
    expect(await call('GET', fillPattern(REPORT_API_PATHS.rawData, params), bob)).toMatchObject(notFound);
    expect(await call('GET', fillPattern(REPORT_API_PATHS.rawDataFile, params), bob)).toMatchObject(notFound);
    expect(await call('POST', fillPattern(REPORT_API_PATHS.rawDataThaw, params), bob)).toMatchObject(notFound);
    expect(await call('DELETE', fillPattern(REPORT_API_PATHS.rawDataOne, params), bob)).toMatchObject(notFound);
    expect(await call('POST', REPORT_API_PATHS.uploads, bob, { personId: alicePerson, fileName: 'x.txt', size: 3 })).toMatchObject(
      notFound,
    );
    expect(await call('GET', `${REPORT_API_PATHS.imports}?personId=${alicePerson}`, bob)).toMatchObject(notFound);
    await call('DELETE', fillPattern(ACCOUNT_PATHS.personShare, { id: alicePerson, userId: (await userInfo(bob)).userId }), alice);
  });

  it('lists, thaws, downloads and deletes raw data; deleting keeps the reports', async () => {
    const params = { personId: alicePerson, fileId: firstUpload.id };
    const list = await call('GET', fillPattern(REPORT_API_PATHS.rawData, { personId: alicePerson }), alice);
    const mine = list.data.find((f: { id: string }) => f.id === firstUpload.id);
    expect(mine).toMatchObject({ fileName: '我的数据.txt', size: GOOD.length, state: 'stored', downloadState: 'ready', thawedUntil: null });

    const download = await t.app.inject({
      method: 'GET',
      url: fillPattern(REPORT_API_PATHS.rawDataFile, params),
      headers: { cookie: alice },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="____.txt"; filename*=UTF-8''${encodeURIComponent('我的数据.txt')}`,
    );
    expect(download.rawPayload.equals(GOOD)).toBe(true);

    // Older than 30 days: archived, download refused until thawed, for 24 hours.
    await t.database.db
      .update(rawFiles)
      .set({ createdAt: new Date(t.clock.now.getTime() - 31 * 86_400_000) })
      .where(eq(rawFiles.id, firstUpload.id));
    expect((await call('GET', fillPattern(REPORT_API_PATHS.rawDataFile, params), alice)).msg).toBe('文件已归档，请先解冻后再下载');
    const thawed = await call('POST', fillPattern(REPORT_API_PATHS.rawDataThaw, params), alice);
    expect(thawed.data).toMatchObject({ downloadState: 'ready', thawedUntil: new Date(t.clock.now.getTime() + 86_400_000).toISOString() });
    expect(
      (await t.app.inject({ method: 'GET', url: fillPattern(REPORT_API_PATHS.rawDataFile, params), headers: { cookie: alice } }))
        .statusCode,
    ).toBe(200);
    t.clock.advance(25 * 3_600_000);
    const frozen = await call('GET', fillPattern(REPORT_API_PATHS.rawData, { personId: alicePerson }), alice);
    expect(frozen.data.find((f: { id: string }) => f.id === firstUpload.id)).toMatchObject({ downloadState: 'frozen', thawedUntil: null });

    // The person's privacy switch turns downloads off.
    await call('POST', fillPattern(REPORT_API_PATHS.rawDataThaw, params), alice);
    await call('PUT', fillPattern(ACCOUNT_PATHS.personPrivacy, { id: alicePerson }), alice, { feature: 'rawDataDownload', open: false });
    expect((await call('GET', fillPattern(REPORT_API_PATHS.rawDataFile, params), alice)).msg).toMatch(/^已关闭原始数据下载/);
    await call('PUT', fillPattern(ACCOUNT_PATHS.personPrivacy, { id: alicePerson }), alice, { feature: 'rawDataDownload', open: true });

    const [row] = await t.database.db.select().from(rawFiles).where(eq(rawFiles.id, firstUpload.id));
    expect(await call('DELETE', fillPattern(REPORT_API_PATHS.rawDataOne, params), alice)).toMatchObject({ code: 0 });
    expect((await call('GET', fillPattern(REPORT_API_PATHS.rawDataFile, params), alice)).msg).toBe('文件已删除');
    const after = await call('GET', fillPattern(REPORT_API_PATHS.rawData, { personId: alicePerson }), alice);
    expect(after.data.find((f: { id: string }) => f.id === firstUpload.id)).toMatchObject({ state: 'deleted' });
    expect(await storageHas(row.storageKey)).toBe(false);
    expect(await rowsOf(alicePerson)).toEqual({ kits: 1, genomes: 1, reports: 1 });
  });

  const storageHas = async (key: string) => (await new FsStorage(path.join(dataDir, 'files')).stat(key)) !== null;

  it('deletes the stored files and the genetic data with the person', async () => {
    const personId = await newPerson(alice, '要删除的人');
    const { upload: up, job } = await importFile(alice, personId, GOOD);
    expect(job.stage).toBe('done');
    const [row] = await t.database.db.select().from(rawFiles).where(eq(rawFiles.id, up.id));
    expect(await storageHas(row.storageKey)).toBe(true);
    expect((await call('DELETE', fillPattern(ACCOUNT_PATHS.person, { id: personId }), alice)).code).toBe(0);
    expect(await storageHas(row.storageKey)).toBe(false);
    expect(
      await t.database.db
        .select()
        .from(kits)
        .where(eq(kits.barcode, job.barcode as string)),
    ).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(reportResults)
        .where(eq(reportResults.barcode, job.barcode as string)),
    ).toEqual([]);
  }, 60_000);

  it('deletes the reports of a lab kit with its person, and the kit is free again', async () => {
    const personId = await newPerson(alice, '实验室样本');
    const barcode = DEMO_KITS[15].barcode;
    expect((await call('POST', fillPattern(ACCOUNT_PATHS.personKits, { id: personId }), alice, { barcode })).code).toBe(0);
    const { db } = t.database;
    await db.insert(reportResults).values({ barcode, kbVersion: 'lab', items: [] });
    await db.insert(schema.ancestryResults).values({ barcode, populations: [], markersUsed: 0, method: 'lab', referenceId: 'lab' });
    expect((await call('DELETE', fillPattern(ACCOUNT_PATHS.person, { id: personId }), alice)).code).toBe(0);
    expect((await db.select().from(kits).where(eq(kits.barcode, barcode)))[0]).toMatchObject({ personId: null });
    expect(await db.select().from(reportResults).where(eq(reportResults.barcode, barcode))).toEqual([]);
    expect(await db.select().from(schema.ancestryResults).where(eq(schema.ancestryResults.barcode, barcode))).toEqual([]);
  });
});
