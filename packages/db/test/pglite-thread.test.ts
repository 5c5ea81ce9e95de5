import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/client.ts';
import { users } from '../src/schema/index.ts';

/** The server's embedded database runs on its own thread: it must behave as PGlite in-process does. */
describe('PGlite on its own thread', () => {
  let dir: string;
  let database: Database;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'jy-pglite-thread-'));
    database = await openDatabase({ dataDir: dir, thread: true });
    await database.migrate();
    await database.db.execute(sql`create table probe (id text primary key, b bytea, at timestamptz, j jsonb)`);
  });
  afterAll(async () => {
    await database?.close();
    await rm(dir, { recursive: true, force: true });
  });

  type Executor = Pick<Database['db'], 'execute'>;
  const rows = async (on: Executor, q: ReturnType<typeof sql>) =>
    ((await on.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;

  it('migrates, and typed queries read the schema', async () => {
    const [{ n }] = await database.db.select({ n: count() }).from(users);
    expect(n).toBe(0);
  });

  it('returns binary values as Node buffers and keeps timestamps as the server wrote them', async () => {
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
    await database.db.execute(sql`insert into probe values ('a', ${bytes}, '2026-01-02T03:04:05Z', '{"k":[1,2]}')`);
    const [row] = (await rows(database.db, sql`select b, at, j from probe where id = 'a'`)) as { b: Buffer; at: string; j: unknown }[];
    expect(Buffer.isBuffer(row.b)).toBe(true);
    expect(row.b.equals(bytes)).toBe(true);
    expect(row.at).toBe('2026-01-02 03:04:05+00');
    expect(row.j).toEqual({ k: [1, 2] });
  });

  it('commits a transaction, rolls one back when it throws, and runs others after it', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into probe (id) values ('t1')`);
      await tx.execute(sql`insert into probe (id) values ('t2')`);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into probe (id) values ('t3')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // A statement sent while a transaction is open waits for it and sees its outcome.
    const [inside, outside] = await Promise.all([
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into probe (id) values ('t4')`);
        return (await rows(tx, sql`select count(*)::int as n from probe where id like 't%'`))[0];
      }),
      rows(database.db, sql`select count(*)::int as n from probe where id like 't%'`).then((r) => r[0]),
    ]);
    expect(inside).toEqual({ n: 3 });
    expect(outside).toEqual({ n: 3 });
  });

  it('reports a unique violation with its Postgres code and changes nothing', async () => {
    const err = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into probe (id) values ('u1')`);
        await tx.execute(sql`insert into probe (id) values ('u1')`);
      })
      .catch((e: Error & { cause?: { code?: string } }) => e);
    expect((err as Error & { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code).toBe('23505');
    expect(await rows(database.db, sql`select count(*)::int as n from probe where id = 'u1'`)).toEqual([{ n: 0 }]);
  });

  it('delivers notifications once the notifying transaction commits', async () => {
    const got: string[] = [];
    const stop = await database.listen('probe_channel', (p) => got.push(p));
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('probe_channel', 'hello')`);
      expect(got).toEqual([]);
    });
    await expect.poll(() => got).toEqual(['hello']);
    await stop();
    await database.db.execute(sql`select pg_notify('probe_channel', 'after')`);
    await database.db.execute(sql`select 1`);
    expect(got).toEqual(['hello']);
  });
});
