import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/**
 * Debian's Chromium for the browser tests and benchmarks: its old headless shell (package chromium-headless-shell) when
 * installed, which drew the same pages with well under half the full browser's CPU here (foundation and report-cards
 * e2e: 21 s against 51 s), else the full browser in headless mode. CHROMIUM_PATH chooses another.
 */
export function chromiumPath(): string {
  return (
    process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => existsSync(p)) ?? '/usr/bin/chromium'
  );
}

/** Headless Chromium as the browser tests and the browser benchmarks drive it (no vitest here: benches import it). */
export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
