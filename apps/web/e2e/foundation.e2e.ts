import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, gotoReady, launch, openPage, screenshot, VIEWPORTS } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe.each(VIEWPORTS)('foundation at $name ($width×$height)', (vp) => {
  it('home renders in Chinese with the products from the database', async () => {
    const api = (await (await fetch(`${baseUrl()}/web/api/new/commodity/list`)).json()) as { data: { list: { name: string }[] } };
    expect(api.data.list.length).toBeGreaterThan(0);
    const page = await openPage(browser, vp);
    const res = await gotoReady(page, `${baseUrl()}/`);
    expect(res?.status()).toBe(200);
    await expect(page.locator('h1').first().textContent()).resolves.toBe('读懂你的基因，遇见你的家族');
    const names = await page.locator('[data-testid="product-card"] h3').allTextContents();
    expect(names).toEqual(api.data.list.map((p) => p.name));
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
    await screenshot(page, vp, 'home');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('the Buy menu lists the products with prices', async () => {
    const page = await openPage(browser, vp);
    await gotoReady(page, `${baseUrl()}/`);
    if (vp.name === 'pc') {
      await page.getByTestId('buy-menu').hover();
    } else {
      await page.getByRole('button', { name: '打开菜单' }).click();
    }
    const panel = page.getByTestId('buy-panel').last();
    await panel.waitFor({ state: 'visible' });
    await expect(panel.textContent()).resolves.toContain('基因检测·全能版');
    await expect(panel.textContent()).resolves.toContain('¥999');
    await screenshot(page, vp, 'buy-menu');
    await page.context().close();
  });

  it('a legacy URL with a query lands on its new page with the query', async () => {
    const page = await openPage(browser, vp);
    const res = await gotoReady(page, `${baseUrl()}/new/items?from=e2e&n=1`);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/topics?from=e2e&n=1');
    expect(res?.status()).toBe(200);
    await expect(page.locator('h1').first().textContent()).resolves.toBe('检测专题');
    await page.context().close();
  });

  it('client navigation follows links and reaches the product page', async () => {
    const page = await openPage(browser, vp);
    await gotoReady(page, `${baseUrl()}/`);
    await page.getByRole('link', { name: '选购检测' }).click();
    await page.waitForURL('**/shop/gene/product-select');
    await page.getByText('选择适合你的检测').waitFor();
    expect(await page.getByTestId('product-card').count()).toBeGreaterThan(0);
    await page.getByText('Y 染色体', { exact: true }).click();
    await expect(page.locator('[data-testid="product-card"] h3').allTextContents()).resolves.toEqual(['Y 染色体全序列', '父系祖源精选']);
    await screenshot(page, vp, 'product-select');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('an unknown URL shows the 404 view with status 404', async () => {
    const page = await openPage(browser, vp);
    const res = await gotoReady(page, `${baseUrl()}/no/such/page`);
    expect(res?.status()).toBe(404);
    await page.getByText('抱歉，好像找不到基因了').waitFor();
    expect(await page.title()).toBe('This page could not be found');
    await page.getByRole('link', { name: '返回首页' }).click();
    await page.waitForURL(`${baseUrl()}/`);
    await screenshot(page, vp, 'home-after-404');
    await page.context().close();
  });

  it('an anonymous visit to /user lands on sign-in with from set', async () => {
    const page = await openPage(browser, vp);
    await gotoReady(page, `${baseUrl()}/user/persons?tab=1`);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/auth/signin');
    expect(url.searchParams.get('from')).toBe('/user/persons?tab=1');
    await page.context().close();
  });

  it('the header is hidden for the app user agent and shown in a browser', async () => {
    const app = await openPage(browser, vp, 'Mozilla/5.0 (Linux; Android 14) jiyinapp/3.2.0');
    await gotoReady(app, `${baseUrl()}/topics`);
    expect(await app.getByTestId('site-header').count()).toBe(0);
    await screenshot(app, vp, 'topics-in-app');
    await app.context().close();

    const web = await openPage(browser, vp);
    await gotoReady(web, `${baseUrl()}/topics`);
    expect(await web.getByTestId('site-header').count()).toBe(1);
    await web.context().close();
  });

  // No route is pending any more (routes.pending.ts is empty): only the header's community link is left to check.
  it('community links are plain anchors', async () => {
    const page = await openPage(browser, vp);
    await gotoReady(page, `${baseUrl()}/topics`);
    const community = page.locator('a[href="/community/"]').first();
    expect(await community.getAttribute('data-discover')).toBeNull();
    await page.context().close();
  });
});
