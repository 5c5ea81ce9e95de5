import type { Database } from '@jiyin/db';
import { PgBossQueue } from './pgboss.ts';
import type { JobQueue } from './queue.ts';
import { TableQueue } from './table.ts';

export {
  DEFAULT_RETRY_LIMIT,
  type JobHandler,
  type JobInfo,
  type JobQueue,
  type QueueDepth,
  type SendOptions,
  type WorkOptions,
} from './queue.ts';
export { PgBossQueue } from './pgboss.ts';
export { TableQueue, type TableQueueOptions } from './table.ts';

type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

/** pg-boss on Postgres; on the embedded database, the in-process queue on `queue_jobs`. */
export function createQueue(
  database: Database,
  opts: { now?: () => Date; log?: Log; stopTimeoutMs?: number; heartbeatSeconds?: number } = {},
): JobQueue {
  const { now, log, stopTimeoutMs, heartbeatSeconds } = opts;
  if (database.kind === 'postgres' && database.url) return new PgBossQueue(database.url, { log, stopTimeoutMs, heartbeatSeconds });
  return new TableQueue(database.db, { now, log, stopTimeoutMs, recoverOnStart: true });
}
