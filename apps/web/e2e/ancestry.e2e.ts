import { ACCOUNT_PATHS } from '@jiyin/contracts/accounts';
import { ANCESTRY_API_PATHS, type HaplogroupName } from '@jiyin/contracts/ancestryApi';
import { SAMPLE_HEADER } from '@jiyin/contracts/api';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, gotoReady, launch, openPage, screenshot, VIEWPORTS, type RecordedPage } from './browser.ts';

/** The demo person's brother (README demo accounts, seeded family): a man, so he has a paternal line. */
const BROTHER = { phoneNumber: '19900000001', nationCode: '86', password: 'jiyin-demo-2026' };
const BROTHER_BARCODE = 'JY0000000301';
const POPULATIONS = ['北方汉族', '南方汉族', '维吾尔族/中亚', '蒙古族', '日本', '傣族/东南亚', '南亚', '欧洲', '非洲'];

async function signinToken(body: typeof BROTHER): Promise<string> {
  const res = await fetch(`${baseUrl()}${ACCOUNT_PATHS.signin}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const found = res.headers.get('set-cookie')?.match(/__token=([^;]+)/);
  if (!found) throw new Error(`sign-in failed: ${await res.text()}`);
  return found[1] as string;
}

async function haplogroups(headers: Record<string, string>, barcode?: string): Promise<{ code: number; data: HaplogroupName }> {
  const q = barcode ? `?barcode=${barcode}` : '';
  const res = await fetch(`${baseUrl()}${ANCESTRY_API_PATHS.haplogroupName}${q}`, { headers });
  return (await res.json()) as { code: number; data: HaplogroupName };
}

let browser: Browser;
let token = '';
let sample: HaplogroupName;
let brother: HaplogroupName;

beforeAll(async () => {
  browser = await launch();
  sample = (await haplogroups({ [SAMPLE_HEADER]: '1' })).data;
  token = await signinToken(BROTHER);
  // The demo family's genomes are imported by queued jobs after start-up: wait for the brother's.
  const deadline = Date.now() + 170_000;
  for (;;) {
    const a = await haplogroups({ cookie: `__token=${token}` }, BROTHER_BARCODE);
    if (a.code === 0 && a.data.yhaplogroup) {
      brother = a.data;
      break;
    }
    if (Date.now() > deadline) throw new Error(`the demo brother's report did not arrive: ${JSON.stringify(a)}`);
    await new Promise((r) => setTimeout(r, 2000));
  }
}, 220_000);

afterAll(async () => {
  await browser?.close();
});

/** Scrolls an element to the top of the window, just under the sticky report header. */
async function scrollUnderHeader(page: Page, testId: string) {
  await page.evaluate((id) => {
    const el = document.querySelector(`[data-testid="${id}"]`);
    const header = document.querySelector('[data-testid="report-header"]')?.getBoundingClientRect().height ?? 0;
    if (el) window.scrollTo(0, window.scrollY + el.getBoundingClientRect().top - header - 12);
  }, testId);
}

const noHydrationTrouble = (page: RecordedPage) => {
  expect(page.errors).toEqual([]);
  expect(page.consoleErrors.filter((e) => /hydrat|did not match/i.test(e))).toEqual([]);
};

describe.each(VIEWPORTS)('ancestry report and Y-tree at $name', (vp) => {
  it('sample mode, signed out: the composition chart with every group, its bands, the limits and the haplogroup cards', async () => {
    const page = await openPage(browser, vp);
    await gotoReady(page, `${baseUrl()}/report/ancestry`);
    await page.getByTestId('sample-banner').waitFor();
    const donut = page.locator('[data-testid="ancestry-donut"][data-state="ready"] svg');
    await donut.waitFor();
    await page.locator('[data-testid="ancestry-bands"][data-state="ready"] svg').waitFor();
    // The donut draws the groups with a share (labels in the SVG); the list beside it names all nine.
    const drawn = await page.getByTestId('ancestry-donut').locator('svg text').allTextContents();
    expect(drawn.join(' ')).toContain('北方汉族');
    const listed = await page.getByTestId('ancestry-share-list').locator('li').allTextContents();
    for (const name of POPULATIONS) expect(listed.some((t) => t.includes(name))).toBe(true);
    expect(listed.every((t) => /90% 区间 \d+\.\d%–\d+\.\d%/.test(t))).toBe(true);
    const bandLabels = (await page.getByTestId('ancestry-bands').locator('svg text').allTextContents()).join(' ');
    for (const name of POPULATIONS) expect(bandLabels).toContain(name);
    await expect(page.getByTestId('ancestry-unavailable').textContent()).resolves.toContain('藏族');
    await expect(page.getByTestId('haplogroup-card-paternal').textContent()).resolves.toContain(sample.yhaplogroup as string);
    await expect(page.getByTestId('haplogroup-card-maternal').textContent()).resolves.toContain(sample.mthaplogroup as string);
    await expect(page.locator('.ancestry-method').last().textContent()).resolves.toContain('东亚相近人群很难分开');
    await scrollUnderHeader(page, 'ancestry-composition');
    await screenshot(page, vp, 'ancestry-composition');
    await scrollUnderHeader(page, 'ancestry-bands');
    await screenshot(page, vp, 'ancestry-bands');
    // The map of the Chinese reference groups: drawn in the browser, northern provinces labelled.
    const map = page.locator('[data-testid="ancestry-map"][data-state="ready"] svg');
    await map.waitFor();
    const box = await map.boundingBox();
    expect(box && box.width > 300 && box.height > 250).toBe(true);
    const mapText = (await map.locator('text').allTextContents()).join(' ');
    for (const label of ['北京', '占比高']) expect(mapText).toContain(label);
    await expect(page.getByTestId('ancestry-map-caption').textContent()).resolves.toContain('不是您祖先生活的具体地点');
    await scrollUnderHeader(page, 'ancestry-map-caption');
    await screenshot(page, vp, 'ancestry-map');
    noHydrationTrouble(page);
    await page.context().close();
  });

  it('sample mode: paternal and maternal lines with cited ages and notes; nation table and its detail; Neolithic tree', async () => {
    const page = await openPage(browser, vp);
    await gotoReady(page, `${baseUrl()}/report/ancestry/paternal`);
    await expect(page.getByTestId('line-haplogroup').textContent()).resolves.toContain(sample.yhaplogroup as string);
    const steps = page.getByTestId('lineage-step');
    expect(await steps.count()).toBeGreaterThan(3);
    await expect(steps.last().textContent()).resolves.toContain(sample.yhaplogroup as string);
    await expect(page.getByTestId('line-path').textContent()).resolves.toMatch(/共同祖先生活在约 [\d,]+ 年前/);
    await expect(page.getByTestId('line-notes').textContent()).resolves.toMatch(/O|C|N|Q|D|R/);
    await screenshot(page, vp, 'ancestry-paternal');

    await gotoReady(page, `${baseUrl()}/report/ancestry/maternal`);
    await expect(page.getByTestId('line-haplogroup').textContent()).resolves.toContain(sample.mthaplogroup as string);
    await expect(page.getByTestId('lineage-step').last().textContent()).resolves.toContain(sample.mthaplogroup as string);
    await page.getByTestId('line-notes').waitFor();
    await screenshot(page, vp, 'ancestry-maternal');

    await gotoReady(page, `${baseUrl()}/report/ancestry/nation`);
    expect(await page.getByTestId('ancestry-shares-table').locator('tbody tr').count()).toBe(9);
    await page.locator('[data-testid="ancestry-bands"][data-state="ready"] svg').waitFor();

    await page.getByTestId('nation-detail-link').click();
    await page.waitForURL((u) => u.pathname === '/report/ancestry/nation/detail');
    await expect.poll(() => page.getByTestId('ancestry-shares-table').textContent()).toContain('千人基因组计划');
    const sections = await page.getByTestId('ancestry-method-section').locator('h2').allTextContents();
    expect(sections).toEqual(['我们估算的是什么', '怎么算的', '准确度（模拟验证）', '局限']);
    await scrollUnderHeader(page, 'ancestry-unavailable');
    await screenshot(page, vp, 'ancestry-nation-detail');

    await gotoReady(page, `${baseUrl()}/report/ancestry/neolithic`);
    await page.getByTestId('lineage-tree').locator('svg').waitFor();
    const path = await page.getByTestId('lineage-node-path').allTextContents();
    expect(path.at(-1)).toContain(sample.yhaplogroup as string);
    await expect(page.getByTestId('lineage-summary').textContent()).resolves.toContain('新石器时代');
    await scrollUnderHeader(page, 'lineage-summary');
    await screenshot(page, vp, 'ancestry-neolithic');
    noHydrationTrouble(page);
    await page.context().close();
  });

  it('Y-tree signed in: the reader’s branch is highlighted, a search moves to the branch, comments are posted and deleted', async () => {
    const page = await openPage(browser, vp);
    await page.context().addCookies([
      { name: '__token', value: token, url: baseUrl() },
      { name: 'barcode', value: BROTHER_BARCODE, url: baseUrl() },
    ]);
    await gotoReady(page, `${baseUrl()}/ancestry/ytree`);
    const mine = page.locator('.ytree-node.is-mine');
    await mine.waitFor();
    await expect(mine.getAttribute('data-haplogroup')).resolves.toBe(brother.yhaplogroup);
    await expect(page.getByTestId('ytree-mine-note').textContent()).resolves.toContain(brother.yhaplogroup as string);
    // Every branch on the way to his is drawn on the highlighted path.
    expect(await page.locator('.ytree-node.is-mine-path').count()).toBeGreaterThan(5);
    await expect(page.getByTestId('ytree-selected').locator('h2').textContent()).resolves.toContain(brother.yhaplogroup as string);
    await screenshot(page, vp, 'ytree-mine');

    const searchBox = page.locator('[data-testid="ytree-search"] input');
    await searchBox.fill('M217');
    await searchBox.press('Enter');
    const selected = page.locator('.ytree-node.is-selected');
    await expect.poll(() => selected.getAttribute('data-haplogroup')).toBe('C2');
    await expect(page.getByTestId('ytree-selected').locator('h2').textContent()).resolves.toContain('C2');
    // The searched branch is moved into view.
    const box = await selected.boundingBox();
    const canvas = await page.getByTestId('ytree-canvas').boundingBox();
    expect(box && canvas && box.x >= canvas.x && box.x <= canvas.x + canvas.width).toBe(true);
    expect(box && canvas && box.y >= canvas.y && box.y <= canvas.y + canvas.height).toBe(true);
    // His own path stays highlighted.
    await mine.waitFor({ state: 'attached' });

    const text = `e2e ${vp.name}：我们家是北方的 C2`;
    await page.getByTestId('ytree-comment-input').fill(text);
    await page.getByTestId('ytree-comment-submit').click();
    const posted = page.getByTestId('ytree-comment').filter({ hasText: text });
    await posted.waitFor();
    await page.getByTestId('ytree-comments').scrollIntoViewIfNeeded();
    await screenshot(page, vp, 'ytree-search-comment');
    await posted.getByRole('button', { name: '删除评论' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '删除' }).click();
    await posted.waitFor({ state: 'detached' });
    noHydrationTrouble(page);
    await page.context().close();
  });

  it('Y-tree signed out: a shared link opens its branch, with no highlight and a sign-in prompt for comments', async () => {
    const page = await openPage(browser, vp);
    await gotoReady(page, `${baseUrl()}/ancestry/ytree?haplogroup=O-F11`);
    const selected = page.locator('.ytree-node.is-selected');
    await expect.poll(() => selected.getAttribute('data-haplogroup')).toBe('O2a1b1a1a1a');
    expect(await page.locator('.ytree-node.is-mine').count()).toBe(0);
    await expect(page.getByTestId('ytree-comments').textContent()).resolves.toContain('登录');
    // Pan by dragging: the tree moves with the pointer.
    const before = await selected.boundingBox();
    const canvas = await page.getByTestId('ytree-canvas').boundingBox();
    if (!before || !canvas) throw new Error('tree not drawn');
    await page.mouse.move(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2);
    await page.mouse.down();
    await page.mouse.move(canvas.x + canvas.width / 2 - 120, canvas.y + canvas.height / 2 - 40, { steps: 5 });
    await page.mouse.up();
    const after = await selected.boundingBox();
    expect(Math.round((after?.x ?? 0) - before.x)).toBeLessThan(-60);
    await page.getByRole('button', { name: '放大' }).click();
    await screenshot(page, vp, 'ytree-shared-link');
    noHydrationTrouble(page);
    await page.context().close();
  });
});
