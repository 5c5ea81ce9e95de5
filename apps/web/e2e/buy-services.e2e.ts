import { ACCOUNT_PATHS } from '@jiyin/contracts/accounts';
import { ANCESTRY_API_PATHS } from '@jiyin/contracts/ancestryApi';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, gotoReady, launch, openPage, screenshot, VIEWPORTS } from './browser.ts';
import { payInDevCashier } from './helpers.ts';

/**
 * The seeded ancestry-only customers (README demo accounts, seed v12), one per size so the runs do
 * not share a kit: the second cousin's own kit at PC size, the aunt's son's kit (she manages his
 * person) at phone size.
 */
const CUSTOMERS = {
  pc: { phoneNumber: '19900000003', barcode: 'JY0000000304' },
  phone: { phoneNumber: '19900000002', barcode: 'JY0000000303' },
} as const;

async function signinToken(phoneNumber: string): Promise<string> {
  const res = await fetch(`${baseUrl()}${ACCOUNT_PATHS.signin}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phoneNumber, nationCode: '86', password: 'jiyin-demo-2026' }),
  });
  const found = res.headers.get('set-cookie')?.match(/__token=([^;]+)/);
  if (!found) throw new Error(`sign-in failed: ${await res.text()}`);
  return found[1] as string;
}

let browser: Browser;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  browser = await launch();
  for (const [size, c] of Object.entries(CUSTOMERS)) tokens[size] = await signinToken(c.phoneNumber);
  // The demo family's genomes are imported by queued jobs after start-up: wait for both kits' reports.
  const deadline = Date.now() + 170_000;
  for (const [size, c] of Object.entries(CUSTOMERS)) {
    for (;;) {
      const res = await fetch(`${baseUrl()}${ANCESTRY_API_PATHS.haplogroupName}?barcode=${c.barcode}`, {
        headers: { cookie: `__token=${tokens[size]}` },
      });
      const a = (await res.json()) as { code: number; data: { yhaplogroup?: string } | null };
      if (a.code === 0 && a.data?.yhaplogroup) break;
      if (Date.now() > deadline) throw new Error(`the demo report of ${c.barcode} did not arrive: ${JSON.stringify(a)}`);
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
}, 220_000);
afterAll(() => browser?.close());

describe.each(VIEWPORTS)('upgrade, speed package and no-return Y-full at $name', (vp) => {
  it('upgrades an ancestry-only kit, pays with the development cashier and opens the health categories', async () => {
    const { barcode } = CUSTOMERS[vp.name];
    const page = await openPage(browser, vp);
    await page.context().addCookies([{ name: '__token', value: tokens[vp.name] as string, url: baseUrl() }]);

    // The ancestry product has no health reports: the category says so and leads to the upgrade.
    await gotoReady(page, `${baseUrl()}/report/disease?barcode=${barcode}`);
    await page.locator('[data-testid="report-status"][data-status="shouldUpgrade"]').waitFor();
    await screenshot(page, vp, 'buy-upgrade-locked');
    await page.getByRole('link', { name: '升级产品' }).click();
    await page.waitForURL('**/buy/upgrade');

    const card = page.locator(`[data-testid="service-kit"][data-barcode="${barcode}"]`);
    await card.getByText('祖源检测 升级全能版').waitFor();
    await card.getByText('¥399').waitFor();
    await screenshot(page, vp, 'buy-upgrade');
    await card.getByRole('button', { name: '立即购买' }).click();
    await page.waitForURL(/\/user\/orders\/[0-9a-f-]{36}$/);
    await page.getByText(`${barcode}（无需寄送）`).waitFor();
    await page.getByRole('button', { name: '立即支付' }).click();
    await page.getByTestId('dev-cashier').waitFor();
    await payInDevCashier(page);
    await page.getByTestId('order-state').getByText('已完成').waitFor();
    await screenshot(page, vp, 'buy-upgrade-paid');

    await gotoReady(page, `${baseUrl()}/report/disease?barcode=${barcode}`);
    await page.getByTestId('category-hero').waitFor();
    expect(await page.getByTestId('report-status').count()).toBe(0);
    await screenshot(page, vp, 'buy-upgrade-unlocked');

    // The reported kit cannot be expedited; the man's chip kit can have Y-full without a new sample.
    await gotoReady(page, `${baseUrl()}/buy/speed-package`);
    await page.locator(`[data-testid="service-kit"][data-barcode="${barcode}"]`).getByText('该采样盒的报告已出，无需加急').waitFor();
    await screenshot(page, vp, 'buy-speed');
    await gotoReady(page, `${baseUrl()}/buy/y-full-no-return`);
    expect(new URL(page.url()).pathname).toBe('/buy/y-full-no-return');
    await page.locator(`[data-testid="service-kit"][data-barcode="${barcode}"]`).getByText('¥2699').waitFor();
    await screenshot(page, vp, 'buy-yfull-no-return');
    await page.context().close();
  });
});
