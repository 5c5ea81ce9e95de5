// `npm run bench:tree` (after `npm run build`): the first open of a 5,000-person tree right after a fresh server start, in a
// cold Chromium (issue 13: < 2 s), then a second open; prints the page timeline (HTML, scripts, hydration, the tree call,
// the canvas's own "drawn" mark) and the load average. TFM_DIR/TFM_TREE/TFM_TOKEN reuse a data dir from an earlier run.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ACCOUNT_PATHS } from '@jiyin/contracts/accounts';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import { TREE_API_PATHS } from '@jiyin/contracts/treesApi';
import { launch } from '../e2e/chromium.ts';
import { generatedGedcom } from '../../server/test/gedcomGen.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const port = 40000 + Math.floor(Math.random() * 20000);
const base = `http://127.0.0.1:${port}`;
const dataDir = process.env.TFM_DIR || (await mkdtemp(path.join(tmpdir(), 'tfm-')));
let child: ChildProcess;

async function start() {
  child = spawn(process.execPath, [path.join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      DEMO_CONTENT: '0',
      RATE_LIMIT_PER_MINUTE: '6000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const t = Date.now();
  for (;;) {
    // A server that exits (a port taken by someone else's process) must end the bench, not leave it polling.
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  console.log(`server healthy after ${Date.now() - t} ms`);
}
async function stop() {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

let token = '';
async function call<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(token ? { cookie: `__token=${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const set = res.headers.get('set-cookie');
  if (set?.startsWith('__token=')) token = set.slice(8).split(';')[0];
  const a = (await res.json()) as { code: number; data: T; msg: string };
  if (a.code !== 0) throw new Error(`${url}: ${a.msg}`);
  return a.data;
}

await start();
let treeId = process.env.TFM_TREE || '';
if (!treeId) {
  const phone = '13911112222';
  await call('POST', ACCOUNT_PATHS.sendSmsCode, { phone, nationCode: '86', verifyType: 'signup', neCaptcha: 'dev-token' });
  const { code } = await call<{ code: string }>('GET', `${ACCOUNT_PATHS.devSmsOutbox}?phoneNumber=${phone}&nationCode=86`);
  await call('POST', ACCOUNT_PATHS.signup, { phoneNumber: phone, nationCode: '86', authCode: code, password: 'Gene-e2e-2026', name: '测' });
  treeId = (await call<{ id: string }>('POST', TREE_API_PATHS.trees, { name: '五千人家谱' })).id;
  const job = await call<{ id: string }>('POST', fillPattern(TREE_API_PATHS.gedcomImport, { treeId }), {
    fileName: 'big.ged',
    content: generatedGedcom(5000),
  });
  for (;;) {
    const s = await call<{ state: string }>('GET', fillPattern(TREE_API_PATHS.gedcomImportState, { treeId, importId: job.id }));
    if (s.state === 'done') break;
    await new Promise((r) => setTimeout(r, 200));
  }
  console.log(`TFM_DIR=${dataDir} TFM_TREE=${treeId} TFM_TOKEN=${token}`);
} else token = process.env.TFM_TOKEN as string;
await stop();
await start();

const browser = await launch();
const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
await ctx.addCookies([{ name: '__token', value: token, url: base }]);
// Init scripts run before <html> exists, so the document itself is observed for the root's data-hydrated.
await ctx.addInitScript(() => {
  new MutationObserver((_, o) => {
    if (document.documentElement?.dataset.hydrated === 'true') {
      performance.mark('tfm-hydrated');
      o.disconnect();
    }
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
});
const page = await ctx.newPage();
const errs: string[] = [];
page.on('pageerror', (e) => errs.push(String(e)));
page.on('console', (m) => {
  if (m.type() === 'error' || m.type() === 'warning') errs.push(m.text());
});
for (const label of ['first (fresh server, cold cache)', 'again']) {
  const t = Date.now();
  await page.goto(`${base}/ancestry/family-tree?id=${treeId}`, { waitUntil: 'commit' });
  await page.waitForFunction(() => performance.getEntriesByName('family-tree-drawn').length > 0, null, { timeout: 30000, polling: 16 });
  const wall = Date.now() - t;
  const tl = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const res = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const tree = res.find((r) => r.name.includes('/family_tree_ds/trees/'));
    const js = res.filter((r) => r.initiatorType === 'script' || r.name.endsWith('.js'));
    const mark = (n: string) => Math.round(performance.getEntriesByName(n)[0]?.startTime ?? Number.NaN);
    return {
      htmlStart: Math.round(nav.responseStart),
      htmlEnd: Math.round(nav.responseEnd),
      dcl: Math.round(nav.domContentLoadedEventEnd),
      jsEnd: Math.round(Math.max(...js.map((r) => r.responseEnd))),
      jsKb: Math.round(js.reduce((s, r) => s + r.encodedBodySize, 0) / 1024),
      jsN: js.length,
      hydrated: mark('tfm-hydrated'),
      treeStart: Math.round(tree?.startTime ?? -1),
      // When the call got a connection: over HTTP/1.1 it can queue behind the module preloads.
      treeRequest: Math.round(tree?.requestStart ?? -1),
      treeTtfb: Math.round(tree?.responseStart ?? -1),
      treeEnd: Math.round(tree?.responseEnd ?? -1),
      treeKb: Math.round((tree?.encodedBodySize ?? 0) / 1024),
      drawn: mark('family-tree-drawn'),
      calls: res.filter((r) => r.name.includes('/family_tree_ds/trees/')).length,
    };
  });
  console.log(
    `${label}: wall ${wall} ms to drawn; ${JSON.stringify(tl)}; load ${(await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').trim()}`,
  );
}
console.log('page errors/warnings', JSON.stringify(errs));
await browser.close();
await stop();
