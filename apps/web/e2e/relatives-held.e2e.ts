import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, gotoReady, launch, openPage, screenshot, VIEWPORTS, type Viewport, type RecordedPage } from './browser.ts';
import { createPerson, signUpNewUser, simulateRawFiles } from './helpers.ts';

const IMPORT_TIMEOUT = 240_000;

let browser: Browser;
let dir = '';

/** The transition partner of a base: what a forger pairs a called allele with to make it heterozygous. */
const TRANSITION: Record<string, string> = { A: 'G', G: 'A', C: 'T', T: 'C' };

/**
 * A forged file: a simulated person's 23andMe file with every diploid autosomal call made
 * heterozygous (a homozygous call gets its transition partner), the file that once listed every consenting person.
 */
async function forgeAllHeterozygous(from: string, to: string): Promise<void> {
  const lines = (await readFile(from, 'utf8')).split('\n').map((line) => {
    const f = line.split('\t');
    if (line.startsWith('#') || f.length !== 4 || !/^\d+$/.test(f[1])) return line;
    const [a, b] = f[3];
    if (f[3].length !== 2 || a !== b || !TRANSITION[a]) return line;
    return [f[0], f[1], f[2], a + TRANSITION[a]].join('\t');
  });
  await writeFile(to, lines.join('\n'));
}

beforeAll(async () => {
  browser = await launch();
  dir = await simulateRawFiles('unrelated', 41, 'jy-relatives-held-e2e-');
  await forgeAllHeterozygous(path.join(dir, 'person1.txt'), path.join(dir, 'forged.txt'));
  // The server imports the demo family right after it starts: let the first server render happen
  // here, without the browser's 30 s navigation limit.
  await fetch(`${baseUrl()}/import/chip`);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await rm(dir, { recursive: true, force: true });
});

describe.each(VIEWPORTS)('a held genome at $name ($width×$height)', (vp: Viewport) => {
  let page: RecordedPage;
  beforeAll(async () => {
    page = await openPage(browser, vp);
  });
  afterAll(() => page?.context().close());

  it(
    'shows why on the import result and on the relatives page, and lists no one',
    async () => {
      const phone = vp.name === 'pc' ? '13700000801' : '13700000811';
      await signUpNewUser(page, { phone, password: 'Gene-held-2026', name: '伪造测试', from: '/import/chip' });
      await page.getByText('请先选择或新建检测人').waitFor();
      await createPerson(page, vp.name === 'pc' ? '钱多多' : '孙小小', '男');
      await page.locator('.raw-uploader input[type="file"]').setInputFiles(path.join(dir, 'forged.txt'));
      const job = page.getByTestId('import-job');
      await job.waitFor();
      await page.waitForFunction(() => document.querySelector('[data-testid="import-job"]')?.getAttribute('data-stage') === 'done', null, {
        timeout: IMPORT_TIMEOUT - 60_000,
      });
      // Reports stand; the gate's hold is said with its code and reason.
      const held = job.getByTestId('relatives-held');
      await held.getByText('这份基因数据暂不参与基因亲人匹配').waitFor();
      // The reason is the gate's own sentence with its §8 code (which checks fire is the API tests' business).
      await held
        .getByText(/（代码 27\d\d）/)
        .first()
        .waitFor();
      await held.scrollIntoViewIfNeeded();
      await screenshot(page, vp, 'relatives-held-import');

      await job.getByRole('link', { name: '查看报告' }).click();
      await page.waitForURL('**/report?barcode=*');
      const barcode = new URL(page.url()).searchParams.get('barcode') ?? '';
      await gotoReady(page, `${baseUrl()}/report/gene-relatives/protocol?barcode=${barcode}`);
      await page.getByTestId('relatives-consent').scrollIntoViewIfNeeded();
      await page.getByTestId('relatives-agree').click();
      await page.getByTestId('relatives-accept').click();
      await page.waitForURL('**/report/gene-relatives?barcode=*');
      const notice = page.getByTestId('relatives-held');
      await notice
        .getByText(/（代码 27\d\d）/)
        .first()
        .waitFor();
      expect(await notice.innerText()).toMatch(/杂合/);
      expect(await page.getByTestId('relative-card').count()).toBe(0);
      expect(await page.getByTestId('relatives-toolbar').count()).toBe(0);
      await screenshot(page, vp, 'relatives-held-list');
      expect(page.errors).toEqual([]);
    },
    IMPORT_TIMEOUT + 60_000,
  );
});
