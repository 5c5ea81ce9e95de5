import { schema } from '@jiyin/db';
import { and, count, inArray } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { TestApp } from './helpers.ts';

/** Waits until no job of these names is waiting or running (the in-process table queue, or pg-boss). */
export async function drainQueue(t: TestApp, names: string[], timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    let pending: number;
    if (t.app.deps.queue.kind === 'table') {
      const { queueJobs } = schema;
      const [row] = await t.database.db
        .select({ n: count() })
        .from(queueJobs)
        .where(and(inArray(queueJobs.name, names), inArray(queueJobs.state, ['created', 'active'])));
      pending = Number(row.n);
    } else {
      const rows = (await t.database.db.execute(
        sql`select count(*)::int as n from pgboss.job where name in ${names} and state in ('created', 'retry', 'active')`,
      )) as unknown as { n: number }[];
      pending = rows[0].n;
    }
    if (pending === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`jobs ${names.join(', ')} did not finish`);
}
