import { randomUUID } from 'node:crypto';
import { type JobWithMetadata, PgBoss } from 'pg-boss';
import { DEFAULT_RETRY_LIMIT, type JobHandler, type JobQueue, type QueueDepth, type SendOptions, type WorkOptions } from './queue.ts';

export interface PgBossQueueOptions {
  /** Seconds without a heartbeat after which a running job counts as dead and is retried. */
  heartbeatSeconds?: number;
  retryDelaySeconds?: number;
  /** How long stop() lets running jobs finish; pg-boss then fails them, and they are retried (SHUTDOWN_TIMEOUT_MS). */
  stopTimeoutMs?: number;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** Suffix of the dead-letter queue where pg-boss puts jobs that used up their retries. */
const DEAD = '__failed';

/**
 * pg-boss on Postgres, with its own connections and its own `pgboss` schema. Queues use the
 * 'exclusive' policy (one waiting or running job per singleton key); a send without a key gets a
 * unique one so such jobs never block each other. Workers heartbeat, so a job whose process died is
 * retried once heartbeatSeconds pass; jobs that used up their retries land in `<name>__failed`,
 * whose worker calls onFailed.
 */
export class PgBossQueue implements JobQueue {
  readonly kind = 'pg-boss' as const;
  private readonly boss: PgBoss;
  private readonly queues = new Map<string, Promise<void>>();
  private readonly pending: (() => Promise<unknown>)[] = [];
  private started = false;
  private opened: Promise<unknown> | null = null;
  private readonly opts: PgBossQueueOptions;

  constructor(connectionString: string, opts: PgBossQueueOptions = {}) {
    this.opts = opts;
    // A job whose process died is failed (and retried) by the supervisor's monitor step, which pg-boss
    // runs at most once a monitorIntervalSeconds (a minute by default) however often it supervises.
    // Both run five times a heartbeat period, so the job runs again about one period after its last
    // heartbeat, not up to a minute later. The monitor's queue counts are one small aggregate, claimed
    // across processes: one pass per interval however many processes run.
    const passSeconds = Math.max(1, Math.round(Math.min(60, opts.heartbeatSeconds ?? 30) / 5));
    this.boss = new PgBoss({
      connectionString,
      max: 4,
      schema: 'pgboss',
      application_name: 'jiyin-jobs',
      superviseIntervalSeconds: passSeconds,
      monitorIntervalSeconds: passSeconds,
      // A job sent wakes the idle workers of every process at once (Postgres NOTIFY on one connection
      // each) instead of at their next poll: an import waited up to a second, 0.6 s on average, to start.
      useListenNotify: true,
    });
    this.boss.on('error', (err) => opts.log?.error({ err }, 'pg-boss error'));
  }

  private ensureQueue(name: string, retryLimit = DEFAULT_RETRY_LIMIT): Promise<void> {
    let made = this.queues.get(name);
    if (!made) {
      made = (async () => {
        await this.boss.createQueue(`${name}${DEAD}`, { policy: 'standard' });
        await this.boss.createQueue(name, {
          policy: 'exclusive',
          retryLimit,
          retryDelay: this.opts.retryDelaySeconds ?? 5,
          retryBackoff: true,
          heartbeatSeconds: this.opts.heartbeatSeconds ?? 30,
          deadLetter: `${name}${DEAD}`,
          notify: true,
        });
        // createQueue leaves a queue made before as it was.
        await this.boss.updateQueue(name, { notify: true });
      })();
      made.catch(() => this.queues.delete(name));
      this.queues.set(name, made);
    }
    return made;
  }

  /** The connection; sending needs it even before workers start (as the table queue allows). */
  private open(): Promise<unknown> {
    this.opened ??= this.boss.start();
    return this.opened;
  }

  async send<P extends object>(name: string, payload: P, opts: SendOptions = {}): Promise<string | null> {
    await this.open();
    await this.ensureQueue(name);
    return this.boss.send(name, payload, {
      singletonKey: opts.singletonKey ?? randomUUID(),
      retryLimit: opts.retryLimit ?? DEFAULT_RETRY_LIMIT,
    });
  }

  async work<P extends object>(name: string, handler: JobHandler<P>, opts: WorkOptions<P> = {}): Promise<void> {
    const register = async () => {
      await this.ensureQueue(name);
      // One pg-boss worker per slot, each with its own id, so the slot that finished a job can be woken.
      // pg-boss waits out the poll interval less the job's duration before its next fetch: with a
      // backlog, a slot took at most one job a second (a 2-slot import worker on Postgres ran ~130
      // imports a minute, ~200 on the embedded queue, whose finishing job also claims the next at once).
      for (let slot = 0; slot < (opts.concurrency ?? 1); slot++) {
        let workerId: string | undefined;
        workerId = await this.boss.work(
          name,
          // Polling stays every second beside the notices: retries become due without one.
          { batchSize: 1, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 1, includeMetadata: true },
          async ([job]: JobWithMetadata<P>[]) => {
            try {
              await handler(job.data, { id: job.id, name, attempt: job.retryCount + 1, maxAttempts: job.retryLimit + 1 });
            } finally {
              // More may be waiting: fetch again at once; a fetch that finds nothing goes back to polling.
              if (workerId) this.boss.notifyWorker(workerId);
            }
          },
        );
      }
      const { onFailed } = opts;
      if (onFailed) {
        await this.boss.work<P>(`${name}${DEAD}`, { batchSize: 1, pollingIntervalSeconds: 2 }, async ([job]) => {
          await onFailed(job.data, '重试次数已用完');
        });
      }
    };
    if (this.started) await register();
    else this.pending.push(register);
  }

  async start(): Promise<void> {
    if (this.started) return;
    await this.open();
    this.started = true;
    for (const register of this.pending.splice(0)) await register();
  }

  async stop(): Promise<void> {
    if (!this.opened) return;
    await this.opened;
    this.started = false;
    this.opened = null;
    this.queues.clear();
    await this.boss.stop({ graceful: true, timeout: this.opts.stopTimeoutMs ?? 15_000, close: true });
  }

  async depth(): Promise<QueueDepth[]> {
    await this.open();
    const queues = await this.boss.getQueues();
    return queues.filter((q) => !q.name.endsWith(DEAD)).map((q) => ({ name: q.name, waiting: q.queuedCount, active: q.activeCount }));
  }

  async ping(): Promise<boolean> {
    try {
      await this.open();
      await this.boss.getQueues();
      return true;
    } catch {
      return false;
    }
  }
}
