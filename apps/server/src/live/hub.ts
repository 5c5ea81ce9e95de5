import type { LiveEvent, UnreadCounts } from '@jiyin/contracts/social';
import type { Database, Db } from '@jiyin/db';
import { sql } from 'drizzle-orm';
import type { Histogram } from 'prom-client';

/** One Postgres channel for every process: PGlite delivers it in-process, Postgres to every listener. */
export const LIVE_CHANNEL = 'jy_live';
const MAX_PAYLOAD_BYTES = 7900;

interface Wire {
  /** Recipients (user ids). */
  u: string[];
  /** Null: only the unread counts changed (a notice read or deleted, a thread opened). */
  e: LiveEvent | null;
  /** When it was published (ms since the epoch, inside the writing transaction): the delivery delay's start. */
  t: number;
}

/**
 * Sends an event to users through NOTIFY. Called inside the transaction that wrote the data, it is
 * delivered only if and when that transaction commits, by every web process to its own connections
 * (one mechanism for PGlite in one process and for Postgres behind several).
 */
export async function publish(db: Db, users: string[], event: LiveEvent | null): Promise<void> {
  if (!users.length) return;
  const u = [...new Set(users)];
  const t = Date.now();
  let text = JSON.stringify({ u, e: event, t } satisfies Wire);
  // NOTIFY payloads stop at 8000 bytes and a longer one would fail the caller's transaction: then
  // only the counts move live, and the item itself comes with the next list load.
  if (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES) text = JSON.stringify({ u, e: null, t } satisfies Wire);
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${text})`);
}

export type LiveSink = (event: LiveEvent) => void;

/**
 * This process's live connections by user. Every event makes the recipients' unread counts follow
 * (read once per recipient connected here), so badges never drift from the database.
 */
export class LiveHub {
  private readonly sinks = new Map<string, Set<LiveSink>>();
  private readonly tickets = new Map<string, number>();
  private stop: (() => Promise<void>) | null = null;

  private readonly database: Database;
  private readonly counts: (userId: string) => Promise<UnreadCounts>;
  private readonly log: { warn(obj: object, msg: string): void };
  private readonly delay?: Histogram<'stage'>;

  /** `delay`: from publishing to this process receiving the NOTIFY (`notified`) and writing it to its streams (`written`). */
  constructor(
    database: Database,
    counts: (userId: string) => Promise<UnreadCounts>,
    log: { warn(obj: object, msg: string): void },
    delay?: Histogram<'stage'>,
  ) {
    this.database = database;
    this.counts = counts;
    this.log = log;
    this.delay = delay;
  }

  async start(): Promise<void> {
    this.stop ??= await this.database.listen(LIVE_CHANNEL, (payload) => {
      void this.deliver(payload);
    });
  }

  async close(): Promise<void> {
    const stop = this.stop;
    this.stop = null;
    await stop?.();
  }

  subscribe(userId: string, sink: LiveSink): () => void {
    const set = this.sinks.get(userId) ?? new Set<LiveSink>();
    this.sinks.set(userId, set);
    set.add(sink);
    return () => {
      set.delete(sink);
      if (set.size) return;
      this.sinks.delete(userId);
      this.tickets.delete(userId);
    };
  }

  private async deliver(payload: string): Promise<void> {
    let wire: Wire;
    try {
      wire = JSON.parse(payload) as Wire;
    } catch (err) {
      this.log.warn({ err }, 'live: unreadable notification payload');
      return;
    }
    const here = wire.u.filter((userId) => this.sinks.has(userId));
    const event = wire.e;
    if (here.length) this.delay?.observe({ stage: 'notified' }, (Date.now() - wire.t) / 1000);
    // Events first, to every recipient; then each one's counts.
    if (event && here.length) {
      for (const userId of here) for (const sink of this.sinks.get(userId) ?? []) sink(event);
      this.delay?.observe({ stage: 'written' }, (Date.now() - wire.t) / 1000);
    }
    await Promise.all(here.map((userId) => this.sendCounts(userId)));
  }

  private async sendCounts(userId: string): Promise<void> {
    // Count reads may finish out of order: only the latest one asked for is sent (it saw the newest state).
    const ticket = (this.tickets.get(userId) ?? 0) + 1;
    this.tickets.set(userId, ticket);
    try {
      const counts: LiveEvent = { type: 'counts', counts: await this.counts(userId) };
      if (this.tickets.get(userId) !== ticket) return;
      for (const sink of this.sinks.get(userId) ?? []) sink(counts);
    } catch (err) {
      this.log.warn({ err, userId }, 'live: unread counts failed');
    }
  }
}
