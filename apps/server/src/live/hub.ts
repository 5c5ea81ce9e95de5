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
  /** Recipients whose unread counts may have changed; absent: all of them. */
  c?: string[];
  /** When it was published (ms since the epoch, inside the writing transaction): the delivery delay's start. */
  t: number;
}

/**
 * Sends an event to users through NOTIFY. Called inside the transaction that wrote the data, it is
 * delivered only if and when that transaction commits, by every web process to its own connections
 * (one mechanism for PGlite in one process and for Postgres behind several). `countsOf` names the
 * users whose unread counts the write may have changed (all recipients unless said otherwise): only
 * theirs are read again.
 */
export async function publish(db: Db, users: string[], event: LiveEvent | null, countsOf: string[] = users): Promise<void> {
  if (!users.length) return;
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${livePayload(users, event, countsOf)})`);
}

/** The NOTIFY payload of `publish`, for a write that sends it itself (in the statement that writes the data). */
export function livePayload(users: string[], event: LiveEvent | null, countsOf: string[] = users): string {
  const u = [...new Set(users)];
  const c = countsOf.length === users.length && countsOf.every((id, i) => id === users[i]) ? undefined : [...new Set(countsOf)];
  const t = Date.now();
  const text = JSON.stringify({ u, e: event, c, t } satisfies Wire);
  // NOTIFY payloads stop at 8000 bytes and a longer one would fail the caller's transaction: then
  // only the counts move live, and the item itself comes with the next list load.
  return Buffer.byteLength(text) > MAX_PAYLOAD_BYTES ? JSON.stringify({ u, e: null, t } satisfies Wire) : text;
}

export type LiveSink = (event: LiveEvent) => void;

export interface LiveHubOptions {
  /** The unread counts of several users, read together (users without any may be left out: they have none). */
  counts: (userIds: string[]) => Promise<Map<string, UnreadCounts>>;
  log: { warn(obj: object, msg: string): void };
  /** Delay from publishing to this process receiving the NOTIFY (`notified`) and writing it to its streams (`written`). */
  delay?: Histogram<'stage'>;
}

/**
 * This process's live connections by user. Events are written to the recipients' streams as soon as
 * their NOTIFY arrives; the unread counts of the recipients whose counts changed follow, read for
 * all of them at once (the users that piled up while the previous read ran make the next batch), so
 * badges never drift from the database and a busy stream costs a few queries, not a few per event.
 */
export class LiveHub {
  private readonly sinks = new Map<string, Set<LiveSink>>();
  /** Users whose counts are to be read again, and whether a read is running (one at a time keeps them in order). */
  private dirty = new Set<string>();
  private reading = false;
  private stop: (() => Promise<void>) | null = null;

  private readonly database: Database;
  private readonly opts: LiveHubOptions;

  constructor(database: Database, opts: LiveHubOptions) {
    this.database = database;
    this.opts = opts;
  }

  async start(): Promise<void> {
    this.stop ??= await this.database.listen(LIVE_CHANNEL, (payload) => this.deliver(payload));
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
      this.dirty.delete(userId);
    };
  }

  private deliver(payload: string): void {
    let wire: Wire;
    try {
      wire = JSON.parse(payload) as Wire;
    } catch (err) {
      this.opts.log.warn({ err }, 'live: unreadable notification payload');
      return;
    }
    const here = wire.u.filter((userId) => this.sinks.has(userId));
    if (!here.length) return;
    const { delay } = this.opts;
    delay?.observe({ stage: 'notified' }, (Date.now() - wire.t) / 1000);
    // Events first, to every recipient; then the counts that changed.
    if (wire.e) {
      for (const userId of here) for (const sink of this.sinks.get(userId) ?? []) sink(wire.e);
      delay?.observe({ stage: 'written' }, (Date.now() - wire.t) / 1000);
    }
    for (const userId of wire.c ?? here) if (this.sinks.has(userId)) this.dirty.add(userId);
    void this.readCounts();
  }

  private async readCounts(): Promise<void> {
    if (this.reading || !this.dirty.size) return;
    this.reading = true;
    const batch = [...this.dirty];
    this.dirty = new Set();
    try {
      const counts = await this.opts.counts(batch);
      for (const userId of batch) {
        const event: LiveEvent = { type: 'counts', counts: counts.get(userId) ?? { info: 0, msg: 0 } };
        for (const sink of this.sinks.get(userId) ?? []) sink(event);
      }
    } catch (err) {
      this.opts.log.warn({ err, users: batch.length }, 'live: unread counts failed');
    } finally {
      this.reading = false;
    }
    // Those that changed meanwhile: read after this batch, so the newest state is what is sent last.
    void this.readCounts();
  }
}
