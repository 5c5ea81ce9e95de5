// `npm run bench:chat`: live private messages across two web processes on one Postgres. Clients hold the
// live stream (SSE) on alternating processes, pairs of consenting relatives message each other for a
// while, and one process is killed half-way: its clients reconnect to the other with the last seq they
// saw. Prints sent, delivered, lost, duplicated and delivery latency. Needs BENCH_DATABASE_URL or
// DATABASE_URL (an admin URL: a fresh database is made and dropped).
import { randomUUID } from 'node:crypto';
import { SOCIAL_API_PATHS } from '@jiyin/contracts/social';
import { openDatabase, schema } from '@jiyin/db';
import postgres from 'postgres';
import { type SpawnedServer, freePort, startServer, stopAll } from '../test/spawned.ts';
import { newToken, sha256 } from '../src/auth/tokens.ts';
import { matchId } from '../src/relatives/queries.ts';

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (!adminUrl) throw new Error('bench:chat needs Postgres: set BENCH_DATABASE_URL or DATABASE_URL');
const CLIENTS = Number(process.env.BENCH_CHAT_CLIENTS ?? 500) & ~1;
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 60);
/** Each pair sends one message this often (alternating sides). */
const PAIR_INTERVAL_MS = Number(process.env.BENCH_CHAT_INTERVAL_MS ?? 4000);
const KILL = process.env.BENCH_CHAT_KILL !== '0';

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
const ports = [await freePort(), await freePort()];
const servers: SpawnedServer[] = [];
for (const port of ports) servers.push(await startServer(port, env));
const alive = [true, true];
const base = (k: number) => `http://127.0.0.1:${ports[alive[k] ? k : 1 - k]}`;
const auth = (u: (typeof users)[number]) => ({ authorization: `Bearer ${u.token}`, 'content-type': 'application/json' });

const threads: string[] = [];
for (let i = 0; i < CLIENTS; i += 2) {
  const res = await fetch(`${base(0)}${SOCIAL_API_PATHS.openWithRelative}`, {
    method: 'POST',
    headers: auth(users[i]),
    body: JSON.stringify({ barcode: users[i].barcode, id: matchId(users[i].person, users[i + 1].person) }),
  });
  const body = (await res.json()) as { code: number; data: { relatedId: string }; msg: string };
  if (body.code !== 0) throw new Error(`open thread: ${body.msg}`);
  threads.push(body.data.relatedId);
}

/** Per client: message ids received, the highest seq, reconnects. */
const seen = users.map(() => new Map<string, number>());
const lastSeq = users.map(() => 0);
let reconnects = 0;
let replayed = 0;
const sentAt = new Map<string, { at: number; to: number }>();
const latencies: number[] = [];
let stopping = false;

/** One client's stream on process `k` (or the other when `k` is down), reconnecting until the end. */
async function listen(i: number, k: number): Promise<void> {
  while (!stopping) {
    const server = alive[k] ? k : 1 - k;
    const query = lastSeq[i] ? `?after_seq=${lastSeq[i]}` : '';
    try {
      const res = await fetch(`${base(server)}${SOCIAL_API_PATHS.live}${query}`, { headers: auth(users[i]) });
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done || stopping) break;
        buffer += decoder.decode(value, { stream: true });
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          cut = buffer.indexOf('\n\n');
          if (!block.startsWith('event: message')) continue;
          const { message } = JSON.parse(block.slice(block.indexOf('data: ') + 6)) as { message: { id: string; seq: number } };
          lastSeq[i] = Math.max(lastSeq[i], message.seq);
          const count = (seen[i].get(message.id) ?? 0) + 1;
          seen[i].set(message.id, count);
          if (count > 1) {
            replayed++;
            continue;
          }
          const sent = sentAt.get(message.id);
          if (sent && sent.to === i) latencies.push(Date.now() - sent.at);
        }
      }
    } catch {
      // the process went away: reconnect below
    }
    if (stopping) return;
    reconnects++;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const listeners = users.map((_, i) => listen(i, i % 2));
await new Promise((r) => setTimeout(r, 3000));

let sent = 0;
let failed = 0;
const started = Date.now();
const senders = threads.map(async (thread, p) => {
  let turn = p % 2;
  await new Promise((r) => setTimeout(r, Math.random() * PAIR_INTERVAL_MS));
  while (Date.now() - started < SECONDS * 1000) {
    const from = 2 * p + turn;
    const to = 2 * p + 1 - turn;
    const at = Date.now();
    try {
      const res = await fetch(`${base(from % 2)}${SOCIAL_API_PATHS.postChat.replace(':relatedId', thread)}`, {
        method: 'POST',
        headers: auth(users[from]),
        body: JSON.stringify({ type: 'text', content: `bench ${p} ${at}` }),
      });
      const body = (await res.json()) as { code: number; data: { id: string } };
      if (body.code === 0) {
        sent++;
        sentAt.set(body.data.id, { at, to });
      } else failed++;
    } catch {
      failed++;
    }
    turn = 1 - turn;
    await new Promise((r) => setTimeout(r, PAIR_INTERVAL_MS));
  }
});
if (KILL) {
  setTimeout(
    () => {
      alive[1] = false;
      servers[1].child.kill('SIGKILL');
    },
    (SECONDS * 1000) / 2,
  );
}
await Promise.all(senders);
// Let the last messages arrive.
await new Promise((r) => setTimeout(r, 5000));
stopping = true;

let delivered = 0;
for (const [id, { to }] of sentAt) if (seen[to].has(id)) delivered++;
latencies.sort((a, b) => a - b);
const pct = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
console.log(
  `\nbench:chat — ${CLIENTS} clients on 2 web processes (Postgres LISTEN/NOTIFY), ${CLIENTS / 2} pairs each sending every ${PAIR_INTERVAL_MS} ms for ${SECONDS} s${KILL ? `, process 2 killed at ${SECONDS / 2} s` : ''}, Node ${process.version}`,
);
console.table([
  {
    sent,
    'send failed': failed,
    delivered,
    lost: sent - delivered,
    'replayed on catch-up (dropped by id)': replayed,
    reconnects,
    'p50 ms': pct(0.5),
    'p99 ms': pct(0.99),
    'max ms': latencies.at(-1) ?? NaN,
  },
]);

await stopAll(servers);
await Promise.race([Promise.allSettled(listeners), new Promise((r) => setTimeout(r, 2000))]);
await database.close();
await admin.unsafe(`drop database if exists ${dbName} with (force)`);
await admin.end();
process.exit(0);
