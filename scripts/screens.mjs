// Screenshots of the newcomer's pages at PC and phone size, signed out and in (issue 19):
// `node scripts/screens.mjs <baseUrl> <outDir>` against a running server with the demo seed.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { launch } from '../apps/web/e2e/chromium.ts';

const [base = 'http://127.0.0.1:3000', out = 'test-results/screens-newcomer'] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
const PAGES = [
  ['home', '/', false],
  ['topics', '/topics', false],
  ['topics-ancestry', '/topics/ancestry', false],
  ['shop', '/shop/gene/product-select', false],
  ['signin', '/auth/signin', false],
  ['dashboard', '/report', true],
  ['persons', '/user/persons', true],
  ['ytree', '/ancestry/ytree', true],
  ['ancestry', '/report/ancestry', true],
];
const browser = await launch();
try {
  for (const vp of [
    { name: 'pc', width: 1366, height: 768 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    const context = await browser.newContext({
      viewport: vp,
      isMobile: vp.name === 'phone',
      hasTouch: vp.name === 'phone',
      locale: 'zh-CN',
    });
    const page = await context.newPage();
    let signedIn = false;
    for (const [name, url, auth] of PAGES) {
      if (auth && !signedIn) {
        const res = await page.request.post(`${base}/web/api/new/user/signin`, {
          data: { phoneNumber: '19900000000', nationCode: '86', password: 'jiyin-demo-2026', loginType: 'password' },
        });
        console.log('signin', (await res.json()).code);
        signedIn = true;
      }
      await page.goto(`${base}${url}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(600);
      await page.screenshot({ path: path.join(out, `${vp.name}-${name}.png`), fullPage: true });
    }
    await context.close();
  }
} finally {
  await browser.close();
}
