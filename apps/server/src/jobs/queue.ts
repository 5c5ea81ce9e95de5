/**
 * Background jobs (imports, relative matching, PDFs). One interface, two implementations: pg-boss on
 * Postgres (workers may run in many processes), and a queue on the `queue_jobs` table inside this
 * process on the embedded database. Handlers must be idempotent: a job can run again after a crash,
 * a lost lock or a retry, and a second run must not duplicate rows.
 */
export interface SendOptions {
  /**
   * While a job of this name and key is waiting or running, sending another is a no-op (answers
   * null); once it has finished, the same key may be sent again.
   */
  singletonKey?: string;
  /** Retries after the first attempt when the handler throws (default 2, i.e. 3 attempts). */
  retryLimit?: number;
}

export interface JobInfo {
  id: string;
  name: string;
  /** 1 on the first run; a run after a crash or a thrown error counts as a further attempt. */
  attempt: number;
  maxAttempts: number;
}

export type JobHandler<P> = (payload: P, job: JobInfo) => Promise<void>;

export interface WorkOptions<P> {
  /** Jobs of this name run at most this many at a time in this process (default 1). */
  concurrency?: number;
  /**
   * Called once when the queue gives a job up: its last attempt threw, or the process running it died
   * with no attempt left. Lets the domain record the failure where users see it.
   */
  onFailed?: (payload: P, error: string) => Promise<void>;
}

/** Jobs of one name that wait (ready or retrying later) and that run now. */
export interface QueueDepth {
  name: string;
  waiting: number;
  active: number;
}

export interface JobQueue {
  readonly kind: 'pg-boss' | 'table';
  /** Enqueues a job; answers its id, or null when a job with the same singleton key is pending. */
  send<P extends object>(name: string, payload: P, opts?: SendOptions): Promise<string | null>;
  /** Registers the handler of a job name; it runs once the queue is started. */
  work<P extends object>(name: string, handler: JobHandler<P>, opts?: WorkOptions<P>): Promise<void>;
  start(): Promise<void>;
  /** Stops taking jobs and waits (a bounded time) for running ones; unfinished jobs run again later. */
  stop(): Promise<void>;
  /** Waiting and running jobs per name (metrics). */
  depth(): Promise<QueueDepth[]>;
  /** Whether the queue's storage answers (readiness). */
  ping(): Promise<boolean>;
}

export const DEFAULT_RETRY_LIMIT = 2;
