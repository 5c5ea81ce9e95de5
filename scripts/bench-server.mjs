// `npm run bench:server`: requests/s and p99 latency of /healthz, the SSR home page and one API call,
// measured with autocannon against the production build on loopback (bounded: 10 s per target):
// idle, then under load (each target while a fresh 20 imports queued at once and their relatives matches run),
// with the server's event-loop delay p99 while each target was measured (its /metrics).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { simulatedCalls, vendorFileBytes } from '../apps/server/src/imports/simulated.ts';
import { ACCOUNT_PATHS } from '../packages/contracts/src/accounts.ts';
import { fillPattern } from '../packages/contracts/src/pathPattern.ts';
import { RELATIVES_API_PATHS, RELATIVES_PROTOCOL } from '../packages/contracts/src/relativesApi.ts';
import { REPORT_API_PATHS, UPLOAD_CHUNK_BYTES } from '../packages/contracts/src/reportApi.ts';
import { EVENT_LOOP_RESOLUTION_MS } from '../apps/server/src/metrics/index.ts';
import { apiSession } from '../apps/server/test/spawned.ts';
import { buildWebIfStale, ROOT, serverNodeArgs } from './lib.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const WARMUP_S = 3;
const LOAD_IMPORTS = Number(process.env.BENCH_LOAD_IMPORTS ?? 20);

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
const server = spawn(process.execPath, [...serverNodeArgs(), path.join(ROOT, 'apps/server/src/main.ts')], {
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
    // Idle means idle: the demo family's imports are left out; the load block brings its own.
    DEMO_CONTENT: '0',
    // Every customer of the load uploads from this one machine and client: the per-address and
    // per-device limits of gene relatives would hold the later genomes out of matching.
    RELATIVES_UPLOADS_PER_DEVICE: '1000',
    RELATIVES_UPLOADS_PER_ADDRESS: '1000',
  },
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {}
  if (i > 240) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 500));
}

const targets = [
  ['GET /healthz', '/healthz'],
  ['GET / (SSR home)', '/'],
  ['GET commodity list (API)', '/web/api/new/commodity/list?tags=standard,ances_ances'],
];

/** The server's metrics text (prom-client resets its event-loop histogram on each scrape). */
const scrape = async () => (await fetch(`${base}/metrics`)).text();
/** The event-loop lag p99 in a scrape, in ms: over the time since the scrape before it. */
const eventLoopP99 = (text) => Number(text.match(/^nodejs_eventloop_lag_p99_seconds (\S+)$/m)?.[1] ?? Number.NaN) * 1000;

async function measure(block, warmup, during = () => ({}), before = async () => {}) {
  const rows = [];
  for (const [name, url] of targets) {
    await before();
    // Warm the JIT and caches first, as a long-running server is; only the second run is reported.
    if (warmup) await autocannon({ url: base + url, connections: CONNECTIONS, duration: WARMUP_S });
    await scrape();
    const result = await autocannon({ url: base + url, connections: CONNECTIONS, duration: DURATION_S });
    const metrics = await scrape();
    rows.push({
      block,
      target: name,
      'req/s (avg)': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      errors: result.errors + result.non2xx,
      // As prom-client reports it (the sampling interval included: ~10 ms on an idle loop), and the
      // delay beyond that interval, which is what a timer or a request waits.
      'event-loop p99 ms': Math.round(eventLoopP99(metrics)),
      'event-loop delay p99 ms': Math.round(eventLoopP99(metrics) - EVENT_LOOP_RESOLUTION_MS),
      ...during(metrics),
    });
  }
  return rows;
}

const rows = await measure('idle', true);

// The load: LOAD_IMPORTS customers, each with one person per target and one file per person uploaded beforehand
// (two simulated people, alternating, so matching finds relatives: every other file is the same person's). Before
// each target the previous load has drained and a fresh one is queued at once, so every target is measured while
// LOAD_IMPORTS imports run, however fast the machine finishes them; each person joins gene relatives as its import
// is done, which queues its match.
const files = [vendorFileBytes(simulatedCalls(8101, 'female')), vendorFileBytes(simulatedCalls(8102, 'male'))];
const customers = [];
for (let i = 0; i < LOAD_IMPORTS; i++) {
  const { api, signUp } = apiSession(base);
  await signUp(`138000${String(10000 + i)}`, '负载');
  const uploads = [];
  for (let t = 0; t < targets.length; t++) {
    const person = await api('POST', ACCOUNT_PATHS.persons, { name: `负载${i}-${t}`, gender: i % 2 ? 'male' : 'female' });
    const file = files[i % 2];
    const up = await api('POST', REPORT_API_PATHS.uploads, { personId: person.id, fileName: 'genome.txt', size: file.length });
    for (let offset = 0; offset < file.length; offset += UPLOAD_CHUNK_BYTES) {
      await api('PUT', fillPattern(REPORT_API_PATHS.uploadOne, { id: up.id }), file.subarray(offset, offset + UPLOAD_CHUNK_BYTES), {
        'upload-offset': String(offset),
      });
    }
    uploads.push(up.id);
  }
  customers.push({ api, uploads });
}

/** Import and relatives-match jobs waiting or running, from a metrics scrape. */
const jobsLeft = (text) =>
  [...text.matchAll(/^queue_depth\{name="([^"]+)",state="(waiting|active)"\} (\d+)$/gm)]
    .filter((m) => m[1] === 'import' || m[1] === 'relatives-match')
    .reduce((n, m) => n + Number(m[3]), 0);

/** One load: every customer's next import queued at once (answered once queued), each person joining gene relatives once its import is done. */
async function startLoad(round) {
  const startedAt = performance.now();
  const jobs = await Promise.all(
    customers.map(async (c) => ({ api: c.api, job: await c.api('POST', REPORT_API_PATHS.imports, { uploadId: c.uploads[round] }) })),
  );
  const load = { startedAt, doneAt: null, joined: new Set(), jobs, polling: true };
  load.poller = (async () => {
    while (load.polling) {
      for (const { api, job } of load.jobs) {
        if (load.joined.has(job.id)) continue;
        const j = await api('GET', fillPattern(REPORT_API_PATHS.importOne, { id: job.id }));
        if (j.stage === 'failed') throw new Error(`import failed: ${j.errorMessage}`);
        if (j.stage !== 'done') continue;
        load.joined.add(job.id);
        await api('POST', RELATIVES_API_PATHS.consent, { barcode: j.barcode, protocolVersion: RELATIVES_PROTOCOL.version });
      }
      if (load.joined.size === customers.length) load.doneAt ??= performance.now();
      await new Promise((r) => setTimeout(r, 250));
    }
  })().catch((err) => {
    // A failed import ends the load (and the bench, below) rather than leaving the waits below hanging.
    load.error = err;
    load.doneAt ??= performance.now();
  });
  return load;
}

const loads = [];
const loadRows = await measure(
  'under load',
  false,
  (text) => {
    const load = loads.at(-1);
    return { 'imports done': `${load.joined.size}/${customers.length}`, 'import + match jobs left': jobsLeft(text) };
  },
  async () => {
    const previous = loads.at(-1);
    if (previous) {
      // The previous target's imports and matches finish first: each target is measured under one load.
      while (previous.doneAt === null || jobsLeft(await scrape()) > 0) await new Promise((r) => setTimeout(r, 250));
      previous.polling = false;
      await previous.poller;
    }
    // Measuring starts once every import of this load is queued.
    loads.push(await startLoad(loads.length));
  },
);
const last = loads.at(-1);
while (last.doneAt === null) await new Promise((r) => setTimeout(r, 250));
last.polling = false;
await last.poller;

server.kill('SIGTERM');
rmSync(dataDir, { recursive: true, force: true });
const failed = loads.find((l) => l.error);
if (failed) throw failed.error;
console.log(
  `\nbench:server — ${CONNECTIONS} connections, ${DURATION_S} s per target (idle: after ${WARMUP_S} s warm-up), Node ${process.version}, PGlite, NODE_ENV=production`,
);
console.table([...rows, ...loadRows]);
console.log(
  `under load: before each target, ${LOAD_IMPORTS} customers' imports queued at once (all done after ${loads.map((l) => `${((l.doneAt - l.startedAt) / 1000).toFixed(1)} s`).join(', ')}); each person joined gene relatives when its import was done (its match queued)`,
);
