import { ACCOUNT_PATHS } from '@jiyin/contracts/accounts';
import { type ClanRelationsView, type DistributionView, ORIGIN_API_PATHS } from '@jiyin/contracts/originApi';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, gotoReady, launch, openPage, screenshot, VIEWPORTS } from './browser.ts';

/** The demo account (README "Demo accounts") and its person's kit; its relatives are seeded and matched at start-up. */
const DEMO = { phoneNumber: '19900000000', nationCode: '86', password: 'jiyin-demo-2026' };
const DEMO_BARCODE = 'JY0000000300';
/** The demo person's brother (seeded demo family, same password). */
const DEMO_BROTHER = { ...DEMO, phoneNumber: '19900000001' };
const DEMO_BROTHER_BARCODE = 'JY0000000301';

async function signinToken(body: typeof DEMO): Promise<string> {
  const res = await fetch(`${baseUrl()}${ACCOUNT_PATHS.signin}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const found = res.headers.get('set-cookie')?.match(/__token=([^;]+)/);
  if (!found) throw new Error(`sign-in failed for ${body.phoneNumber}: ${await res.text()}`);
  return found[1] as string;
}

let browser: Browser;
let token = '';
let distribution: DistributionView;

/** A GET of the bare API as the signed-in demo user. */
async function api<T>(apiPath: string): Promise<{ code: number; data: T; msg: string }> {
  const res = await fetch(`${baseUrl()}${apiPath}`, { headers: { cookie: `__token=${token}` } });
  return (await res.json()) as { code: number; data: T; msg: string };
}

/** Short map name of a province ('福建省' → '福建', '广西壮族自治区' → '广西'), as the map labels it. */
const shortName = (name: string) => name.replace(/(壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区|省|市)$/, '');

beforeAll(async () => {
  browser = await launch();
  token = await signinToken(DEMO);
  // The demo relatives' genomes are imported and matched by queued jobs after start-up: wait until
  // relatives are there and their number has not changed for 10 s.
  const deadline = Date.now() + 170_000;
  let last = '';
  let stableSince = Date.now();
  for (;;) {
    const a = await api<DistributionView>(`${ORIGIN_API_PATHS.distribution}?barcode=${DEMO_BARCODE}`);
    if (a.code !== 0) throw new Error(`distribution: ${a.code} ${a.msg}`);
    const now = JSON.stringify(a.data);
    if (now !== last) {
      last = now;
      stableSince = Date.now();
    }
    if (a.data.provinces.length > 0 && Date.now() - stableSince >= 10_000) {
      distribution = a.data;
      break;
    }
    if (Date.now() > deadline) throw new Error(`the demo person's relatives did not settle: ${now}`);
    await new Promise((r) => setTimeout(r, 2000));
  }
}, 220_000);

afterAll(async () => {
  await browser?.close();
});

describe.each(VIEWPORTS)('relatives map and gene origin at $name', (vp) => {
  const open = async () => {
    const page = await openPage(browser, vp);
    await page.context().addCookies([{ name: '__token', value: token, url: baseUrl() }]);
    return page;
  };

  it('the distribution map draws the provinces of the relatives; a province opens its city list', async () => {
    const page = await open();
    await gotoReady(page, `${baseUrl()}/report/ancestry/gene-relatives-distribution?barcode=${DEMO_BARCODE}`);
    const map = page.getByTestId('china-map');
    await map.locator('svg').first().waitFor();
    await page.locator('[data-testid="china-map"][data-state="ready"]').waitFor();
    const top = distribution.provinces[0];
    // The map labels every province that has relatives.
    await expect.poll(() => map.locator('svg text').allTextContents()).toContain(shortName(top.name));
    const rows = page.getByTestId('distribution-provinces').locator('.ant-list-item');
    expect(await rows.count()).toBe(distribution.provinces.length);
    await expect.poll(() => rows.first().textContent()).toContain(`${top.count} 位`);
    await screenshot(page, vp, 'origin-distribution');

    await rows.first().getByRole('link', { name: top.name }).click();
    await page.waitForURL((u) => u.pathname.endsWith('/city-list') && u.searchParams.get('province') === top.code);
    const list = page.getByTestId('relatives-city-list');
    await list.waitFor();
    await expect.poll(() => list.locator('h3').textContent()).toBe(`${top.name}的基因亲人`);
    const counts = await list.locator('[data-testid="city-row"]').allTextContents();
    const sum = counts.map((c) => Number(/(\d+) 位/.exec(c)?.[1] ?? 0)).reduce((a, b) => a + b, 0);
    expect(sum).toBe(top.count);
    await screenshot(page, vp, 'origin-city-list');
    expect(page.errors).toEqual([]);
  });

  it('gene origin opened from a notice: banner, top province, map, method', async () => {
    const page = await open();
    await gotoReady(page, `${baseUrl()}/report/gene-origin?from=notice&barcode=${DEMO_BARCODE}`);
    await page.getByTestId('gene-origin-notice').waitFor();
    const origin = await api<{ provinces: { name: string }[] }>(`${ORIGIN_API_PATHS.geneOrigin}?barcode=${DEMO_BARCODE}`);
    const body = page.getByTestId('gene-origin');
    if (origin.data.provinces.length) {
      await expect.poll(() => page.getByTestId('gene-origin-top').textContent()).toContain(origin.data.provinces[0].name);
      await page.locator('[data-testid="gene-origin-map"][data-state="ready"] svg').first().waitFor();
    } else {
      await body.getByText('暂时无法推算祖源地').waitFor();
    }
    await page.getByTestId('gene-origin-method').getByText('我们怎样推算祖源地').waitFor();
    await screenshot(page, vp, 'origin-gene-origin');

    await gotoReady(page, `${baseUrl()}/report/gene-origin/common-list?barcode=${DEMO_BARCODE}`);
    await page.getByTestId('gene-origin-common-list').waitFor();
    const names = await page.getByTestId('origin-relative-name').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    await screenshot(page, vp, 'origin-common-list');

    await gotoReady(page, `${baseUrl()}/report/gene-origin/my-origin?barcode=${DEMO_BARCODE}`);
    await page.getByTestId('gene-origin-mine').waitFor();
    await screenshot(page, vp, 'origin-my-origin');

    await gotoReady(page, `${baseUrl()}/report/ancestry/family?barcode=${DEMO_BARCODE}`);
    // The demo person is a woman: clan relations follow the Y chromosome.
    await page.getByTestId('origin-unavailable-female').waitFor();
    await screenshot(page, vp, 'origin-family');
    expect(page.errors).toEqual([]);
  });

  it('a man of the demo family sees his clan relatives, nearest common ancestor first', async () => {
    const brother = await signinToken(DEMO_BROTHER);
    const clan = await fetch(`${baseUrl()}${ORIGIN_API_PATHS.clanRelations}?barcode=${DEMO_BROTHER_BARCODE}`, {
      headers: { cookie: `__token=${brother}` },
    }).then((r) => r.json() as Promise<{ code: number; data: ClanRelationsView }>);
    expect(clan.code).toBe(0);
    const page = await openPage(browser, vp);
    await page.context().addCookies([{ name: '__token', value: brother, url: baseUrl() }]);
    await gotoReady(page, `${baseUrl()}/report/ancestry/family?barcode=${DEMO_BROTHER_BARCODE}`);
    await expect.poll(() => page.getByTestId('clan-summary').textContent()).toContain(`发现 ${clan.data.total} 位宗亲`);
    const shown = await page.getByTestId('clan-member-name').allTextContents();
    expect(shown.length).toBe(clan.data.list.length);
    for (const [i, m] of clan.data.list.entries()) expect(shown[i]).toContain(m.name);
    await screenshot(page, vp, 'origin-clan');
    expect(page.errors).toEqual([]);
  });
});
