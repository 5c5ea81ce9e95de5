import { ACCOUNT_PATHS } from '@jiyin/contracts/accounts';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import { RELATIVES_API_PATHS, type RelativeSummary } from '@jiyin/contracts/relativesApi';
import { type ChatThreadView, SOCIAL_API_PATHS } from '@jiyin/contracts/social';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, gotoReady, launch, openPage, screenshot, VIEWPORTS, type Viewport, type RecordedPage } from './browser.ts';

/**
 * Private messages between two consenting gene relatives of the demo family (README): the aunt
 * (19900000002, kit JY0000000302) writes to her nephew 林晓峰 (19900000001) from his relatives detail;
 * two browser contexts, so each side sees the other's messages and the block arrive live.
 */
const AUNT = { phoneNumber: '19900000002', nationCode: '86', password: 'jiyin-demo-2026' };
const NEPHEW = { ...AUNT, phoneNumber: '19900000001' };
const AUNT_BARCODE = 'JY0000000302';

/** A photo-sized picture (320×240): the server checks the format from the bytes and scales it to 250×250 at most. */
const PNG = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#6aa5a0' } })
  .png()
  .toBuffer();

let browser: Browser;
/** The nephew's match id in the aunt's list (the demo family is matched by start-up jobs). */
let nephewId = '';

async function signIn(page: Page, who: typeof AUNT) {
  const res = await page.context().request.post(`${baseUrl()}${ACCOUNT_PATHS.signin}`, { data: who });
  expect((await res.json()).code).toBe(0);
}

beforeAll(async () => {
  browser = await launch();
  const page = await openPage(browser, VIEWPORTS[0]);
  await signIn(page, AUNT);
  const deadline = Date.now() + 150_000;
  while (!nephewId) {
    const res = await page.context().request.get(`${baseUrl()}${RELATIVES_API_PATHS.list}?barcode=${AUNT_BARCODE}&page=1`);
    const body = (await res.json()) as { code: number; data: { list: RelativeSummary[] } };
    nephewId = body.data?.list?.find((r) => r.relative.name === '林晓峰')?.id ?? '';
    if (nephewId) break;
    if (Date.now() > deadline) throw new Error(`the aunt's relatives never listed 林晓峰: ${JSON.stringify(body)}`);
    await new Promise((r) => setTimeout(r, 2000));
  }
  await page.context().close();
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

describe.each(VIEWPORTS)('private messages at $name ($width×$height)', (vp: Viewport) => {
  let aunt: RecordedPage;
  let nephew: RecordedPage;
  beforeAll(async () => {
    aunt = await openPage(browser, vp);
    nephew = await openPage(browser, vp);
    await signIn(aunt, AUNT);
    await signIn(nephew, NEPHEW);
  });
  afterAll(async () => {
    await aunt?.context().close();
    await nephew?.context().close();
  });

  it('A writes from the relative detail, B sees it live and answers, B blocks A and A sees 对方已停止接收私信', async () => {
    const hello = `你好，我是你姑姑（${vp.name}）`;
    const script = `<img src=x onerror="window.__xss=1">${vp.name}`;
    // Every text names the size: the phone run's thread still holds the PC run's messages.
    const reply = `收到，谢谢姑姑（${vp.name}）`;
    await gotoReady(nephew, `${baseUrl()}/user/messages`);
    await gotoReady(aunt, `${baseUrl()}/report/gene-relatives/detail/${nephewId}?barcode=${AUNT_BARCODE}`);
    await aunt.getByTestId('relative-message').click();
    const auntChat = aunt.getByTestId('chat-dialog');
    await auntChat.waitFor();
    await aunt.getByTestId('chat-input').fill(hello);
    await aunt.getByTestId('chat-send').click();
    await auntChat.getByTestId('chat-message').filter({ hasText: hello }).waitFor();
    await aunt.getByTestId('chat-input').fill(script);
    await aunt.getByTestId('chat-send').click();
    await auntChat.getByTestId('chat-message').filter({ hasText: script }).waitFor();
    await screenshot(aunt, vp, 'chat-aunt-sent');

    // B: the thread arrives on the open messages page without a reload, with its new count.
    const thread = nephew.getByTestId('thread-item').filter({ hasText: script });
    await thread.waitFor({ timeout: 15_000 });
    if (vp.name === 'pc') expect(Number(await nephew.getByTestId('inbox-messages-count').textContent())).toBeGreaterThan(0);
    await screenshot(nephew, vp, 'chat-nephew-threads');
    await thread.click();
    const nephewChat = nephew.getByTestId('chat-dialog');
    await nephewChat.getByTestId('chat-message').filter({ hasText: hello }).waitFor();
    // Markup in a message is text: shown as typed, never run.
    await nephewChat.getByTestId('chat-message').filter({ hasText: script }).waitFor();
    expect(await nephew.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    await nephew.getByTestId('chat-input').fill(reply);
    await nephew.getByTestId('chat-send').click();
    await auntChat.getByTestId('chat-message').filter({ hasText: reply }).waitFor({ timeout: 15_000 });

    // A picture: uploaded, re-encoded on the server, and shown live in both windows.
    const pictures = (p: RecordedPage) => p.getByTestId('chat-dialog').locator('img.chat-msg__image');
    const seen = await pictures(nephew).count();
    await auntChat.locator('input[type="file"]').setInputFiles({ name: `合影-${vp.name}.png`, mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => pictures(aunt).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => pictures(nephew).count(), { timeout: 15_000 }).toBe(seen + 1);
    const shown = pictures(nephew).last();
    expect(await shown.getAttribute('src')).toMatch(/^\/uploads\/chat\/[\w-]+\.png$/);
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await screenshot(nephew, vp, 'chat-nephew-dialog');

    // B blocks A: B's input says so, and A's dialog learns it live.
    await nephew.getByTestId('chat-menu').click();
    await nephew.getByText('屏蔽对方', { exact: true }).click();
    await nephewChat.getByTestId('chat-blocked').getByText('你已屏蔽对方').waitFor();
    await auntChat.getByTestId('chat-blocked').getByText('对方已停止接收私信').waitFor({ timeout: 15_000 });
    await screenshot(aunt, vp, 'chat-aunt-blocked');
    expect(aunt.errors).toEqual([]);
    expect(nephew.errors).toEqual([]);

    // B's notices: the header's 通知 dropdown (PC) leads to /user/notices, where one is deleted.
    await nephew.keyboard.press('Escape');
    if (vp.name === 'pc') {
      await nephew.getByTestId('inbox-notices').click();
      await nephew.getByTestId('inbox-notices-panel').locator('.inbox-panel__item').first().waitFor();
      await screenshot(nephew, vp, 'notices-dropdown');
      await nephew.getByTestId('inbox-notices-panel').getByText('查看全部').click();
      await nephew.waitForURL('**/user/notices');
    } else {
      await gotoReady(nephew, `${baseUrl()}/user/notices`);
    }
    const notices = nephew.getByTestId('notice-item');
    await notices.first().waitFor();
    const before = await notices.count();
    await screenshot(nephew, vp, 'notices-page');
    await notices.first().getByRole('button', { name: '删除' }).click();
    await nephew.getByText('删除成功').waitFor();
    expect(await notices.count()).toBe(before - 1);
    expect(nephew.errors).toEqual([]);

    // The next size starts from an unblocked thread.
    const [th] = (
      (await (await nephew.context().request.get(`${baseUrl()}${SOCIAL_API_PATHS.threads}`)).json()) as { data: { list: ChatThreadView[] } }
    ).data.list;
    await nephew.context().request.put(`${baseUrl()}${fillPattern(SOCIAL_API_PATHS.shield, { relatedId: th.relatedId })}`, {
      data: { blocked: false },
    });
  });
});
