// `npm run bench:import`: upload-to-reports time of one simulated 23andMe-v5-layout file (~630,000 markers), and the
// throughput of 20 imports queued at once, through the HTTP API of the real server (main.ts) on
// loopback: resumable upload in 4 MB chunks, import job, polling until done. With the compute pool
// at one thread and at all cores (POOL_THREADS); on PGlite, and on Postgres too when DATABASE_URL is
// set (a fresh database is created and dropped for each run). BENCH_IMPORT_ROUNDS (3) rounds; the ratio is given between medians and as the median of each round's own.
// Each row also gives a pool thread's own CPU per import of the batch (the import log's cpuMs) and, on Linux, the
// rest of the server process's (its /proc CPU over the batch less the pool threads').
// Imports per minute two ways: over the batch's wall time (queued → all done), and sustained, between the batch's
// first and last completion. The batch time also holds the first import's whole duration before anything completes
// (~0.7 s, whatever the thread count), which weighs more the faster the run; a site importing all day sees the
// sustained rate.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { simulatedCalls, vendorFileBytes } from '../apps/server/src/imports/simulated.ts';
import { ACCOUNT_PATHS } from '../packages/contracts/src/accounts.ts';
import { fillPattern } from '../packages/contracts/src/pathPattern.ts';
import { REPORT_API_PATHS, UPLOAD_CHUNK_BYTES } from '../packages/contracts/src/reportApi.ts';
import { apiSession } from '../apps/server/test/spawned.ts';
import { buildWebIfStale, ROOT, serverNodeArgs, WEB_DIR } from './lib.mjs';

const QUEUED_AT_ONCE = Number(process.env.BENCH_IMPORTS ?? 20);
const ONE_ACCOUNT = process.env.BENCH_ONE_ACCOUNT === '1';
const s2 = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * A process's CPU time so far, all its threads, in ms (Linux's /proc, clock ticks of 1/100 s); null
 * elsewhere. Over the batch, against the pool threads' own time, it shows what runs beside them.
 */
function processCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return null;
  }
}

const freePort = () =>
  new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

async function startServer(databaseUrl, poolThreads) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jy-bench-import-'));
  const child = spawn(process.execPath, [...serverNodeArgs(), path.join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_ENV: 'local',
      // Info: the import worker logs its parse, compute and store times.
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: '100000000',
      // Every customer uploads from this one machine and client: the relatives guard's per-address and
      // per-device limits would hold the later genomes (bench-server.mjs does the same).
      RELATIVES_UPLOADS_PER_DEVICE: '1000',
      RELATIVES_UPLOADS_PER_ADDRESS: '1000',
      DATABASE_URL: databaseUrl ?? '',
      POOL_THREADS: String(poolThreads),
      // The demo family's imports would run beside the measured ones.
      DEMO_CONTENT: '0',
    },
  });
  const timings = new Map();
  let pending = '';
  child.stdout.on('data', (d) => {
    const lines = (pending + d).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.includes('"import timings"')) continue;
      const entry = JSON.parse(line);
      timings.set(entry.importJobId, entry);
    }
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {}
    if (i > 240) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    base,
    timings,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function uploadFile(api, personId, bytes) {
  const up = await api('POST', REPORT_API_PATHS.uploads, { personId, fileName: 'genome_23andme.txt', size: bytes.length });
  for (let offset = 0; offset < bytes.length; offset += UPLOAD_CHUNK_BYTES) {
    await api('PUT', fillPattern(REPORT_API_PATHS.uploadOne, { id: up.id }), bytes.subarray(offset, offset + UPLOAD_CHUNK_BYTES), {
      'upload-offset': String(offset),
    });
  }
  return up.id;
}

/** Polls the job every `pollMs`; answers when each stage was first seen. */
async function waitDone(api, jobId, pollMs = 20) {
  const seen = {};
  for (;;) {
    const job = await api('GET', fillPattern(REPORT_API_PATHS.importOne, { id: jobId }));
    seen[job.stage] ??= performance.now();
    if (job.stage === 'failed') throw new Error(`import failed: ${job.errorMessage}`);
    if (job.stage === 'done') return seen;
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

/**
 * Answers once every job is done, polling one job at a time in the order they were sent (the queue runs
 * them about in that order), every 250 ms: the polls are light beside the imports, ~4 requests a second
 * whatever the number of customers (polling each customer's list made ~80, each a session and a
 * job-list query on the database thread, which took a share of the cores from the imports).
 */
async function waitAllDone(jobs) {
  for (const { api, id } of jobs) await waitDone(api, id, 250);
}

async function bench(label, databaseUrl, file, poolThreads) {
  const server = await startServer(databaseUrl, poolThreads);
  try {
    // Each import a customer of its own, as a site's imports come (BENCH_ONE_ACCOUNT=1: all one account's
    // persons, whose every import the relatives guard then compares with up to 20 earlier genomes of it).
    const uploaders = [];
    let account = null;
    for (let i = 0; i <= QUEUED_AT_ONCE + 2 * poolThreads; i++) {
      if (!account || !ONE_ACCOUNT) {
        account = apiSession(server.base);
        await account.signUp(`139${String(10_000_000 + i).slice(-8)}`, '性能测试');
      }
      const person = await account.api('POST', ACCOUNT_PATHS.persons, { name: `测试${i}`, gender: 'female' });
      uploaders.push({ api: account.api, person: person.id });
    }
    /** Queues every upload's import at once; answers once all are done. */
    const importAll = async (batch) => {
      const jobs = await Promise.all(batch.map(({ api, uploadId }) => api('POST', REPORT_API_PATHS.imports, { uploadId })));
      await waitAllDone(batch.map(({ api }, i) => ({ api, id: jobs[i].id })));
      return jobs;
    };
    const upload = async (list) => {
      const batch = [];
      for (const { api, person } of list) batch.push({ api, uploadId: await uploadFile(api, person, file) });
      return batch;
    };

    // 1. One file, upload to reports.
    const { api } = uploaders[0];
    const t0 = performance.now();
    const uploadId = await uploadFile(api, uploaders[0].person, file);
    const t1 = performance.now();
    const job = await api('POST', REPORT_API_PATHS.imports, { uploadId });
    const seen = await waitDone(api, job.id);
    const t2 = performance.now();
    await new Promise((r) => setTimeout(r, 100));
    const timing = server.timings.get(job.id) ?? {};

    // 2. Every pool thread warmed by two imports at once per thread, as on a server that has been busy: the one
    // above started only one thread, and a thread's first imports load the engine and compile it.
    await importAll(await upload(uploaders.slice(1, 1 + 2 * poolThreads)));

    // 3. Uploaded first, then all imports queued at once.
    const batch = await upload(uploaders.slice(1 + 2 * poolThreads));
    const t3 = performance.now();
    const cpu3 = processCpuMs(server.pid);
    const jobs = await importAll(batch);
    const t4 = performance.now();
    const cpu4 = processCpuMs(server.pid);
    await new Promise((r) => setTimeout(r, 100));
    // A pool thread's own CPU per import: against the 1-thread run it shows what two threads on two
    // cores cost each other (shared caches, V8's GC and compiler threads), apart from waiting for a core.
    const cpu = jobs.map((j) => server.timings.get(j.id)?.cpuMs).filter((ms) => ms !== undefined);
    // When each import's rows were written (its "import timings" log line, right before the job finishes).
    const done = jobs
      .map((j) => server.timings.get(j.id)?.time)
      .filter((t) => t !== undefined)
      .sort((a, b) => a - b);
    const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
    const poolCpu = cpu.length ? cpu.reduce((a, b) => a + b, 0) / cpu.length : Number.NaN;
    const serverCpu = cpu3 === null || cpu4 === null ? Number.NaN : (cpu4 - cpu3) / QUEUED_AT_ONCE;
    return {
      database: label,
      'pool threads': poolThreads,
      'upload (4 MB chunks)': s(t1 - t0),
      'queued → parsing': s(seen.parsing - t1),
      'parse / compute (thread) / store': `${timing.parseMs} / ${timing.computeMs} / ${timing.storeMs} ms`,
      'upload → reports': s(t2 - t0),
      [`${QUEUED_AT_ONCE} queued at once`]: s(t4 - t3),
      'thread CPU / import': Number.isNaN(poolCpu) ? '' : `${Math.round(poolCpu)} ms`,
      // The whole server process over the batch, less the pool threads' own: the web thread, the
      // database's thread, V8's GC and compiler threads, libuv (with one thread they use the spare core).
      'rest of the server / import': Number.isNaN(serverCpu - poolCpu) ? '' : `${Math.round(serverCpu - poolCpu)} ms`,
      'imports/minute (batch)': ((QUEUED_AT_ONCE / (t4 - t3)) * 60_000).toFixed(1),
      'imports/minute (sustained)': done.length > 1 ? (((done.length - 1) / (done.at(-1) - done[0])) * 60_000).toFixed(1) : '',
    };
  } finally {
    await server.stop();
  }
}

// main.ts serves pages too, so it needs a web build; pages are not measured, any build will do.
if (!existsSync(path.join(WEB_DIR, process.env.WEB_BUILD_DIR ?? 'build', 'server', 'index.js'))) await buildWebIfStale();
let t = performance.now();
const calls = simulatedCalls(4242, 'female');
const file = vendorFileBytes(calls);
console.log(
  `bench:import — simulated 23andMe-v5-layout file: ${calls.length.toLocaleString('en-US')} real markers, ${(file.length / 1024 / 1024).toFixed(1)} MB (made in ${s2(performance.now() - t)})`,
);

const CORES = availableParallelism();
// The order can be turned round (BENCH_POOL_THREADS=2,1): on a shared machine the load of other work drifts.
const THREADS = (process.env.BENCH_POOL_THREADS ?? `1,${CORES}`).split(',').map(Number);
// Rounds of every thread count in turn: one run of 20 imports swings by ±15% on a 2-core machine, and the
// ratio is taken between medians.
const ROUNDS = Number(process.env.BENCH_IMPORT_ROUNDS ?? 3);
const rows = [];
for (let round = 1; round <= ROUNDS; round++)
  for (const threads of THREADS) {
    t = performance.now();
    rows.push({ round, ...(await bench('PGlite (in-process queue)', undefined, file, threads)) });
    console.log(`  PGlite run, ${threads} pool thread(s), round ${round}, took ${s2(performance.now() - t)}`);
  }
if (process.env.DATABASE_URL) {
  const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
  try {
    // A fresh database per run: the runs sign up the same account.
    for (let round = 1; round <= ROUNDS; round++)
      for (const threads of THREADS) {
        const name = `jy_bench_${Date.now().toString(36)}`;
        await admin.unsafe(`create database ${name}`);
        const url = new URL(process.env.DATABASE_URL);
        url.pathname = `/${name}`;
        try {
          t = performance.now();
          rows.push({ round, ...(await bench('Postgres (pg-boss)', url.toString(), file, threads)) });
          console.log(`  Postgres run, ${threads} pool thread(s), round ${round}, took ${s2(performance.now() - t)}`);
        } finally {
          await admin.unsafe(`drop database if exists ${name} with (force)`);
        }
      }
  } finally {
    await admin.end();
  }
}
console.log(
  `\nNode ${process.version}, ${CORES} cores, one server process on loopback, imports run pool threads + 1 at a time, same file for every person`,
);
console.table(rows);
const median = (xs) => {
  const v = [...xs].sort((a, b) => a - b);
  return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
};
for (const db of new Set(rows.map((r) => r.database))) {
  const rates = (threads, column) =>
    rows.filter((r) => r.database === db && r['pool threads'] === threads).map((r) => Number(r[`imports/minute (${column})`]));
  const most = Math.max(...THREADS);
  if (THREADS.includes(1) && most > 1)
    for (const column of ['batch', 'sustained']) {
      const [one, all] = [rates(1, column), rates(most, column)];
      // Each round runs one thread then all cores back to back, so a round's own ratio is less swayed
      // by the machine's speed drifting between rounds than the ratio of the medians.
      const paired = all.map((r, i) => r / one[i]);
      console.log(
        `${db}, ${column}: median of ${ROUNDS} round(s), ${most} threads ${median(all).toFixed(1)} / 1 thread ${median(one).toFixed(1)} imports per minute = ${(median(all) / median(one)).toFixed(2)}×; per round ${paired.map((x) => x.toFixed(2)).join(' ')}, median ${median(paired).toFixed(2)}×`,
      );
    }
}
