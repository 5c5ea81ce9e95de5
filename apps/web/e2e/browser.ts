import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
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

/** A page at the viewport's size that records uncaught page errors, so tests can assert there are none. */
export async function openPage(
  browser: Browser,
  vp: Viewport,
  userAgent?: string,
): Promise<Page & { errors: string[]; consoleErrors: string[] }> {
  const context = await browser.newContext({
    viewport: { width: vp.width, height: vp.height },
    isMobile: vp.name === 'phone',
    hasTouch: vp.name === 'phone',
    userAgent,
    locale: 'zh-CN',
  });
  const page = (await context.newPage()) as Page & { errors: string[]; consoleErrors: string[] };
  page.errors = [];
  page.consoleErrors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') page.consoleErrors.push(m.text());
  });
  return page;
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
