import { randomUUID } from 'node:crypto';
import { type Db, schema } from '@jiyin/db';
import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { DEFAULT_RETRY_LIMIT, type JobHandler, type JobQueue, type QueueDepth, type SendOptions, type WorkOptions } from './queue.ts';

const { queueJobs } = schema;

export interface TableQueueOptions {
  now?: () => Date;
  /** How often an idle queue looks for due jobs (sends in this process wake it at once). */
  pollMs?: number;
  /** A claimed job is this process's for this long, renewed while it runs; after that it is free again. */
  lockMs?: number;
  /** Backoff after a thrown error: retryDelayMs, then twice that, four times… */
  retryDelayMs?: number;
  /** How long stop() waits for running jobs before handing them back to the queue (SHUTDOWN_TIMEOUT_MS). */
  stopTimeoutMs?: number;
  /**
   * Whether stop() hands jobs still running at its deadline back to the queue (the default). False
   * leaves them locked until their lock runs out, as a process that died leaves them (tests of that).
   */
  handBackOnStop?: boolean;
  /**
   * Treat jobs left 'active' as orphans at start. Right on the embedded database, whose data
   * directory one process alone can open: whatever was running belonged to a process now gone.
   */
  recoverOnStart?: boolean;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

interface Worker {
  name: string;
  // biome-ignore lint/suspicious/noExplicitAny: handlers of different payload types share one table
  handler: JobHandler<any>;
  // biome-ignore lint/suspicious/noExplicitAny: as above
  opts: WorkOptions<any>;
  running: number;
}

/**
 * The queue on the `queue_jobs` table, worked in this process. A job is claimed with one UPDATE of
 * the oldest due row (FOR UPDATE SKIP LOCKED, so several processes could share the table), locked
 * for lockMs and kept locked while its handler runs; a job whose lock ran out (its process died) is
 * claimed again and counts as a further attempt. Attempts and the last error stay on the row.
 */
export class TableQueue implements JobQueue {
  readonly kind = 'table' as const;
  private readonly now: () => Date;
  private readonly pollMs: number;
  private readonly lockMs: number;
  private readonly retryDelayMs: number;
  private readonly stopTimeoutMs: number;
  private readonly workers = new Map<string, Worker>();
  private readonly active = new Map<string, Promise<void>>();
  private started = false;
  private timer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | null = null;
  private again = false;
  /**
   * Counts the moments a job may have become due: a send from this process, and each poll (jobs
   * sent by other processes, retries whose delay ran out, locks of dead processes). A claim that
   * found nothing records the count it started at and the queues it looked in; until the count
   * moves on, a finishing job wakes no claim over those queues, which could only come back empty
   * (about two statements per import on the embedded database, each as dear as one that finds a job).
   */
  private dueEpoch = 0;
  private nothingDue: { epoch: number; names: Set<string> } | null = null;

  private readonly db: Db;
  private readonly opts: TableQueueOptions;

  constructor(db: Db, opts: TableQueueOptions = {}) {
    this.db = db;
    this.opts = opts;
    this.now = opts.now ?? (() => new Date());
    this.pollMs = opts.pollMs ?? 1000;
    this.lockMs = opts.lockMs ?? 60_000;
    this.retryDelayMs = opts.retryDelayMs ?? 5000;
    this.stopTimeoutMs = opts.stopTimeoutMs ?? 15_000;
  }

  async send<P extends object>(name: string, payload: P, opts: SendOptions = {}): Promise<string | null> {
    const now = this.now();
    const maxAttempts = (opts.retryLimit ?? DEFAULT_RETRY_LIMIT) + 1;
    const fresh = {
      state: 'created' as const,
      payload: payload as Record<string, unknown>,
      attempts: 0,
      maxAttempts,
      runAfter: now,
      lockedUntil: null,
      lastError: null,
      updatedAt: now,
    };
    const rows = await this.db
      .insert(queueJobs)
      .values({ id: randomUUID(), name, singletonKey: opts.singletonKey ?? null, createdAt: now, ...fresh })
      // A finished job with the same key is revived; a waiting or running one makes this a no-op.
      .onConflictDoUpdate({
        target: [queueJobs.name, queueJobs.singletonKey],
        set: fresh,
        setWhere: inArray(queueJobs.state, ['completed', 'failed']),
      })
      .returning({ id: queueJobs.id });
    if (rows[0]) {
      this.dueEpoch++;
      this.wake();
    }
    return rows[0]?.id ?? null;
  }

  async work<P extends object>(name: string, handler: JobHandler<P>, opts: WorkOptions<P> = {}): Promise<void> {
    this.workers.set(name, { name, handler, opts, running: 0 });
    if (this.started) this.wake();
  }

  async start(): Promise<void> {
    if (this.started) return;
    if (this.opts.recoverOnStart) {
      await this.db
        .update(queueJobs)
        .set({ lockedUntil: new Date(0) })
        .where(eq(queueJobs.state, 'active'));
    }
    this.started = true;
    this.heartbeat = setInterval(() => void this.renewLocks(), Math.max(1000, this.lockMs / 3));
    this.heartbeat.unref();
    this.wake();
  }

  async stop(): Promise<void> {
    this.started = false;
    clearTimeout(this.timer);
    clearInterval(this.heartbeat);
    await this.ticking;
    let timeout: NodeJS.Timeout | undefined;
    const drained = await Promise.race([
      Promise.allSettled([...this.active.values()]).then(() => true),
      new Promise<false>((r) => {
        timeout = setTimeout(() => r(false), this.stopTimeoutMs);
      }),
    ]);
    clearTimeout(timeout);
    if (!drained && this.opts.handBackOnStop !== false) await this.handBack();
  }

  /**
   * Jobs still running when stop() gives up go back to the queue at once (not as a further
   * attempt): another process, or this one's next start, claims them without waiting for the lock
   * to run out. A run finishing after this cannot mark them done (its attempt count no longer
   * matches), so they run again; handlers are idempotent.
   */
  private async handBack(): Promise<void> {
    const ids = [...this.active.keys()];
    if (!ids.length) return;
    try {
      await this.db
        .update(queueJobs)
        .set({ state: 'created', attempts: sql`${queueJobs.attempts} - 1`, lockedUntil: null, runAfter: this.now(), updatedAt: this.now() })
        .where(and(inArray(queueJobs.id, ids), eq(queueJobs.state, 'active')));
      this.opts.log?.warn({ jobs: ids.length }, 'queue: jobs still running at shutdown handed back');
    } catch (err) {
      this.opts.log?.error({ err }, 'queue: handing jobs back failed');
    }
  }

  async depth(): Promise<QueueDepth[]> {
    const rows = await this.db
      .select({ name: queueJobs.name, state: queueJobs.state, n: sql<number>`count(*)::int` })
      .from(queueJobs)
      .where(inArray(queueJobs.state, ['created', 'active']))
      .groupBy(queueJobs.name, queueJobs.state);
    const byName = new Map<string, QueueDepth>();
    for (const w of this.workers.keys()) byName.set(w, { name: w, waiting: 0, active: 0 });
    for (const r of rows) {
      const d = byName.get(r.name) ?? { name: r.name, waiting: 0, active: 0 };
      if (r.state === 'active') d.active = r.n;
      else d.waiting = r.n;
      byName.set(r.name, d);
    }
    return [...byName.values()];
  }

  async ping(): Promise<boolean> {
    try {
      await this.db.select({ id: queueJobs.id }).from(queueJobs).limit(1);
      return true;
    } catch {
      return false;
    }
  }

  /** Runs a claiming pass now (or right after the current one). */
  private wake(): void {
    if (!this.started) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.ticking = this.tick().finally(() => {
      this.ticking = null;
      if (!this.started) return;
      if (this.again) {
        this.again = false;
        this.wake();
      } else {
        this.timer = setTimeout(() => {
          this.dueEpoch++;
          this.wake();
        }, this.pollMs);
        this.timer.unref();
      }
    });
  }

  /**
   * Claims due jobs until every worker is busy or none is due, each with one statement over all the
   * queues with room: a pass with nothing due costs one statement, not one per registered queue.
   */
  private async tick(): Promise<void> {
    while (this.started) {
      const open = [...this.workers.values()].filter((w) => w.running < (w.opts.concurrency ?? 1));
      if (!open.length) return;
      const known = this.nothingDue;
      if (known?.epoch === this.dueEpoch && open.every((w) => known.names.has(w.name))) return;
      const epoch = this.dueEpoch;
      let claimed: Awaited<ReturnType<TableQueue['claim']>>;
      try {
        claimed = await this.claim(open.map((w) => w.name));
      } catch (err) {
        this.opts.log?.error({ err, queues: open.map((w) => w.name) }, 'queue: claiming a job failed');
        return;
      }
      if (!claimed) {
        this.nothingDue = { epoch, names: new Set(open.map((w) => w.name)) };
        return;
      }
      const w = this.workers.get(claimed.name) as Worker;
      w.running++;
      const run = this.run(w, claimed).finally(() => {
        w.running--;
        this.active.delete(claimed.id);
        this.wake();
      });
      this.active.set(claimed.id, run);
    }
  }

  /** The oldest due job of any of these queues, locked for this process. */
  private async claim(names: string[]) {
    const now = this.now();
    const due = this.db
      .select({ id: queueJobs.id })
      .from(queueJobs)
      .where(
        and(
          inArray(queueJobs.name, names),
          or(
            and(eq(queueJobs.state, 'created'), lte(queueJobs.runAfter, now)),
            and(eq(queueJobs.state, 'active'), lt(queueJobs.lockedUntil, now)),
          ),
        ),
      )
      .orderBy(asc(queueJobs.runAfter), asc(queueJobs.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await this.db
      .update(queueJobs)
      .set({
        state: 'active',
        attempts: sql`${queueJobs.attempts} + 1`,
        lockedUntil: new Date(now.getTime() + this.lockMs),
        updatedAt: now,
      })
      .where(inArray(queueJobs.id, due))
      .returning();
    return row;
  }

  private async run(w: Worker, job: typeof queueJobs.$inferSelect): Promise<void> {
    try {
      // Claimed once more after its last attempt: the process that ran that attempt died.
      if (job.attempts > job.maxAttempts) {
        await this.giveUp(w, job, '任务执行中断次数过多');
        return;
      }
    } catch (err) {
      this.opts.log?.error({ err, queue: w.name, jobId: job.id }, 'queue: giving a job up failed');
      return;
    }
    try {
      await w.handler(job.payload, { id: job.id, name: job.name, attempt: job.attempts, maxAttempts: job.maxAttempts });
      await this.db
        .update(queueJobs)
        .set({ state: 'completed', lockedUntil: null, updatedAt: this.now() })
        .where(and(eq(queueJobs.id, job.id), eq(queueJobs.attempts, job.attempts)));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.opts.log?.warn({ err, queue: w.name, jobId: job.id, attempt: job.attempts }, 'queue: job failed');
      try {
        if (job.attempts >= job.maxAttempts) {
          await this.giveUp(w, job, message);
        } else {
          const delay = this.retryDelayMs * 2 ** (job.attempts - 1);
          await this.db
            .update(queueJobs)
            .set({
              state: 'created',
              runAfter: new Date(this.now().getTime() + delay),
              lockedUntil: null,
              lastError: message,
              updatedAt: this.now(),
            })
            .where(and(eq(queueJobs.id, job.id), eq(queueJobs.attempts, job.attempts)));
        }
      } catch (inner) {
        this.opts.log?.error({ err: inner, queue: w.name, jobId: job.id }, 'queue: recording a failure failed');
      }
    }
  }

  private async giveUp(w: Worker, job: typeof queueJobs.$inferSelect, message: string): Promise<void> {
    await this.db
      .update(queueJobs)
      .set({ state: 'failed', lockedUntil: null, lastError: message, updatedAt: this.now() })
      .where(eq(queueJobs.id, job.id));
    await w.opts.onFailed?.(job.payload, message);
  }

  private async renewLocks(): Promise<void> {
    const ids = [...this.active.keys()];
    if (!ids.length) return;
    try {
      await this.db
        .update(queueJobs)
        .set({ lockedUntil: new Date(this.now().getTime() + this.lockMs) })
        .where(and(inArray(queueJobs.id, ids), eq(queueJobs.state, 'active')));
    } catch (err) {
      this.opts.log?.error({ err }, 'queue: renewing locks failed');
    }
  }
}
