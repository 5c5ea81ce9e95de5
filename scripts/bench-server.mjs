// `npm run bench:server`: requests/s and p99 latency of /healthz, the SSR home page and one API call,
// measured with autocannon against the production build on loopback (bounded: 10 s per target).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildWebIfStale, ROOT } from './lib.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const WARMUP_S = 3;

async function freePort() {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

await buildWebIfStale();
const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'jy-bench-'));
const server = spawn(process.execPath, [path.join(ROOT, 'apps/server/src/main.ts')], {
  cwd: ROOT,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000000',
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  },
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {}
  if (i > 120) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 500));
}

const targets = [
  ['GET /healthz', '/healthz'],
  ['GET / (SSR home)', '/'],
  ['GET commodity list (API)', '/web/api/new/commodity/list?tags=standard,ances_ances'],
];
const rows = [];
for (const [name, url] of targets) {
  // Warm the JIT and caches first, as a long-running server is; only the second run is reported.
  await autocannon({ url: base + url, connections: CONNECTIONS, duration: WARMUP_S });
  const result = await autocannon({ url: base + url, connections: CONNECTIONS, duration: DURATION_S });
  rows.push({
    target: name,
    'req/s (avg)': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.non2xx,
  });
}
server.kill('SIGTERM');
rmSync(dataDir, { recursive: true, force: true });
console.log(
  `\nbench:server — ${CONNECTIONS} connections, ${DURATION_S} s per target after ${WARMUP_S} s warm-up, Node ${process.version}, PGlite, NODE_ENV=production`,
);
console.table(rows);
