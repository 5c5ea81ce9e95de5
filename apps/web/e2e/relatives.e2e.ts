import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { ACCOUNT_PATHS } from '@jiyin/contracts/accounts';
import { RELATIVES_API_PATHS, RELATIVES_PROTOCOL_VERSION } from '@jiyin/contracts/relativesApi';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, gotoReady, launch, openPage, screenshot, VIEWPORTS, type Viewport, type RecordedPage } from './browser.ts';
import { type ApiUser, apiUser, createPerson, importThroughApi, signUpNewUser, simulateRawFiles } from './helpers.ts';

const IMPORT_TIMEOUT = 240_000;

/**
 * Each size has its own pair of simulated relatives (another pedigree and another seed: one seed makes
 * one founder population, so the two pairs are strangers to each other and to the demo family): the
 * page user imports one file through the import page and joins on the protocol page; the other user
 * does both through the API.
 */
const PAIRS = {
  pc: {
    pedigree: 'full-siblings',
    seed: 31,
    mine: { file: 'sibling1.txt', name: '周建国', gender: '男' as const },
    theirs: { file: 'sibling2.txt', name: '周建军', gender: 'male' as const },
    grade: '2-3',
    meaning: '亲密或直系亲属',
    // Neither shows a full name: each sees the other's surname and 先生.
    mineShownAs: '周先生',
    theirsShownAs: '周先生',
  },
  phone: {
    pedigree: 'first-cousins',
    seed: 32,
    mine: { file: 'a-gen2.txt', name: '吴思琪', gender: '女' as const },
    theirs: { file: 'b-gen2.txt', name: '郑浩然', gender: 'male' as const },
    grade: '4-6',
    meaning: '一代表亲',
    mineShownAs: '吴女士',
    theirsShownAs: '郑先生',
  },
} as const;

let browser: Browser;
/** Where each size's simulated files are. */
const dirs: Partial<Record<keyof typeof PAIRS, string>> = {};

beforeAll(async () => {
  browser = await launch();
  for (const [name, pair] of Object.entries(PAIRS) as [keyof typeof PAIRS, (typeof PAIRS)[keyof typeof PAIRS]][]) {
    dirs[name] = await simulateRawFiles(pair.pedigree, pair.seed, `jy-relatives-e2e-${name}-`);
  }
}, 180_000);

afterAll(async () => {
  await browser?.close();
  for (const dir of Object.values(dirs)) await rm(dir, { recursive: true, force: true });
});

describe.each(VIEWPORTS)('gene relatives at $name ($width×$height)', (vp: Viewport) => {
  const pair = PAIRS[vp.name];
  const phones = vp.name === 'pc' ? ['13700000701', '13700000702'] : ['13700000711', '13700000712'];
  let page: RecordedPage;
  let other: ApiUser;
  let myBarcode = '';
  let theirBarcode = '';

  beforeAll(async () => {
    page = await openPage(browser, vp);
  });
  afterAll(() => page?.context().close());

  it('explains gene relatives to a visitor instead of showing any', async () => {
    await gotoReady(page, `${baseUrl()}/report/gene-relatives`);
    await page.getByTestId('relatives-gate').getByText('基因亲人：通过 DNA 找到你的亲人').waitFor();
    await page.getByRole('link', { name: '登录 / 注册' }).waitFor();
    // The header hides the finder in sample mode (§2.6).
    expect(await page.locator('.report-nav').getByText('基因亲人').count()).toBe(0);
    await screenshot(page, vp, 'relatives-visitor');
    await gotoReady(page, `${baseUrl()}/report/gene-relatives/protocol`);
    await page.getByTestId('protocol-version').getByText(`版本 v${RELATIVES_PROTOCOL_VERSION}`).waitFor();
    expect(page.errors).toEqual([]);
  });

  it(
    'one user imports through the import page, the other through the API; both join; each sees the other with the right grade',
    async () => {
      await signUpNewUser(page, { phone: phones[0], password: 'Gene-relatives-2026', name: '亲人测试', from: '/import/chip' });
      await page.getByText('请先选择或新建检测人').waitFor();
      await createPerson(page, pair.mine.name, pair.mine.gender);
      await page.locator('.raw-uploader input[type="file"]').setInputFiles(path.join(dirs[vp.name] as string, pair.mine.file));
      const job = page.getByTestId('import-job');
      await job.waitFor();
      await page.waitForFunction(() => document.querySelector('[data-testid="import-job"]')?.getAttribute('data-stage') === 'done', null, {
        timeout: IMPORT_TIMEOUT - 60_000,
      });
      await job.getByRole('link', { name: '查看报告' }).click();
      await page.waitForURL('**/report?barcode=*');
      myBarcode = new URL(page.url()).searchParams.get('barcode') ?? '';
      expect(myBarcode).toMatch(/^IM\d{10}$/);

      // Not joined yet: the list says what joining means and leads to the protocol.
      await gotoReady(page, `${baseUrl()}/report/gene-relatives?barcode=${myBarcode}`);
      await page.getByTestId('relatives-not-joined').waitFor();
      await screenshot(page, vp, 'relatives-not-joined');
      await page.getByTestId('relatives-join').click();
      await page.getByTestId('relatives-protocol').waitFor();
      await page.getByTestId('relatives-consent').scrollIntoViewIfNeeded();
      await screenshot(page, vp, 'relatives-protocol');
      expect(await page.getByTestId('relatives-accept').isDisabled()).toBe(true);
      await page.getByTestId('relatives-agree').click();
      await page.getByTestId('relatives-accept').click();
      await page.waitForURL('**/report/gene-relatives?barcode=*');
      await page.getByTestId('relatives-toolbar').waitFor();

      // The other user: sign-up, person, import and consent through the API.
      other = await apiUser(phones[1], '亲人乙');
      const person = await other.call<{ id: string }>('POST', ACCOUNT_PATHS.persons, {
        name: pair.theirs.name,
        gender: pair.theirs.gender,
      });
      theirBarcode = await importThroughApi(
        other,
        person.id,
        pair.theirs.file,
        await readFile(path.join(dirs[vp.name] as string, pair.theirs.file)),
      );
      await other.call('POST', RELATIVES_API_PATHS.consent, { barcode: theirBarcode, protocolVersion: RELATIVES_PROTOCOL_VERSION });

      // Matching runs in the queue; the list also refreshes itself while it is empty.
      const card = page.getByTestId('relative-card').filter({ hasText: pair.theirsShownAs });
      for (let i = 0; i < 30 && !(await card.count()); i++) {
        await page.waitForTimeout(3000);
        if (!(await card.count())) await gotoReady(page, page.url());
      }
      await card.waitFor({ timeout: 1000 });
      expect(await card.getByTestId('relative-grade').textContent()).toBe(pair.grade);
      await card.getByText(pair.meaning).waitFor();
      expect(await page.getByTestId('relative-card').count()).toBe(1);
      expect(await page.content()).not.toContain(pair.theirs.name);
      await screenshot(page, vp, 'relatives-list');

      // The detail: figures, the §9 row, the painting, and 发私信 (the chat itself: messages.e2e.ts).
      await card.click();
      await page.getByTestId('relative-profile').waitFor();
      await page.getByTestId('relative-grade-row').getByText(pair.meaning).waitFor();
      expect(await page.getByTestId('relative-message').isDisabled()).toBe(false);
      expect(await page.getByTestId('painted-segment').count()).toBeGreaterThan(10);
      await screenshot(page, vp, 'relatives-detail');
      await page.getByTestId('chromosome-painting').scrollIntoViewIfNeeded();
      await screenshot(page, vp, 'relatives-painting');

      // The other user sees this one, masked, with the same grade.
      const theirs = await openPage(browser, vp);
      await theirs.context().addCookies([{ name: '__token', value: other.token, url: baseUrl() }]);
      await gotoReady(theirs, `${baseUrl()}/report/gene-relatives?barcode=${theirBarcode}`);
      const back = theirs.getByTestId('relative-card').filter({ hasText: pair.mineShownAs });
      await back.waitFor();
      expect(await back.getByTestId('relative-grade').textContent()).toBe(pair.grade);
      expect(await theirs.content()).not.toContain(pair.mine.name);
      await screenshot(theirs, vp, 'relatives-list-other');
      expect(theirs.errors).toEqual([]);
      await theirs.context().close();
      expect(page.errors).toEqual([]);
    },
    IMPORT_TIMEOUT + 120_000,
  );

  it('the other withdraws on the protocol page and disappears from this list at once', async () => {
    const detailUrl = page.url();
    const theirs = await openPage(browser, vp);
    await theirs.context().addCookies([{ name: '__token', value: other.token, url: baseUrl() }]);
    await gotoReady(theirs, `${baseUrl()}/report/gene-relatives/protocol?barcode=${theirBarcode}`);
    await theirs.getByTestId('relatives-consent').scrollIntoViewIfNeeded();
    await theirs.getByTestId('relatives-withdraw').click();
    await theirs.locator('.ant-popover:visible').getByRole('button', { name: '确认退出' }).click();
    await theirs.locator('[data-testid="relatives-consent"][data-joined="false"]').waitFor();
    await screenshot(theirs, vp, 'relatives-withdrawn');
    expect(theirs.errors).toEqual([]);
    await theirs.context().close();

    await gotoReady(page, `${baseUrl()}/report/gene-relatives?barcode=${myBarcode}`);
    await page.getByTestId('relatives-empty').waitFor();
    expect(await page.getByTestId('relative-card').count()).toBe(0);
    expect(await page.getByTestId('relatives-total').textContent()).toBe('共 0 位基因亲人');
    await screenshot(page, vp, 'relatives-after-withdrawal');
    // The old detail address answers that the relative is gone.
    await gotoReady(page, detailUrl);
    await page.getByTestId('relative-gone').getByText('这位基因亲人不存在或已退出').waitFor();
    expect(page.errors).toEqual([]);
  });
});

describe('the demo account', () => {
  it('sees its simulated family with their grades once the start-up imports are matched', async () => {
    const page = await openPage(browser, VIEWPORTS[0]);
    const res = await page.context().request.post(`${baseUrl()}${ACCOUNT_PATHS.signin}`, {
      data: { phoneNumber: '19900000000', nationCode: '86', password: 'jiyin-demo-2026' },
    });
    expect((await res.json()).code).toBe(0);
    // The relatives' imports are queued when the server starts; by now they are usually matched.
    for (let i = 0; i < 60; i++) {
      await gotoReady(page, `${baseUrl()}/report/gene-relatives?barcode=JY0000000300`);
      if ((await page.getByTestId('relative-card').count()) === 4) break;
      await page.waitForTimeout(2000);
    }
    const grades = await page.getByTestId('relative-grade').allTextContents();
    expect(grades).toEqual(['2-3', '3-4', '4-6', '5-6']);
    await page.getByTestId('relative-card').filter({ hasText: '林晓峰' }).waitFor();
    await screenshot(page, VIEWPORTS[0], 'relatives-demo');
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 180_000);
});
