// `npm run bench:chat`: live private messages across two web processes on one Postgres. Clients hold the
// live stream (SSE) on alternating processes, pairs of consenting relatives message each other for a
// while, and one process is killed half-way: its clients reconnect to the other with the last seq they
// saw. Prints, before and after the kill: sent, delivered, duplicated, lost and delivery latency as the
// clients saw it; the clients' own event-loop delay (they run in worker threads, so that the figures
// are the servers' and not one busy bench loop's); and the servers' own view from their /metrics:
// publish-to-stream delay, the send request's time, event-loop delay, CPU per message. Needs
// BENCH_DATABASE_URL or DATABASE_URL (an admin URL: a fresh database is made and dropped).
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { SOCIAL_API_PATHS } from '@jiyin/contracts/social';
import { openDatabase, schema } from '@jiyin/db';
import postgres from 'postgres';
import { type SpawnedServer, freePort, startServer, stopAll } from '../test/spawned.ts';
import type { ClientsData, FromClients, ToClients } from './chatClients.ts';
import { newToken, sha256 } from '../src/auth/tokens.ts';
import { matchId } from '../src/relatives/queries.ts';

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (!adminUrl) throw new Error('bench:chat needs Postgres: set BENCH_DATABASE_URL or DATABASE_URL');
const CLIENTS = Number(process.env.BENCH_CHAT_CLIENTS ?? 500) & ~1;
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 60);
/** Each pair sends one message this often (alternating sides). */
const PAIR_INTERVAL_MS = Number(process.env.BENCH_CHAT_INTERVAL_MS ?? 4000);
const KILL = process.env.BENCH_CHAT_KILL !== '0';
/** Threads the clients are spread over (1: all in one event loop, as a single bench process would). */
const WORKERS = Math.max(1, Number(process.env.BENCH_CHAT_WORKERS ?? 4));
/** After the last send, how long the bench waits for messages still on their way before counting them lost. */
const DRAIN_MS = Number(process.env.BENCH_CHAT_DRAIN_MS ?? 15_000);

const dbName = `jy_bench_chat_${process.pid}`;
const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${dbName}`);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;
const database = await openDatabase({ url: url.toString(), dataDir: '' });
await database.migrate();

// Users, persons and consenting matches in pairs (2k, 2k+1), written straight to the database.
const { db } = database;
const now = new Date();
const users = Array.from({ length: CLIENTS }, (_, i) => ({
  id: randomUUID(),
  person: randomUUID(),
  barcode: `BC${String(i).padStart(10, '0')}`,
  token: newToken(),
}));
for (let i = 0; i < CLIENTS; i += 100) {
  const chunk = users.slice(i, i + 100);
  await db
    .insert(schema.users)
    .values(
      chunk.map((u, k) => ({ id: u.id, nationCode: '86', phone: `166${String(i + k).padStart(8, '0')}`, state: 4, name: `用户${i + k}` })),
    );
  await db.insert(schema.sessions).values(
    chunk.map((u) => ({
      id: randomUUID(),
      userId: u.id,
      tokenHash: sha256(u.token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + 86_400_000),
    })),
  );
  await db
    .insert(schema.persons)
    .values(chunk.map((u, k) => ({ id: u.person, ownerUserId: u.id, name: `检测人${i + k}`, gender: 'female' as const })));
  await db
    .insert(schema.kits)
    .values(chunk.map((u) => ({ barcode: u.barcode, productId: 'STANDARD_ANCESTRY', personId: u.person, boundAt: now })));
  await db.insert(schema.genomes).values(
    chunk.map((u) => ({
      barcode: u.barcode,
      personId: u.person,
      packed: new Uint8Array([1]),
      vendor: '23andme',
      build: '37',
      callRate: 0.99,
      markerCount: 1,
    })),
  );
  await db
    .insert(schema.relativeConsents)
    .values(chunk.map((u) => ({ personId: u.person, userId: u.id, protocolVersion: 'v1', consentedAt: now })));
}
const match = (a: (typeof users)[number], b: (typeof users)[number]) => ({
  barcode: a.barcode,
  relativeBarcode: b.barcode,
  personId: a.person,
  relativePersonId: b.person,
  sharedCm: 900,
  longestCm: 100,
  segmentCount: 9,
  sharedPercent: 12,
  grade: '4-6',
  segments: [],
});
for (let i = 0; i < CLIENTS; i += 2)
  await db.insert(schema.relativeMatches).values([match(users[i], users[i + 1]), match(users[i + 1], users[i])]);

const env = {
  DATABASE_URL: url.toString(),
  PROCESS_ROLE: 'web',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '100000000',
  CHAT_MESSAGES_PER_MINUTE: '100000',
};
const ports: [number, number] = [await freePort(), await freePort()];
const servers: SpawnedServer[] = [];
for (const port of ports) servers.push(await startServer(port, env));
const auth = (u: (typeof users)[number]) => ({ authorization: `Bearer ${u.token}`, 'content-type': 'application/json' });

const threads: string[] = [];
for (let i = 0; i < CLIENTS; i += 2) {
  const res = await fetch(`http://127.0.0.1:${ports[0]}${SOCIAL_API_PATHS.openWithRelative}`, {
    method: 'POST',
    headers: auth(users[i]),
    body: JSON.stringify({ barcode: users[i].barcode, id: matchId(users[i].person, users[i + 1].person) }),
  });
  const body = (await res.json()) as { code: number; data: { relatedId: string }; msg: string };
  if (body.code !== 0) throw new Error(`open thread: ${body.msg}`);
  threads.push(body.data.relatedId);
}

// The clients: pairs dealt round-robin over the worker threads, both sides of a pair in one thread.
const workers = Array.from({ length: WORKERS }, (_, w) => {
  const pairs: ClientsData['pairs'] = [];
  for (let p = w; p < threads.length; p += WORKERS)
    pairs.push({
      thread: threads[p],
      users: [
        { index: 2 * p, token: users[2 * p].token },
        { index: 2 * p + 1, token: users[2 * p + 1].token },
      ],
    });
  const data: ClientsData = { pairs, ports, intervalMs: PAIR_INTERVAL_MS, drainMs: DRAIN_MS };
  return new Worker(new URL('./chatClients.ts', import.meta.url), { workerData: data });
});
const fromWorkers = (type: FromClients['type']) =>
  Promise.all(
    workers.map(
      (w) =>
        new Promise<FromClients>((resolve, reject) => {
          const on = (m: FromClients) => {
            if (m.type !== type) return;
            w.off('message', on);
            resolve(m);
          };
          w.on('message', on);
          w.once('error', reject);
        }),
    ),
  );
await fromWorkers('ready');

/** What the bench reads at a phase's edges: load, its own CPU, each live process's metrics, Postgres's CPU. */
interface Snapshot {
  at: number;
  load: number;
  cpu: NodeJS.CpuUsage;
  metrics: (Sample[] | null)[];
  postgresCpu: Map<number, number>;
}
const snapshot = async (): Promise<Snapshot> => ({
  at: Date.now(),
  load: loadavg()[0],
  cpu: process.cpuUsage(),
  metrics: await Promise.all(ports.map((port, k) => (servers[k].child.exitCode === null && !killed[k] ? scrape(port) : null))),
  postgresCpu: await postgresCpu(),
});
const killed = [false, false];

const start = await snapshot();
const endAt = Date.now() + SECONDS * 1000;
for (const w of workers) w.postMessage({ type: 'start', endAt } satisfies ToClients);
const done = fromWorkers('done');
let beforeKill: Snapshot | null = null;
let afterKill: Snapshot | null = null;
if (KILL) {
  await new Promise((r) => setTimeout(r, (SECONDS * 1000) / 2));
  beforeKill = await snapshot();
  killed[1] = true;
  servers[1].child.kill('SIGKILL');
  for (const w of workers) w.postMessage({ type: 'kill', server: 1, at: Date.now() } satisfies ToClients);
  // The survivor's counters from here on (scraping also restarts its event-loop delay window).
  afterKill = await snapshot();
}
const results = (await done) as Extract<FromClients, { type: 'done' }>[];
const end = await snapshot();

const phases = KILL
  ? [
      { name: 'before the kill', from: start, to: beforeKill as Snapshot, k: 0 },
      { name: 'after the kill', from: afterKill as Snapshot, to: end, k: 1 },
    ]
  : [{ name: 'no kill', from: start, to: end, k: 0 }];
const seconds = (p: (typeof phases)[number]) => (p.to.at - p.from.at) / 1000;

console.log(
  `\nbench:chat — ${CLIENTS} clients (SSE) in ${WORKERS} bench thread(s), 2 web processes on Postgres (LISTEN/NOTIFY), ${CLIENTS / 2} pairs each sending every ${PAIR_INTERVAL_MS} ms for ${SECONDS} s${KILL ? `, process 2 killed (SIGKILL) at ${SECONDS / 2} s, its clients reconnect to process 1` : ''}; Node ${process.version}`,
);
console.log('As the clients saw it (latency: from the send request leaving to the recipient’s stream bringing it):');
console.table(
  phases.map((p) => {
    const f = results.map((r) => r.phases[p.k]);
    const total = (key: 'sent' | 'failed' | 'delivered' | 'duplicated' | 'replayed' | 'reconnects') => f.reduce((n, x) => n + x[key], 0);
    const latencies = f.flatMap((x) => x.latencies).sort((a, b) => a - b);
    const pct = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
    return {
      phase: p.name,
      clients: CLIENTS,
      processes: p.k === 0 ? 2 : 1,
      seconds: Math.round(seconds(p)),
      sent: total('sent'),
      'send failed': total('failed'),
      delivered: total('delivered'),
      duplicated: total('duplicated'),
      lost: total('sent') - total('delivered'),
      'replayed on catch-up (dropped by id)': total('replayed'),
      reconnects: total('reconnects'),
      'p50 ms': pct(0.5),
      'p95 ms': pct(0.95),
      'p99 ms': pct(0.99),
      'max ms': latencies.at(-1) ?? Number.NaN,
      'bench loop p99 ms': Math.max(...f.map((x) => x.loopP99)).toFixed(1),
      'load start': p.from.load.toFixed(2),
      'load end': p.to.load.toFixed(2),
    };
  }),
);
console.log(
  'As the servers saw it (their /metrics over the phase; delay: published in the sending transaction → written to the recipients’ streams):',
);
console.table(
  phases.map((p) => {
    const alive = p.k === 0 ? [0, 1] : [0];
    const delta = (name: string, match: Record<string, string>) =>
      sumHistograms(alive.map((k) => histogramDelta(p.from.metrics[k], p.to.metrics[k], name, match)));
    const written = delta('live_event_delay_seconds', { stage: 'written' });
    const posts = delta('http_request_duration_seconds', { method: 'POST', route: SOCIAL_API_PATHS.postChat, status_code: '200' });
    const cpu = alive.reduce(
      (s, k) => s + (value(p.to.metrics[k], 'process_cpu_seconds_total') - value(p.from.metrics[k], 'process_cpu_seconds_total')),
      0,
    );
    let pgCpu = 0;
    for (const [pid, ticks] of p.to.postgresCpu) pgCpu += ticks - (p.from.postgresCpu.get(pid) ?? 0);
    const messages = posts.count || Number.NaN;
    return {
      phase: p.name,
      'delay p50 ms': quantile(written, 0.5),
      'delay p99 ms': quantile(written, 0.99),
      'send request p50 ms': quantile(posts, 0.5),
      'send request p99 ms': quantile(posts, 0.99),
      'server loop p99 ms': Math.max(...alive.map((k) => value(p.to.metrics[k], 'nodejs_eventloop_lag_p99_seconds') * 1000)).toFixed(1),
      'server CPU ms per message': ((cpu * 1000) / messages).toFixed(2),
      'Postgres CPU ms per message': ((pgCpu * 10) / messages).toFixed(2),
      'bench CPU ms per message': ((p.to.cpu.user + p.to.cpu.system - p.from.cpu.user - p.from.cpu.system) / 1000 / messages).toFixed(2),
    };
  }),
);

await stopAll(servers);
await Promise.all(workers.map((w) => w.terminate()));
await database.close();
await admin.unsafe(`drop database if exists ${dbName} with (force)`);
await admin.end();
process.exit(0);

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** A process's Prometheus text, as samples (null once it is gone). */
async function scrape(port: number): Promise<Sample[] | null> {
  try {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    return text.split('\n').flatMap((line) => {
      const m = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!m) return [];
      const labels = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
      return [{ name: m[1], labels, value: Number(m[3]) }];
    });
  } catch {
    return null;
  }
}

function value(samples: Sample[] | null, name: string): number {
  return samples?.find((s) => s.name === name)?.value ?? 0;
}

/** A histogram's cumulative bucket counts by upper bound (summed over the series that match). */
type Buckets = { le: number[]; counts: number[]; count: number };
function histogram(samples: Sample[] | null, name: string, match: Record<string, string>): Map<number, number> {
  const out = new Map<number, number>();
  for (const s of samples ?? [])
    if (s.name === `${name}_bucket` && Object.entries(match).every(([k, v]) => s.labels[k] === v)) {
      const le = s.labels.le === '+Inf' ? Number.POSITIVE_INFINITY : Number(s.labels.le);
      out.set(le, (out.get(le) ?? 0) + s.value);
    }
  return out;
}
function histogramDelta(from: Sample[] | null, to: Sample[] | null, name: string, match: Record<string, string>): Buckets {
  const a = histogram(from, name, match);
  const b = histogram(to, name, match);
  const le = [...b.keys()].sort((x, y) => x - y);
  const counts = le.map((l) => (b.get(l) ?? 0) - (a.get(l) ?? 0));
  return { le, counts, count: counts.at(-1) ?? 0 };
}
function sumHistograms(list: Buckets[]): Buckets {
  const le = list.find((h) => h.le.length)?.le ?? [];
  const counts = le.map((_, i) => list.reduce((n, h) => n + (h.counts[i] ?? 0), 0));
  return { le, counts, count: counts.at(-1) ?? 0 };
}
/** A quantile from cumulative buckets, interpolated inside its bucket (ms); past the last bound: "> bound". */
function quantile(h: Buckets, q: number): string {
  if (!h.count) return '-';
  const rank = q * h.count;
  const i = h.counts.findIndex((c) => c >= rank);
  const hi = h.le[i];
  const lo = i > 0 ? h.le[i - 1] : 0;
  if (!Number.isFinite(hi)) return `> ${lo * 1000}`;
  const below = i > 0 ? h.counts[i - 1] : 0;
  const inside = h.counts[i] - below;
  return ((lo + (hi - lo) * (inside ? (rank - below) / inside : 1)) * 1000).toFixed(1);
}

/** CPU ticks (1/100 s) each Postgres backend of the bench database has used, by pid. */
async function postgresCpu(): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  const rows = await admin<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${dbName}`;
  for (const { pid } of rows) {
    try {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      // not on this machine, or gone
    }
  }
  return out;
}
