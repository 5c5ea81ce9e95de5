import { execFile } from 'node:child_process';
import { readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { ACCOUNT_PATHS } from '@jiyin/contracts/accounts';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import { REPORT_API_PATHS, UPLOAD_CHUNK_BYTES } from '@jiyin/contracts/reportApi';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, gotoReady, launch, openPage, SHOTS_DIR, screenshot, VIEWPORTS, type Viewport } from './browser.ts';
import { lastCode, simulateRawFiles } from './helpers.ts';

const run = promisify(execFile);

let browser: Browser;
let dir: string;
/** The session of a user whose person has reports, made through the bare API (the import pages have their own test). */
let token = '';
let barcode = '';

type Answer = { code: number; data: Record<string, unknown> & { id: string }; msg: string };

async function api(method: string, apiPath: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const isBytes = body instanceof Uint8Array;
  const res = await fetch(`${baseUrl()}${apiPath}`, {
    method,
    headers: {
      ...(token ? { cookie: `__token=${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': isBytes ? 'application/octet-stream' : 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : isBytes ? body : JSON.stringify(body),
  });
  const setCookie = res.headers.get('set-cookie')?.match(/__token=([^;]+)/);
  if (setCookie) token = setCookie[1] as string;
  const answer = (await res.json()) as Answer;
  if (answer.code !== 0) throw new Error(`${method} ${apiPath}: ${answer.code} ${answer.msg}`);
  return answer;
}

beforeAll(async () => {
  browser = await launch();
  const phone = '13700000501';
  await api('POST', ACCOUNT_PATHS.sendSmsCode, { phone, nationCode: '86', verifyType: 'signup', neCaptcha: 'dev-token' });
  await api('POST', ACCOUNT_PATHS.signup, {
    phoneNumber: phone,
    nationCode: '86',
    authCode: await lastCode(phone),
    password: 'Gene-pdf-2026',
    name: '陈电子',
  });
  const person = await api('POST', ACCOUNT_PATHS.persons, { name: '陈报告', gender: 'male' });

  dir = await simulateRawFiles('unrelated', 21, 'jy-pdf-e2e-');
  const bytes = await readFile(path.join(dir, 'person1.txt'));
  const upload = await api('POST', REPORT_API_PATHS.uploads, {
    personId: person.data.id,
    fileName: 'genome_陈报告.txt',
    size: bytes.length,
  });
  const one = fillPattern(REPORT_API_PATHS.uploadOne, { id: upload.data.id });
  for (let at = 0; at < bytes.length; at += UPLOAD_CHUNK_BYTES) {
    await api('PUT', one, bytes.subarray(at, at + UPLOAD_CHUNK_BYTES), { 'upload-offset': String(at) });
  }
  const job = await api('POST', REPORT_API_PATHS.imports, { uploadId: upload.data.id });
  const deadline = Date.now() + 200_000;
  for (;;) {
    const j = await api('GET', fillPattern(REPORT_API_PATHS.importOne, { id: job.data.id }));
    if (j.data.barcode && (j.data.stage === 'matching' || j.data.stage === 'done')) {
      barcode = j.data.barcode as string;
      break;
    }
    if (j.data.stage === 'failed') throw new Error(`import failed: ${j.data.errorMessage}`);
    if (Date.now() > deadline) throw new Error('import did not finish');
    await new Promise((r) => setTimeout(r, 500));
  }
}, 300_000);

afterAll(async () => {
  await browser?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.each(VIEWPORTS)('electronic report at $name ($width×$height)', (vp: Viewport) => {
  it('generates the PDF on the page, follows its state and downloads a Chinese PDF', async () => {
    const page = await openPage(browser, vp);
    await page.context().addCookies([{ name: '__token', value: token, url: baseUrl() }]);
    await gotoReady(page, `${baseUrl()}/report/electronic-report?barcode=${barcode}`);
    const card = page.getByTestId('electronic-report');
    await card.getByText('陈报告（男）').waitFor();
    await card.getByText(barcode).waitFor();

    if (vp.name === 'pc') {
      await screenshot(page, vp, 'electronic-report-start');
      await page.getByTestId('electronic-report-generate').click();
      // The state shows while the queue renders (it may already be done on a fast machine).
      await page.locator('[data-testid="electronic-report-progress"], [data-testid="electronic-report-done"]').first().waitFor();
      if (await page.getByTestId('electronic-report-progress').isVisible()) await screenshot(page, vp, 'electronic-report-rendering');
    }
    // The phone pass finds the PDF the first pass made: the same computation is not rendered twice.
    await page.getByTestId('electronic-report-done').waitFor({ timeout: 120_000 });
    await screenshot(page, vp, 'electronic-report-done');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('electronic-report-download').click()]);
    expect(download.suggestedFilename()).toBe(`基因检测电子报告-陈报告-${barcode}.pdf`);
    const file = path.join(dir, `${vp.name}.pdf`);
    await download.saveAs(file);
    const pdf = await readFile(file);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(page.errors).toEqual([]);
    await page.context().close();

    if (vp.name === 'pc') {
      // Look at the pages as a reader would: cover, contents and the first report pages as pictures.
      const { stdout } = await run('pdfinfo', [file]).catch(() => ({ stdout: '' }));
      if (!stdout) return; // poppler-utils not installed: the API test reads the PDF's text instead.
      const pages = Number(stdout.match(/Pages:\s+(\d+)/)?.[1]);
      expect(pages).toBeGreaterThan(20);
      const isShot = (f: string) => f.startsWith('electronic-report-pdf-') && f.endsWith('.png');
      for (const f of (await readdir(SHOTS_DIR)).filter(isShot)) await rm(path.join(SHOTS_DIR, f));
      await run('pdftoppm', ['-r', '60', '-png', '-f', '1', '-l', '8', file, path.join(SHOTS_DIR, 'electronic-report-pdf')]);
      expect((await readdir(SHOTS_DIR)).filter(isShot)).toHaveLength(8);
      await writeFile(path.join(SHOTS_DIR, 'electronic-report-pdf.txt'), `${stdout}\nbytes ${(await stat(file)).size}\n`);
    }
  }, 180_000);
});

describe('electronic report for visitors', () => {
  it('explains that the sample report has no PDF', async () => {
    const page = await openPage(browser, VIEWPORTS[0]);
    await gotoReady(page, `${baseUrl()}/report/electronic-report`);
    await page.getByText('示例报告不提供电子报告').waitFor();
    await screenshot(page, VIEWPORTS[0], 'electronic-report-sample');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
