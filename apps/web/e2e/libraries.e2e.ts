import { ACCOUNT_PATHS } from '@jiyin/contracts/accounts';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, gotoReady, launch, openPage, screenshot, VIEWPORTS, type Viewport, type RecordedPage } from './browser.ts';

/**
 * Surname and family libraries: a visitor searches a surname by its pinyin initials and opens it; a
 * demo account (the second cousin at PC size, the unrelated man at phone size, so the runs do not share
 * claims) opens a family from the library and claims it, then finds it in the claimed list.
 */
const ACCOUNT: Record<Viewport['name'], string> = { pc: '19900000004', phone: '19900000005' };

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

describe.each(VIEWPORTS)('surname and family libraries at $name ($width×$height)', (vp: Viewport) => {
  let page: RecordedPage;
  beforeAll(async () => {
    page = await openPage(browser, vp);
    // The first pages are served while the server's start-up imports keep its cores busy.
    page.setDefaultNavigationTimeout(60_000);
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('finds 欧阳 by its initials and shows its sourced facts, leaving unknown ones as 暂无数据', async () => {
    await gotoReady(page, `${baseUrl()}/ancestry/library-surname`);
    await page.getByTestId('surname-top').getByTestId('surname-王').waitFor();
    await screenshot(page, vp, 'library-surname');
    await page.getByLabel('搜索姓氏').fill('oy');
    await page.getByLabel('搜索姓氏').press('Enter');
    await page.waitForURL((u) => u.pathname === '/ancestry/library-surname/search' && u.searchParams.get('q') === 'oy');
    const card = page.getByTestId('surname-results').getByTestId('surname-欧阳');
    await card.waitFor();
    await card.click();
    await page.waitForURL((u) => u.pathname === '/ancestry/surname-base/rr' && u.searchParams.get('surname') === '欧阳');
    const origins = page.getByTestId('surname-origins');
    await origins.getByText('ōu yáng').waitFor();
    expect(await page.getByTestId('surname-population').textContent()).toContain('暂无数据');
    await screenshot(page, vp, 'surname-rr');

    await gotoReady(page, `${baseUrl()}/ancestry/surname-base/celebrity?surname=${encodeURIComponent('王')}`);
    await page.getByTestId('surname-figures').getByText('王羲之', { exact: true }).waitFor();
    expect(await page.getByTestId('surname-figures').textContent()).toContain('《晋书·王羲之传》');
    await gotoReady(page, `${baseUrl()}/ancestry/surname-base/rr?surname=${encodeURIComponent('王')}`);
    const map = page.locator('[data-testid="surname-map"][data-state="ready"]');
    await map.waitFor();
    await map.scrollIntoViewIfNeeded();
    await screenshot(page, vp, 'surname-rr-wang');
    expect(page.errors).toEqual([]);
  });

  it('sends a visitor of the report family page to the public one', async () => {
    await gotoReady(page, `${baseUrl()}/report/ancestry/family/demo-family-wang`);
    expect(new URL(page.url()).pathname).toBe('/ancestry/family/demo-family-wang');
    await page.getByTestId('family-overview').getByText('这是演示用的示例家族，内容为示例，并非真实家族。').waitFor();
  });

  it('opens a family from the library, claims it and finds it in the claimed list', async () => {
    const res = await page.context().request.post(`${baseUrl()}${ACCOUNT_PATHS.signin}`, {
      data: { phoneNumber: ACCOUNT[vp.name], nationCode: '86', password: 'jiyin-demo-2026' },
    });
    expect((await res.json()).code).toBe(0);
    await gotoReady(page, `${baseUrl()}/ancestry/library-family?type=genealogy`);
    await page.getByTestId('family-list').waitFor();
    await screenshot(page, vp, 'library-family');
    await page.getByTestId('family-card-demo-family-chen').click();
    await page.waitForURL('**/ancestry/family/demo-family-chen');
    await page.getByTestId('family-name').waitFor();
    // §6: from a family clue, a signed-in reader of the public page goes on to the report page.
    await gotoReady(page, `${baseUrl()}/ancestry/family/demo-family-chen?source=family-clue`);
    expect(new URL(page.url()).pathname).toBe('/report/ancestry/family/demo-family-chen');

    await gotoReady(page, `${baseUrl()}/report/ancestry/family/demo-family-chen`);
    const panel = page.getByTestId('claim-panel');
    await panel.getByTestId('claim-person').waitFor();
    await panel.getByTestId('claim-family').click();
    await panel.getByTestId('claim-status').getByText('已认领').waitFor();
    await screenshot(page, vp, 'family-claimed');

    // A claimant adds a genealogy book with a scanned page; the page is re-encoded by the upload call.
    const scan = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#efe4c8' } })
      .png()
      .toBuffer();
    await page.getByTestId('add-material').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('标题').fill(`族谱卷一（${vp.name}）`);
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'page1.png', mimeType: 'image/png', buffer: scan });
    await dialog.getByText('已上传 1 张').waitFor();
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const material = page.getByTestId('family-materials').locator('img[alt^="族谱卷一"]');
    await material.first().waitFor();
    expect(await material.first().getAttribute('src')).toMatch(/^\/uploads\/family\/[0-9a-f-]{36}\.png$/);
    await page.getByTestId('family-materials').scrollIntoViewIfNeeded();
    await screenshot(page, vp, 'family-materials');

    await gotoReady(page, `${baseUrl()}/report/ancestry/claimed-person-list`);
    await page.getByTestId('claimed-list').getByText('示例家族·陈氏（演示数据）').waitFor();
    await screenshot(page, vp, 'claimed-list');
    await gotoReady(page, `${baseUrl()}/report/ancestry/all-list`);
    await page.getByTestId('lead-form').waitFor();
    await screenshot(page, vp, 'all-list');
    expect(page.errors).toEqual([]);
  });
});
