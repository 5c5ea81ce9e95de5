import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { LOCKED_ITEM_TOAST } from '@jiyin/contracts/reportApi';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, gotoReady, launch, openPage, screenshot, VIEWPORTS, type Viewport, type RecordedPage } from './browser.ts';
import { clickUntilRequest, lastCode, simulateRawFiles } from './helpers.ts';

const IMPORT_TIMEOUT_MS = 240_000;

type Envelope<T> = { code: number; data: T; msg: string };

/** A signed-in API session outside the browser: the bare API paths with the session cookie. */
class ApiSession {
  cookie = '';
  async call<T>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Envelope<T>> {
    const raw = body instanceof Buffer;
    const res = await fetch(`${baseUrl()}${url}`, {
      method,
      headers: {
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': raw ? 'application/octet-stream' : 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : raw ? new Uint8Array(body) : JSON.stringify(body),
    });
    const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
    if (cookies.length) this.cookie = [this.cookie, ...cookies].filter(Boolean).join('; ');
    const answer = (await res.json()) as Envelope<T>;
    return answer;
  }
  async ok<T>(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
    const res = await this.call<T>(method, url, body, headers);
    if (res.code !== 0) throw new Error(`${method} ${url}: ${res.code} ${res.msg}`);
    return res.data;
  }
}

/** Signs up through the API (SMS code from the development outbox) with a name and avatar. */
async function signUp(phone: string, name: string): Promise<ApiSession> {
  const s = new ApiSession();
  await s.ok('POST', '/v1/gateway/sms_verify/web', { phone, nationCode: '86', verifyType: 'signup', neCaptcha: 'e2e' });
  const authCode = await lastCode(phone);
  await s.ok('POST', '/web/api/new/user/signup', {
    phoneNumber: phone,
    nationCode: '86',
    authCode,
    password: 'Gene-report-2026',
    name,
    avatar: { type: 'color', startColor: '#5b8cff', endColor: '#36cfc9' },
    isWechat: false,
  });
  return s;
}

/** Uploads a raw file for a person in 4 MB chunks, imports it and waits until its reports are computed. */
async function importFile(s: ApiSession, personId: string, file: string): Promise<string> {
  const bytes = await readFile(file);
  const upload = await s.ok<{ id: string }>('POST', '/v1/gene-data/uploads', {
    personId,
    fileName: path.basename(file),
    size: bytes.length,
  });
  const chunk = 4 * 1024 * 1024;
  for (let at = 0; at < bytes.length; at += chunk) {
    await s.ok('PUT', `/v1/gene-data/uploads/${upload.id}`, bytes.subarray(at, at + chunk), { 'upload-offset': String(at) });
  }
  let job = await s.ok<{ id: string; stage: string; barcode: string | null; errorMessage: string | null }>(
    'POST',
    '/v1/gene-data/imports',
    {
      uploadId: upload.id,
    },
  );
  const deadline = Date.now() + IMPORT_TIMEOUT_MS - 20_000;
  // Reports exist from the matching stage on; relative matching may still run in the background.
  while (!['matching', 'done', 'failed'].includes(job.stage)) {
    if (Date.now() > deadline) throw new Error(`import still ${job.stage}`);
    await new Promise((r) => setTimeout(r, 1000));
    job = await s.ok('GET', `/v1/gene-data/imports/${job.id}`);
  }
  if (job.stage === 'failed' || !job.barcode) throw new Error(`import failed: ${job.errorMessage}`);
  return job.barcode;
}

/** The session cookie for a browser context on the test server. */
async function signInContext(context: BrowserContext, s: ApiSession) {
  const { hostname } = new URL(baseUrl());
  await context.addCookies(
    s.cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: hostname, path: '/' };
    }),
  );
}

const visible = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]:visible`);

let browser: Browser;
let dir: string;
let owner: ApiSession;
const kids = { father: '', child: '' };

beforeAll(async () => {
  browser = await launch();
  dir = await simulateRawFiles('parent-child', 23, 'jy-report-e2e-');
  kids.father = path.join(dir, 'father.txt');
  kids.child = path.join(dir, 'child.txt');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.each(VIEWPORTS)('sample reports for a visitor at $name ($width×$height)', (vp: Viewport) => {
  it('shows the sample dashboard with its banner, sidebar and cards', async () => {
    const page = await openPage(browser, vp);
    await gotoReady(page, `${baseUrl()}/report`);
    await page.getByTestId('sample-banner').locator('.sample-banner__title', { hasText: '样例报告' }).waitFor();
    await page.getByTestId('dashboard-hero').getByRole('heading', { name: '样例报告' }).waitFor();
    expect(await page.getByTestId('overview-card').count()).toBe(7);
    // §2.6: gene relatives are hidden in sample mode.
    expect(await page.getByRole('link', { name: '基因亲人' }).count()).toBe(0);
    if (vp.name === 'pc') {
      await visible(page, 'report-sidebar').getByText('疾病风险').waitFor();
      await page.getByTestId('health-menu').hover();
      await page.locator('.ant-dropdown:visible').getByText('遗传病携带').waitFor();
      expect(await page.locator('.ant-dropdown:visible').getByText('祖源分析').count()).toBe(0);
      await screenshot(page, vp, 'report-sample-health-menu');
      await page.mouse.move(600, 600);
    } else {
      // §2.6 phone: the hint shows until the drawer opens (remembered) or the page scrolls.
      await page.getByTestId('report-hint').waitFor();
      await screenshot(page, vp, 'report-sample-dashboard');
      await page.getByTestId('report-hint').click();
      await page.locator('.report-drawer').getByText('肿瘤风险').waitFor();
      await screenshot(page, vp, 'report-sample-drawer');
      await page.locator('.report-drawer .ant-drawer-close').click();
      await page.reload({ waitUntil: 'networkidle' });
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
      await page.waitForTimeout(300);
      expect(await page.getByTestId('report-hint').count()).toBe(0);
    }
    expect(await page.getByTestId('report-header').getAttribute('class')).not.toContain('opaque');
    await page.mouse.wheel(0, 600);
    await page.waitForFunction(() => document.querySelector('[data-testid="report-header"]')?.className.includes('opaque'));
    if (vp.name === 'pc') {
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, vp, 'report-sample-dashboard');
      await visible(page, 'consult-card').getByRole('button', { name: '添加顾问' }).click();
      const dialog = page.getByTestId('consult-dialog');
      await dialog.getByText('工作日 09:00-18:00').waitFor();
      expect(await dialog.locator('canvas').count()).toBe(1);
      await screenshot(page, vp, 'report-consult-dialog');
    }
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('opens a disease item with its result, genotypes and references, and no rating', async () => {
    const page = await openPage(browser, vp);
    await gotoReady(page, `${baseUrl()}/report/disease`);
    await page.getByTestId('category-hero').getByRole('heading', { name: '疾病风险' }).waitFor();
    const item = page.locator('a.report-item').first();
    const title = (await item.locator('.report-item__title').textContent()) ?? '';
    await item.click();
    await page.waitForURL('**/report/disease/detail/**');
    await page.getByTestId('detail-hero').getByRole('heading', { name: title }).waitFor();
    expect((await page.getByTestId('detail-result').textContent())?.length).toBeGreaterThan(0);
    const table = page.getByTestId('genotype-table');
    await table.getByText('东亚人群频率').first().waitFor();
    expect(await table.locator('tbody tr.ant-table-row').count()).toBeGreaterThan(0);
    expect(await page.locator('.references a[href^="https://"]').count()).toBeGreaterThan(0);
    await page.getByTestId('detail-advice').waitFor();
    // §7.4 feel is for signed-in readers of their own reports only.
    expect(await page.getByTestId('feel-rating').count()).toBe(0);
    await screenshot(page, vp, 'report-sample-disease-item');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('lists a drug category and a carrier item', async () => {
    const page = await openPage(browser, vp);
    await gotoReady(page, `${baseUrl()}/report/drug`);
    if (vp.name === 'phone') {
      // The hint also goes once the page scrolls, and stays away back at the top.
      await page.getByTestId('report-hint').waitFor();
      await page.mouse.wheel(0, 400);
      await page.getByTestId('report-hint').waitFor({ state: 'detached' });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(300);
      expect(await page.getByTestId('report-hint').count()).toBe(0);
    }
    const link = page.getByTestId('drug-class-link').first();
    await link.click();
    await page.waitForURL('**/report/drug/class/**');
    await page.getByTestId('category-hero').waitFor();
    expect(await page.getByTestId('report-item').count()).toBeGreaterThan(0);
    await screenshot(page, vp, 'report-sample-drug-class');

    await gotoReady(page, `${baseUrl()}/report/carrier-status`);
    await page.locator('a.report-item').first().click();
    await page.waitForURL('**/report/carrier-status/detail/**');
    await page.getByTestId('genotype-table').waitFor();
    await screenshot(page, vp, 'report-sample-carrier-item');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('keeps a locked item closed with the unlock-in-app toast, and explains statuses', async () => {
    const page = await openPage(browser, vp);
    await gotoReady(page, `${baseUrl()}/report/disease`);
    await page.locator('.report-item--locked').first().click();
    await page.getByText(LOCKED_ITEM_TOAST).waitFor();
    expect(new URL(page.url()).pathname).toBe('/report/disease');
    await screenshot(page, vp, 'report-sample-locked-toast');

    await gotoReady(page, `${baseUrl()}/report/disease/detail/disease-no-such-item`);
    await page.locator('[data-status="itemNotSupported"]').getByText('该检测项目暂不支持').waitFor();
    await gotoReady(page, `${baseUrl()}/report/traits/lock-detail`);
    await page.getByTestId('lock-detail').getByRole('link', { name: '购买检测' }).waitFor();
    await gotoReady(page, `${baseUrl()}/report/fitness/lock-plan/slim`);
    await page.getByTestId('lock-detail').getByText('减脂方案尚未解锁').waitFor();
    await screenshot(page, vp, 'report-lock-plan-slim');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});

describe('reports of a signed-in user', () => {
  const persons = { father: { id: '', barcode: '' }, child: { id: '', barcode: '' }, waiting: { id: '', barcode: 'JY0000000118' } };

  beforeAll(async () => {
    owner = await signUp('13800000601', '周报告');
    persons.father.id = (await owner.ok<{ id: string }>('POST', '/v1/persons', { name: '周父', gender: 'male' })).id;
    persons.child.id = (await owner.ok<{ id: string }>('POST', '/v1/persons', { name: '周子', gender: 'male' })).id;
    persons.waiting.id = (await owner.ok<{ id: string }>('POST', '/v1/persons', { name: '周母', gender: 'female' })).id;
    // A bound kit whose lab report has not come back: the 'none' state.
    await owner.ok('POST', `/v1/persons/${persons.waiting.id}/kits`, { barcode: persons.waiting.barcode });
    persons.father.barcode = await importFile(owner, persons.father.id, kids.father);
    persons.child.barcode = await importFile(owner, persons.child.id, kids.child);
  }, IMPORT_TIMEOUT_MS * 2);

  describe.each(VIEWPORTS)('at $name ($width×$height)', (vp: Viewport) => {
    let page: RecordedPage;
    beforeAll(async () => {
      page = await openPage(browser, vp);
      await signInContext(page.context(), owner);
    });
    afterAll(() => page?.context().close());

    /** Opens the person switcher where this size shows it and picks a person. */
    async function switchTo(name: string) {
      const card = page.locator('[data-testid="report-person-card"]:visible h2', { hasText: name }).first();
      // A pick that lands while the menu is still animating open is tried again.
      for (let attempt = 1; ; attempt++) {
        if (vp.name === 'pc') {
          await page.getByTestId('person-switcher').click();
        } else {
          await page.getByTestId('report-drawer-button').click();
          await page.locator('.report-drawer [data-testid="person-card-switch"]').click();
        }
        const item = page.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: name });
        await item.waitFor();
        await page.waitForTimeout(300);
        await item.click();
        const switched = await card.waitFor({ timeout: 10_000 }).then(
          () => true,
          () => false,
        );
        if (vp.name !== 'pc') {
          await page.locator('.report-drawer .ant-drawer-close').click();
          await page.locator('.report-drawer').waitFor({ state: 'hidden' });
        }
        if (switched) return;
        console.warn(`switching to ${name}: attempt ${attempt} did not take`);
        if (attempt === 3) throw new Error(`could not switch to ${name}`);
      }
    }

    it('shows the own dashboard without the sample banner, and switches person', async () => {
      await page.context().addCookies([{ name: 'barcode', value: persons.father.barcode, domain: new URL(baseUrl()).hostname, path: '/' }]);
      await gotoReady(page, `${baseUrl()}/report`);
      await page.getByTestId('dashboard-hero').getByRole('heading', { name: '周父的基因报告' }).waitFor();
      expect(await page.getByTestId('sample-banner').count()).toBe(0);
      if (vp.name === 'pc') expect(await page.getByRole('link', { name: '基因亲人' }).count()).toBe(1);
      await screenshot(page, vp, 'report-own-dashboard');

      await switchTo('周子');
      await page.getByTestId('dashboard-hero').getByRole('heading', { name: '周子的基因报告' }).waitFor();
      const cookie = (await page.context().cookies()).find((c) => c.name === 'barcode');
      expect(cookie?.value).toBe(persons.child.barcode);
      // §9: the barcode cookie lasts 7 days.
      expect(Math.round((cookie?.expires ?? 0) - Date.now() / 1000)).toBeGreaterThan(6.9 * 86400);

      await switchTo('周母');
      await page.locator('[data-status="none"]').getByText('报告生成中').waitFor();
      await page.locator('[data-status="none"]').getByRole('link', { name: '去导入' }).waitFor();
      await screenshot(page, vp, 'report-own-none');
      await switchTo('周父');
      await page.getByTestId('dashboard-hero').getByRole('heading', { name: '周父的基因报告' }).waitFor();

      // A barcode in the query (app, notice and import links) wins, and stays chosen afterwards.
      await gotoReady(page, `${baseUrl()}/report?barcode=${persons.child.barcode}`);
      await page.getByTestId('dashboard-hero').getByRole('heading', { name: '周子的基因报告' }).waitFor();
      await gotoReady(page, `${baseUrl()}/report`);
      await page.getByTestId('dashboard-hero').getByRole('heading', { name: '周子的基因报告' }).waitFor();
      // Someone else's barcode reads as not found.
      await gotoReady(page, `${baseUrl()}/report?barcode=JY0000000119`);
      await page.locator('[data-status="notFound"]').getByText('报告不存在').waitFor();
      await gotoReady(page, `${baseUrl()}/report`);
      await switchTo('周父');
      expect(page.errors).toEqual([]);
    });

    it('rates an item and keeps the rating', async () => {
      await gotoReady(page, `${baseUrl()}/report/nutrition`);
      await page.locator('a.report-item').first().click();
      await page.waitForURL('**/report/nutrition/detail/**');
      const rating = page.getByTestId('feel-rating');
      // The second size rates the same item again: an update of the first rating.
      const [star, word] = vp.name === 'pc' ? [3, '有帮助'] : [4, '很有帮助'];
      await rating.locator('.ant-rate-star').nth(star).click();
      await page.getByText('感谢你的评价').waitFor();
      await page.reload({ waitUntil: 'networkidle' });
      await rating.getByText(`你的评价：${word}`).waitFor();
      await screenshot(page, vp, 'report-own-item-feel');
      expect(page.errors).toEqual([]);
    });

    it('creates a share link that opens this report only, and revokes it', async () => {
      await gotoReady(page, `${baseUrl()}/report`);
      await page.getByTestId('share-button').click();
      const dialog = page.getByTestId('share-dialog');
      await dialog.getByText('1 天').click();
      await page.getByTestId('share-create').click();
      const url = (await page.getByTestId('share-url').textContent()) ?? '';
      expect(url).toMatch(/\/report\?shareToken=[\w-]{43}$/);
      await dialog.getByTestId('share-links').locator('li').first().getByText('有效', { exact: true }).waitFor();
      await screenshot(page, vp, 'report-share-dialog');
      await page.keyboard.press('Escape');

      // A fresh browser: no account, the link alone.
      const viewer = await openPage(browser, vp);
      await gotoReady(viewer, url);
      await viewer.getByTestId('dashboard-hero').getByRole('heading', { name: '周父的基因报告' }).waitFor();
      expect(await viewer.getByTestId('sample-banner').count()).toBe(0);
      expect(await viewer.getByTestId('person-switcher').count()).toBe(0);
      expect(await viewer.getByRole('link', { name: '登录/注册' }).count()).toBe(0);
      expect(await viewer.getByRole('button', { name: '通知' }).count()).toBe(0);
      await screenshot(viewer, vp, 'report-share-viewer');
      // Links inside keep the token: a category and an item of the shared report.
      await gotoReady(viewer, url.replace('/report?', '/report/disease?'));
      await viewer.locator('a.report-item').first().click();
      await viewer.waitForURL('**/report/disease/detail/**shareToken=**');
      await viewer.getByTestId('genotype-table').waitFor();
      expect(await viewer.getByTestId('feel-rating').count()).toBe(0);
      // §4: tumour risks are not for share viewers.
      await gotoReady(viewer, url.replace('/report?', '/report/tumor?'));
      await viewer.locator('[data-status="tumorShareLimit"]').waitFor();
      // The link grants no account: /user still asks to sign in.
      await gotoReady(viewer, `${baseUrl()}/user`);
      expect(new URL(viewer.url()).pathname).toBe('/auth/signin');
      // The tab remembers the share (session storage) when the viewer comes back to the report.
      await gotoReady(viewer, `${baseUrl()}/report`);
      await viewer.waitForURL('**/report?shareToken=**');
      await viewer.getByTestId('dashboard-hero').getByRole('heading', { name: '周父的基因报告' }).waitFor();
      expect(viewer.errors).toEqual([]);

      const deletes: string[] = [];
      page.on('request', (r) => r.method() === 'DELETE' && deletes.push(`DELETE ${new URL(r.url()).pathname}`));
      page.on('response', (r) => r.request().method() === 'DELETE' && deletes.push(`→ ${r.status()}`));
      await page.getByTestId('share-button').click();
      await dialog.getByTestId('share-revoke').first().click();
      await clickUntilRequest(
        page,
        page.locator('.ant-popconfirm:visible').getByRole('button', { name: '撤销' }),
        (r) => r.method() === 'DELETE',
      );
      // Polled over the toasts, the confirmation, the list and the requests, so a failure shows what happened.
      const state = async () =>
        [
          `toasts: ${(await page.locator('.ant-message-notice').allInnerTexts()).join(' | ')}`,
          `confirmations open: ${await page.locator('.ant-popconfirm:visible').count()}`,
          `links: ${(await dialog.getByTestId('share-links').locator('li').allInnerTexts()).join(' / ')}`,
          `requests: ${deletes.join(' ')}`,
        ].join('; ');
      await expect.poll(state, { timeout: 30_000 }).toContain('已撤销，该链接无法再打开报告');
      await dialog.getByTestId('share-links').locator('li').first().getByText('已撤销', { exact: true }).waitFor();

      await gotoReady(viewer, url);
      await viewer.locator('[data-status="error"]').getByText('分享链接无效或已被撤销').waitFor();
      await screenshot(viewer, vp, 'report-share-revoked');
      await viewer.context().close();
      expect(page.errors).toEqual([]);
    });
  });
});
