// The clients of `npm run bench:chat`, run in worker threads so that the bench measures the servers and
// not its own event loop: each thread holds the live streams (SSE) of some pairs and sends their messages.
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { SOCIAL_API_PATHS } from '@jiyin/contracts/social';

export interface ClientsData {
  /** Each pair: its thread and its two users' tokens; user k of the whole bench listens on process k % 2. */
  pairs: { thread: string; users: [{ index: number; token: string }, { index: number; token: string }] }[];
  ports: [number, number];
  intervalMs: number;
  drainMs: number;
}
/** From the bench: sending starts (`start`), a process was killed (`kill`). */
export type ToClients = { type: 'start'; endAt: number } | { type: 'kill'; server: number; at: number };

export interface PhaseFigures {
  sent: number;
  failed: number;
  delivered: number;
  /** The same message twice on one stream: a server fault. */
  duplicated: number;
  /** Sent again on a reconnect's catch-up (it starts a little before the last seq seen) and dropped by id, as the web client does. */
  replayed: number;
  reconnects: number;
  latencies: number[];
  /** This thread's event-loop delay p99 (ms) during the phase. */
  loopP99: number;
}
/** To the bench: every stream is open (`ready`), the figures before and after the kill (`done`). */
export type FromClients = { type: 'ready' } | { type: 'done'; phases: PhaseFigures[] };

if (!parentPort) throw new Error('chatClients.ts runs as a worker thread of bench/chat.ts');
const port = parentPort;
const { pairs, ports, intervalMs, drainMs } = workerData as ClientsData;

const alive = [true, true];
let killAt = Number.POSITIVE_INFINITY;
const phaseOf = (at: number) => (at < killAt ? 0 : 1);
const phases: PhaseFigures[] = [0, 1].map(() => ({
  sent: 0,
  failed: 0,
  delivered: 0,
  duplicated: 0,
  replayed: 0,
  reconnects: 0,
  latencies: [],
  loopP99: 0,
}));
const loop = monitorEventLoopDelay({ resolution: 10 });

interface Client {
  index: number;
  token: string;
  lastSeq: number;
  /** Message ids seen on any stream so far. */
  seen: Set<string>;
  connected: boolean;
}
const clients = pairs.flatMap((p) => p.users.map((u): Client => ({ ...u, lastSeq: 0, seen: new Set(), connected: false })));
const byIndex = new Map(clients.map((c) => [c.index, c]));
/** Messages sent and not yet received by their recipient. */
const waiting = new Map<string, { at: number; to: number; phase: number }>();
/** When a stream brought a message before its send's answer came back, by recipient and id: the latency ends there. */
const early = new Map<string, number>();
let stopping = false;

const base = (k: number) => `http://127.0.0.1:${ports[alive[k] ? k : 1 - k]}`;
const headers = (c: Client) => ({ authorization: `Bearer ${c.token}`, 'content-type': 'application/json' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Sends reuse their connections, as a browser's do. */
const agent = new http.Agent({ keepAlive: true });

/** A JSON POST and its answer's body. */
function post(url: string, c: Client, body: unknown): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: headers(c), agent }, (res) => {
      res.setEncoding('utf8');
      let text = '';
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        try {
          resolve(JSON.parse(text));
        } catch (err) {
          reject(err);
        }
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** The client's SSE blocks as they come, until the stream ends or fails (Node's http: far less CPU than fetch's web streams). */
function stream(url: string, c: Client, onBlock: (block: string) => void): Promise<void> {
  return new Promise((resolve) => {
    const req = http.get(url, { headers: headers(c), agent: false }, (res) => {
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        if (stopping) return void req.destroy();
        buffer += chunk;
        for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
          onBlock(buffer.slice(0, cut));
          buffer = buffer.slice(cut + 2);
        }
      });
      res.on('close', resolve);
    });
    req.on('error', () => resolve());
  });
}

/** One client's stream on its process (or the other one when it is down), reconnecting until the end. */
async function listen(c: Client): Promise<void> {
  while (!stopping) {
    const query = c.lastSeq ? `?after_seq=${c.lastSeq}` : '';
    const onStream = new Set<string>();
    // The process going away ends the stream: reconnect below.
    await stream(`${base(c.index % 2)}${SOCIAL_API_PATHS.live}${query}`, c, (block) => {
      if (block.startsWith('event: counts') && !c.connected) {
        c.connected = true;
        if (clients.every((x) => x.connected)) port.postMessage({ type: 'ready' } satisfies FromClients);
      }
      if (!block.startsWith('event: message')) return;
      const now = Date.now();
      const { message } = JSON.parse(block.slice(block.indexOf('data: ') + 6)) as { message: { id: string; seq: number } };
      c.lastSeq = Math.max(c.lastSeq, message.seq);
      if (onStream.has(message.id)) phases[phaseOf(now)].duplicated++;
      onStream.add(message.id);
      if (c.seen.has(message.id)) {
        phases[phaseOf(now)].replayed++;
        return;
      }
      c.seen.add(message.id);
      const sent = waiting.get(message.id);
      if (sent?.to === c.index) {
        waiting.delete(message.id);
        phases[sent.phase].delivered++;
        phases[sent.phase].latencies.push(now - sent.at);
      } else if (!sent) early.set(`${c.index}:${message.id}`, now);
    });
    if (stopping) return;
    phases[phaseOf(Date.now())].reconnects++;
    // Spread the reconnects a little, as browsers' retry timers do.
    await sleep(200 + Math.random() * 300);
  }
}

/** One pair: the sides take turns, one message every `intervalMs`, until `endAt`. */
async function converse(p: ClientsData['pairs'][number], k: number, endAt: number): Promise<void> {
  let turn = k % 2;
  await sleep(Math.random() * intervalMs);
  while (Date.now() < endAt) {
    const from = byIndex.get(p.users[turn].index) as Client;
    const to = p.users[1 - turn].index;
    const at = Date.now();
    const phase = phaseOf(at);
    try {
      const body = (await post(`${base(from.index % 2)}${SOCIAL_API_PATHS.postChat.replace(':relatedId', p.thread)}`, from, {
        type: 'text',
        content: `bench ${k} ${at}`,
      })) as { code: number; data: { id: string } };
      if (body.code !== 0) throw new Error(`code ${body.code}`);
      phases[phase].sent++;
      // The stream may have brought it before the answer did.
      const arrived = early.get(`${to}:${body.data.id}`);
      if (arrived !== undefined) {
        early.delete(`${to}:${body.data.id}`);
        phases[phase].delivered++;
        phases[phase].latencies.push(arrived - at);
      } else waiting.set(body.data.id, { at, to, phase });
    } catch {
      phases[phase].failed++;
    }
    turn = 1 - turn;
    await sleep(intervalMs);
  }
}

const listeners = clients.map(listen);
loop.enable();
port.on('message', async (m: ToClients) => {
  if (m.type === 'kill') {
    phases[0].loopP99 = loop.percentile(99) / 1e6;
    loop.reset();
    killAt = m.at;
    alive[m.server] = false;
    return;
  }
  loop.reset();
  await Promise.all(pairs.map((p, k) => converse(p, k, m.endAt)));
  // Let the last messages arrive.
  const until = Date.now() + drainMs;
  while (waiting.size && Date.now() < until) await sleep(100);
  phases[phaseOf(Date.now())].loopP99 = loop.percentile(99) / 1e6;
  stopping = true;
  port.postMessage({ type: 'done', phases } satisfies FromClients);
  await Promise.race([Promise.allSettled(listeners), sleep(1000)]);
  process.exit(0);
});
