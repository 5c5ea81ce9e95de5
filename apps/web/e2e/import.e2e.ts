import { createHash } from 'node:crypto';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, gotoReady, launch, openPage, screenshot, VIEWPORTS, type Viewport, type RecordedPage } from './browser.ts';
import { createPerson, pickOption, signUpNewUser, simulateRawFiles } from './helpers.ts';

const IMPORT_TIMEOUT = 240_000;

let browser: Browser;
let dir: string;
/** Raw files made for this run: two 600k-marker 23andMe files, a 1% call-rate one and garbage text. */
const files = { pc: '', phone: '', lowCall: '', garbage: '', pdf: '' };

beforeAll(async () => {
  browser = await launch();
  dir = await simulateRawFiles('parent-child', 11, 'jy-import-e2e-');
  files.pc = path.join(dir, 'father.txt');
  files.phone = path.join(dir, 'mother.txt');
  // Keep one genotype in a hundred: a file that parses but cannot carry reports.
  const child = await readFile(path.join(dir, 'child.txt'), 'utf8');
  let n = 0;
  const low = child
    .split('\n')
    .map((line) => {
      if (line.startsWith('#') || !line) return line;
      const cols = line.split('\t');
      if (++n % 100 !== 0) cols[3] = '--';
      return cols.join('\t');
    })
    .join('\n');
  files.lowCall = path.join(dir, 'low-call-rate.txt');
  await writeFile(files.lowCall, low);
  files.garbage = path.join(dir, 'notes.txt');
  await writeFile(files.garbage, `购物清单\n鸡蛋 两盒\n${'lorem ipsum dolor sit amet\n'.repeat(200)}`);
  files.pdf = path.join(dir, 'report.pdf');
  await writeFile(files.pdf, '%PDF-1.4 not a raw data file');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const sha256 = async (file: string) =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex');

const fileInput = (page: Page) => page.locator('.raw-uploader input[type="file"]');

/**
 * Follows the job on the page until it settles; answers the stages seen, in order, without repeats.
 */
async function watchStages(page: Page): Promise<string[]> {
  const job = page.getByTestId('import-job');
  await job.waitFor();
  const seen: string[] = [];
  const deadline = Date.now() + IMPORT_TIMEOUT - 30_000;
  while (Date.now() < deadline) {
    const stage = (await job.getAttribute('data-stage')) ?? '';
    if (seen.at(-1) !== stage) seen.push(stage);
    if (stage === 'done' || stage === 'failed') return seen;
    await page.waitForTimeout(200);
  }
  throw new Error(`import did not finish; stages seen: ${seen.join(' → ')}`);
}

const ORDER = ['queued', 'parsing', 'computing', 'matching', 'done'];

describe.each(VIEWPORTS)('raw-data import at $name ($width×$height)', (vp: Viewport) => {
  const phone = vp.name === 'pc' ? '13700000301' : '13700000302';
  const password = 'Gene-import-2026';
  const personName = vp.name === 'pc' ? '林父' : '林母';
  let page: RecordedPage;
  let barcode = '';

  beforeAll(async () => {
    page = await openPage(browser, vp);
  });
  afterAll(() => page?.context().close());

  it('signs up and finds the import pages from the header', async () => {
    await signUpNewUser(page, { phone, password, name: '林小源', from: '/import' });
    await page.getByRole('heading', { name: '导入原始数据' }).waitFor();
    await page.getByText('私密存储').waitFor();
    await screenshot(page, vp, 'import-home');

    if (vp.name === 'pc') {
      await page.getByRole('button', { name: '账户菜单' }).hover();
      await page.locator('.ant-dropdown:visible').getByRole('link', { name: '导入数据' }).waitFor();
      await page.keyboard.press('Escape');
    } else {
      await page.getByRole('button', { name: '打开菜单' }).click();
      await page.locator('.side-menu').getByRole('link', { name: '导入数据' }).waitFor();
      await page.locator('.side-menu').getByRole('link', { name: '退出登录' }).waitFor();
      await page.locator('.side-menu .ant-drawer-close').click();
    }

    await page.getByTestId('import-kind-yfull').click();
    await page.waitForURL('**/import/yfull');
    await page.getByRole('heading', { name: '导入 Y 染色体全序列数据' }).waitFor();
    await page.getByRole('link', { name: '联系祖源顾问' }).waitFor();
    await screenshot(page, vp, 'import-yfull');

    await gotoReady(page, `${baseUrl()}/import`);
    await page.getByTestId('import-kind-chip').click();
    await page.waitForURL('**/import/chip');
    await page.getByRole('heading', { name: '导入芯片数据' }).waitFor();
    expect(page.errors).toEqual([]);
  });

  it(
    'creates the tested person, uploads a 600k-marker 23andMe file resumably and follows the stages to the report',
    async () => {
      await page.getByText('请先选择或新建检测人').waitFor();
      await createPerson(page, personName, vp.name === 'pc' ? '男' : '女', async (dialog) => {
        await dialog.getByLabel('出生年份').fill('1965');
        await pickOption(page, '出生月份', '3月');
        await pickOption(page, '出生日', '8日');
      });
      await page.getByText('这位检测人还没有导入过数据').waitFor();

      // A file of another type is refused on the page, before anything is sent.
      await fileInput(page).setInputFiles(files.pdf);
      await page.getByText('仅支持 .txt、.csv、.zip、.gz、.vcf 或 .vcf.gz 文件').waitFor();
      await page.getByText('仅支持 .txt、.csv、.zip、.gz、.vcf 或 .vcf.gz 文件').scrollIntoViewIfNeeded();
      await screenshot(page, vp, 'import-wrong-type');

      const size = (await stat(vp.name === 'pc' ? files.pc : files.phone)).size;
      const file = vp.name === 'pc' ? files.pc : files.phone;
      const chunks = Math.ceil(size / (4 * 1024 * 1024));
      const sent: { method: string; offset?: string }[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/gene-data/uploads')) sent.push({ method: r.method(), offset: r.headers()['upload-offset'] });
      });
      let puts = 0;
      if (vp.name === 'pc') {
        // One chunk gets through, then the network fails and the page is reloaded: choosing the same
        // file again resumes.
        const firstChunk = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/gene-data/uploads/'));
        await page.route('**/proxy/v1/gene-data/uploads/*', async (route) => {
          if (route.request().method() === 'PUT' && ++puts > 1) return route.abort('failed');
          await route.continue();
        });
        await fileInput(page).setInputFiles(file);
        await firstChunk;
        await page.getByText(`已上传 4.0 MB / ${(size / 1024 / 1024).toFixed(1)} MB`).waitFor();
        await screenshot(page, vp, 'import-uploading');
        await gotoReady(page, page.url());
        await page.unrouteAll({ behavior: 'ignoreErrors' });
        sent.length = 0;
        await page.getByRole('radio', { name: new RegExp(personName) }).click();
        await fileInput(page).setInputFiles(file);
        await page.getByTestId('import-job').waitFor();
        // No new session: the page asked where the remembered one stands and went on from 4 MB.
        expect(sent.filter((r) => r.method === 'POST').length).toBe(0);
        expect(sent.filter((r) => r.method === 'PUT').map((r) => r.offset)[0]).toBe(String(4 * 1024 * 1024));
        await page.getByText(`${path.basename(file)} 上传完成（从 4.0 MB 处继续）`).waitFor();
      } else {
        // The network drops the second chunk once: the page waits, asks where the upload stands and
        // sends that chunk again.
        await page.route('**/proxy/v1/gene-data/uploads/*', async (route) => {
          if (route.request().method() === 'PUT' && ++puts === 2) return route.abort('failed');
          await route.continue();
        });
        await fileInput(page).setInputFiles(file);
        await page.getByRole('progressbar').waitFor();
        await screenshot(page, vp, 'import-uploading');
        await page.getByTestId('import-job').waitFor();
        await page.unrouteAll({ behavior: 'ignoreErrors' });
        const offsets = sent.filter((r) => r.method === 'PUT').map((r) => Number(r.offset));
        expect(offsets).toEqual(
          [0, ...Array.from({ length: chunks - 1 }, (_, i) => (i + 1) * 4 * 1024 * 1024)].flatMap((o, i) => (i === 1 ? [o, o] : [o])),
        );
        expect(sent.filter((r) => r.method === 'GET').length).toBeGreaterThan(0);
        await page.getByText(`${path.basename(file)} 上传完成`).waitFor();
      }

      const stages = await watchStages(page);
      expect(stages.at(-1), `stages seen: ${stages.join(' → ')}`).toBe('done');
      const indexes = stages.map((s) => ORDER.indexOf(s));
      expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
      const job = page.getByTestId('import-job');
      await job.getByText('报告已生成').waitFor();
      await screenshot(page, vp, 'import-done');
      await job.getByText('23andMe').waitFor();
      // Every line of the simulated file is a marker the job read.
      const markers = (await readFile(file, 'utf8')).split('\n').filter((l) => l && !l.startsWith('#')).length;
      await job.getByText(markers.toLocaleString('en-US'), { exact: true }).waitFor();
      await job.getByText('我们已给你发送站内通知').waitFor();
      await page.getByTestId('import-history-item').filter({ hasText: '已完成' }).waitFor();

      await job.getByRole('link', { name: '查看报告' }).click();
      await page.waitForURL('**/report?barcode=*');
      barcode = new URL(page.url()).searchParams.get('barcode') ?? '';
      expect(barcode).toMatch(/^[A-Z]{2}\d{10}$/);
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
      await screenshot(page, vp, 'import-report');
      expect(page.errors).toEqual([]);
    },
    IMPORT_TIMEOUT,
  );

  it(
    'names the problem in Chinese when a file is garbage or its call rate too low',
    async () => {
      await gotoReady(page, `${baseUrl()}/import/chip`);
      await page.getByRole('radio', { name: new RegExp(personName) }).click();

      await fileInput(page).setInputFiles(files.garbage);
      expect((await watchStages(page)).at(-1)).toBe('failed');
      const job = page.getByTestId('import-job');
      await job.getByRole('alert').filter({ hasText: '无法识别文件格式' }).waitFor();
      await job.getByRole('alert').filter({ hasText: '无法识别文件格式' }).scrollIntoViewIfNeeded();
      await screenshot(page, vp, 'import-failed-garbage');

      await job.getByRole('button', { name: '重新选择文件' }).click();
      await fileInput(page).setInputFiles(files.lowCall);
      expect((await watchStages(page)).at(-1)).toBe('failed');
      await page.getByTestId('import-job').getByRole('alert').filter({ hasText: '检出率 1.0% 低于 90%' }).waitFor();
      await page.getByTestId('import-job').getByRole('alert').filter({ hasText: '检出率 1.0% 低于 90%' }).scrollIntoViewIfNeeded();
      await screenshot(page, vp, 'import-failed-call-rate');
      expect(page.errors).toEqual([]);
    },
    IMPORT_TIMEOUT,
  );

  it('lists the raw file on /user/persons, downloads it (thawed first when archived) and deletes it', async () => {
    await gotoReady(page, `${baseUrl()}/user/persons`);
    const card = page.getByTestId('person-card').filter({ hasText: personName });
    const original = vp.name === 'pc' ? files.pc : files.phone;
    const row = card.getByTestId('raw-data-file').filter({ hasText: path.basename(original) });
    await row.waitFor();
    await card.getByText(barcode).waitFor();
    await screenshot(page, vp, 'import-raw-data');

    const thaw = row.getByRole('button', { name: '解冻' });
    if (await thaw.isVisible()) {
      await thaw.click();
      await row.getByText('可下载').waitFor({ timeout: 30_000 });
    }
    const download = page.waitForEvent('download');
    await row.getByRole('link', { name: '下载' }).click();
    const saved = await (await download).path();
    expect(await sha256(saved)).toBe(await sha256(original));

    await row.getByRole('button', { name: '删除文件' }).click();
    // The confirmation names the file and says what stays.
    await page.locator('.ant-popover:visible').getByText('删除原始数据文件「').waitFor();
    await page.getByText('已生成的报告和检测人都会保留').waitFor();
    await screenshot(page, vp, 'import-raw-delete');
    await page.locator('.ant-popover:visible').getByRole('button', { name: '删除文件' }).click();
    await page.getByText('原始数据已删除').waitFor();
    await row.waitFor({ state: 'detached' });
    // The reports stay: the kit is still the person's.
    await gotoReady(page, `${baseUrl()}/user/persons`);
    await page.getByTestId('person-card').filter({ hasText: personName }).getByText(barcode).waitFor();
    expect(page.errors).toEqual([]);
  });
});
