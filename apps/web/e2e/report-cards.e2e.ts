import { ACCOUNT_PATHS } from '@jiyin/contracts/accounts';
import { SAMPLE_HEADER } from '@jiyin/contracts/api';
import { REPORT_API_PATHS, REPORT_CATEGORIES, type ReportOverview } from '@jiyin/contracts/reportApi';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, gotoReady, launch, openPage, screenshot, VIEWPORTS } from './browser.ts';

/** The demo account (README "Demo accounts") and its person's kit. */
const DEMO = { phoneNumber: '19900000000', nationCode: '86', password: 'jiyin-demo-2026' };
const DEMO_BARCODE = 'JY0000000300';

async function signinToken(body: typeof DEMO): Promise<string> {
  const res = await fetch(`${baseUrl()}${ACCOUNT_PATHS.signin}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const found = res.headers.get('set-cookie')?.match(/__token=([^;]+)/);
  if (!found) throw new Error(`sign-in failed: ${await res.text()}`);
  return found[1] as string;
}

let browser: Browser;
let token = '';
let demo: ReportOverview;

beforeAll(async () => {
  browser = await launch();
  // Warm the server's sample genome (built on first use) so the first page load is not the one timed.
  await fetch(`${baseUrl()}${REPORT_API_PATHS.overview}`, { headers: { [SAMPLE_HEADER]: '1' } });
  token = await signinToken(DEMO);
  // The demo family's genomes are imported by queued jobs after start-up: wait for the demo person's.
  const deadline = Date.now() + 170_000;
  for (;;) {
    const res = await fetch(`${baseUrl()}${REPORT_API_PATHS.overview}?barcode=${DEMO_BARCODE}`, {
      headers: { cookie: `__token=${token}` },
    });
    const a = (await res.json()) as { code: number; data: ReportOverview };
    if (a.code === 0 && a.data.computedAt) {
      demo = a.data;
      break;
    }
    if (Date.now() > deadline) throw new Error(`the demo person's report did not arrive: ${JSON.stringify(a)}`);
    await new Promise((r) => setTimeout(r, 2000));
  }
}, 220_000);

afterAll(async () => {
  await browser?.close();
});

/**
 * Titles of the given test id that are cut: wider than their own box (an ellipsis or a clip), or
 * spilling out of the card or row that holds them.
 */
async function cutTitles(page: Page, testId: string, holder: string): Promise<string[]> {
  return page.evaluate(
    ([id, holderSelector]) => {
      const cut: string[] = [];
      for (const el of document.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)) {
        if (!el.offsetParent) continue; // not shown at this size
        const box = el.getBoundingClientRect();
        const card = el.closest(holderSelector)?.getBoundingClientRect();
        const style = getComputedStyle(el);
        const clipped = el.scrollWidth > el.clientWidth + 1 || style.textOverflow === 'ellipsis';
        const spills = !card || box.left < card.left - 1 || box.right > card.right + 1 || box.bottom > card.bottom + 1;
        if (clipped || spills) cut.push(el.textContent ?? '');
      }
      return cut;
    },
    [testId, holder] as const,
  );
}

describe.each(VIEWPORTS)('report titles and the demo dashboard at $name ($width×$height)', (vp) => {
  it('fits every title in its card, whole, on the dashboard and on every category page (sample report)', async () => {
    const page = await openPage(browser, vp);
    // The demo family's other imports may still keep the server busy right after start-up.
    page.setDefaultNavigationTimeout(90_000);
    await gotoReady(page, `${baseUrl()}/report`);
    await page.getByTestId('overview-summary').first().waitFor();
    expect(await page.getByTestId('overview-title').count()).toBeGreaterThan(0);
    expect(await cutTitles(page, 'overview-title', '.overview-card')).toEqual([]);
    for (const cat of REPORT_CATEGORIES) {
      await gotoReady(page, `${baseUrl()}/report/${cat.page}`);
      await page.getByTestId('category-hero').waitFor();
      expect(await page.getByTestId('report-item-title').count(), cat.page).toBeGreaterThan(0);
      expect(await cutTitles(page, 'report-item-title', '.report-item'), cat.page).toEqual([]);
      // One verdict per row: the detail line never repeats the badge.
      const rows = await page
        .locator('a.report-item')
        .evaluateAll((els) =>
          els.map((el) => [el.querySelector('.report-item__result')?.textContent ?? '', el.querySelector('.ant-tag')?.textContent ?? '']),
        );
      for (const [detail, badge] of rows) if (badge) expect(detail, cat.page).not.toContain(badge);
    }
    await gotoReady(page, `${baseUrl()}/report/carrier-status`);
    await screenshot(page, vp, 'report-sample-carrier-list');
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 240_000);

  it("shows the demo person's dashboard: summaries first, a typical mix, red only where there is something to do", async () => {
    const page = await openPage(browser, vp);
    await page.context().addCookies([{ name: '__token', value: token, url: baseUrl() }]);
    await gotoReady(page, `${baseUrl()}/report?barcode=${DEMO_BARCODE}`);
    await page.getByTestId('overview-summary').first().waitFor();
    const summaries = await page.getByTestId('overview-summary').allTextContents();
    await screenshot(page, vp, 'report-demo-dashboard');
    await page.mouse.wheel(0, 700);
    await screenshot(page, vp, 'report-demo-dashboard-cards');
    expect(summaries).toEqual(demo.categories.map((c) => c.summary ?? ''));
    expect(await cutTitles(page, 'overview-title', '.overview-card')).toEqual([]);
    // A typical person: few previewed results are red (red is for a chip call to confirm or a drug
    // whose dose a guideline changes).
    const rows = await page
      .getByTestId('overview-row')
      .evaluateAll((els) => els.map((e) => [e.textContent ?? '', e.querySelector('.ant-tag')?.className ?? '']));
    process.stdout.write(
      `demo dashboard (${vp.name}): ${summaries.join(' | ')}\n  rows: ${rows.map(([t, c]) => `${t}${c.includes('red') ? ' [red]' : ''}`).join('; ')}\n`,
    );
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter(([, c]) => c.includes('ant-tag-red')).length).toBeLessThanOrEqual(4);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
