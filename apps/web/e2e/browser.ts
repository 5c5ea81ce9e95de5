import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { inject } from 'vitest';

export { launch } from './chromium.ts';

export const VIEWPORTS = [
  { name: 'pc', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const;
export type Viewport = (typeof VIEWPORTS)[number];

export const SHOTS_DIR = path.resolve(import.meta.dirname, '../../../test-results/screens');

export function baseUrl(): string {
  return inject('baseUrl');
}

/** What a page recorded for its test: uncaught errors, console errors and its last API writes. */
export type RecordedPage = Page & { errors: string[]; consoleErrors: string[]; writes: string[]; waiting: Map<Request, number> };

/** What a page records as shown (messages, alerts, form errors) for that report. */
const SHOWN = '[role="alert"], .ant-message-notice, .ant-form-item-explain-error, .form-error';
/** Pages not yet closed, for the report on a failed test (setup/diagnose.ts). */
const openPages = new Set<RecordedPage>();

/**
 * A page at the viewport's size that records uncaught page errors, so tests can assert there are none, and,
 * for the report on a failure, its last API writes and the messages it showed.
 */
export async function openPage(browser: Browser, vp: Viewport, userAgent?: string): Promise<RecordedPage> {
  const context = await browser.newContext({
    viewport: { width: vp.width, height: vp.height },
    isMobile: vp.name === 'phone',
    hasTouch: vp.name === 'phone',
    userAgent,
    locale: 'zh-CN',
  });
  const page = (await context.newPage()) as RecordedPage;
  page.errors = [];
  page.consoleErrors = [];
  page.writes = [];
  page.waiting = new Map();
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') page.consoleErrors.push(m.text());
  });
  // The last API writes with their answer and time: a failed wait then tells a click that sent nothing
  // from a refusal or a slow server.
  const write = (r: Request) => r.method() !== 'GET' && (r.resourceType() === 'fetch' || r.resourceType() === 'xhr');
  const note = (line: string) => {
    page.writes.push(line);
    if (page.writes.length > 8) page.writes.shift();
  };
  // Writes sent and not answered yet, with when they were sent: a wait that fails while one is open
  // blames the server, not the click.
  page.on('request', (r) => {
    if (write(r)) page.waiting.set(r, Date.now());
  });
  page.on('requestfinished', (r) => {
    if (!write(r)) return;
    page.waiting.delete(r);
    void r
      .response()
      .then((res) => note(`${r.method()} ${new URL(r.url()).pathname} → ${res?.status()} in ${Math.round(r.timing().responseEnd)} ms`));
  });
  page.on('requestfailed', (r) => {
    page.waiting.delete(r);
    if (write(r)) note(`${r.method()} ${new URL(r.url()).pathname} failed: ${r.failure()?.errorText}`);
  });
  // Messages and alerts as they appear: a toast is gone three seconds later, long before a failed wait ends.
  await context.addInitScript((selector: string) => {
    const shown: string[] = [];
    (window as unknown as { __shown: string[] }).__shown = shown;
    const keep = (el: Element) =>
      setTimeout(() => {
        const text = el.textContent?.trim();
        if (text && shown[shown.length - 1] !== text) shown.push(text);
        if (shown.length > 10) shown.shift();
      }, 50);
    new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.addedNodes) {
          if (!(node instanceof Element)) continue;
          if (node.matches(selector)) keep(node);
          for (const el of node.querySelectorAll(selector)) keep(el);
        }
    }).observe(document, { childList: true, subtree: true });
  }, SHOWN);
  openPages.add(page);
  page.on('close', () => openPages.delete(page));
  return page;
}

/** Each open page's address, the messages and alerts it showed, its last writes and errors. */
export async function describeOpenPages(): Promise<string> {
  const parts: string[] = [];
  for (const page of openPages) {
    const shown = await Promise.race([
      page.evaluate(() => (window as unknown as { __shown?: string[] }).__shown ?? []).catch(() => ['(page did not answer)']),
      new Promise<string[]>((r) => setTimeout(() => r(['(page did not answer in 3 s)']), 3_000)),
    ]);
    parts.push(
      [
        `page ${page.url()}`,
        `  messages and alerts shown: ${JSON.stringify(shown)}`,
        `  last writes: ${JSON.stringify(page.writes)}`,
        `  writes not answered yet: ${JSON.stringify([...page.waiting].map(([r, sent]) => `${r.method()} ${new URL(r.url()).pathname} sent ${Math.round((Date.now() - sent) / 1000)} s ago`))}`,
        `  page errors: ${JSON.stringify(page.errors)}; console errors: ${JSON.stringify(page.consoleErrors)}`,
      ].join('\n'),
    );
  }
  return parts.join('\n') || 'no page open';
}

/** Opens a URL and waits until React has hydrated it, so clicks reach their handlers. */
export async function gotoReady(page: Page, url: string) {
  const res = await page.goto(url, { waitUntil: 'networkidle' });
  try {
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  } catch (e) {
    const seen = page as Partial<{ errors: string[]; consoleErrors: string[] }>;
    throw new Error(
      `${url} never hydrated; page errors: ${JSON.stringify(seen.errors)}; console errors: ${JSON.stringify(seen.consoleErrors)}`,
      { cause: e },
    );
  }
  return res;
}

export async function screenshot(page: Page, vp: Viewport, name: string) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  // Let antd's open animations (dropdowns, drawers) finish so the picture shows what a person sees.
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(SHOTS_DIR, `${vp.name}-${name}.png`) });
}
