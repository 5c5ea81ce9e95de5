import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { type Database, schema, testDatabaseTargets } from '@jiyin/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQueue, type JobQueue, PgBossQueue, TableQueue } from '../src/jobs/index.ts';
import { FsStorage, StorageNotFound } from '../src/storage/index.ts';

const { queueJobs } = schema;

/** Resolves when `check` holds, polling; fails after `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('file storage', () => {
  let root: string;
  let storage: FsStorage;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'jy-storage-'));
    storage = new FsStorage(root);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('puts whole objects atomically and reads, stats and deletes them', async () => {
    expect(await storage.put('a/b.txt', Buffer.from('你好'))).toEqual({ size: 6 });
    expect(await text(await storage.get('a/b.txt'))).toBe('你好');
    expect((await storage.stat('a/b.txt'))?.size).toBe(6);
    await storage.put(
      'a/b.txt',
      (async function* () {
        yield Buffer.from('new ');
        yield Buffer.from('bytes');
      })(),
    );
    expect(await text(await storage.get('a/b.txt'))).toBe('new bytes');
    expect(Buffer.from(await storage.read('a/b.txt')).toString()).toBe('new bytes');
    expect(await readdir(path.join(root, '.tmp'))).toEqual([]);
    await storage.delete('a/b.txt');
    await storage.delete('a/b.txt');
    expect(await storage.stat('a/b.txt')).toBeNull();
    await expect(storage.get('a/b.txt')).rejects.toBeInstanceOf(StorageNotFound);
    await expect(storage.read('a/b.txt')).rejects.toBeInstanceOf(StorageNotFound);
  });

  it('appends chunks at offsets, replaces unacknowledged bytes, and shows the object only when sealed', async () => {
    expect(await storage.append('up/1', 0, Buffer.from('abc'))).toBe(3);
    expect(await storage.stat('up/1')).toBeNull();
    await expect(storage.read('up/1')).rejects.toBeInstanceOf(StorageNotFound);
    expect(await storage.append('up/1', 3, Buffer.from('defXX'))).toBe(8);
    // The client never saw the answer for 'defXX' and sends its chunk again from offset 3.
    expect(await storage.append('up/1', 3, Buffer.from('def'))).toBe(6);
    await expect(storage.append('up/1', 9, Buffer.from('z'))).rejects.toThrow(/only 6 bytes/);
    await expect(storage.append('up/2', 4, Buffer.from('z'))).rejects.toThrow(/nothing appended/);
    expect(await storage.seal('up/1')).toEqual({ size: 6 });
    expect(await storage.seal('up/1')).toEqual({ size: 6 });
    expect(await text(await storage.get('up/1'))).toBe('abcdef');
  });

  it('refuses keys that could leave its directory', async () => {
    for (const key of ['../x', 'a/../../x', '/etc/passwd', '.partial/x', 'a//b', 'a\\b']) {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/invalid storage key/);
    }
  });
});

describe.each(testDatabaseTargets())('job queue on $name', (target) => {
  let database: Database;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(() => database.close());

  /** The queue start-up would make, with short retry delays so tests do not wait. */
  function makeQueue(now?: () => Date): JobQueue {
    if (database.kind === 'postgres' && database.url) return new PgBossQueue(database.url, { retryDelaySeconds: 1 });
    return new TableQueue(database.db, { now, pollMs: 50, retryDelayMs: 100 });
  }

  it('picks pg-boss on Postgres and the table queue on PGlite', () => {
    expect(createQueue(database).kind).toBe(database.kind === 'postgres' ? 'pg-boss' : 'table');
  });

  it('runs sent jobs, once per singleton key while pending, and retries a thrown error', async () => {
    const queue = makeQueue();
    const seen: string[] = [];
    let failures = 0;
    await queue.work<{ n: string }>(
      'echo',
      async (p, job) => {
        if (p.n === 'flaky' && failures++ === 0) throw new Error('first attempt fails');
        seen.push(`${p.n}@${job.attempt}`);
      },
      { concurrency: 2 },
    );
    const first = await queue.send('echo', { n: 'a' }, { singletonKey: 'k1' });
    expect(first).toBeTruthy();
    expect(await queue.send('echo', { n: 'dup' }, { singletonKey: 'k1' })).toBeNull();
    await queue.send('echo', { n: 'flaky' });
    await queue.start();
    try {
      await until(() => seen.length === 2);
      expect(seen.sort()).toEqual(['a@1', 'flaky@2']);
      // Finished, the key may be used again.
      await until(async () => (await queue.send('echo', { n: 'b' }, { singletonKey: 'k1' })) !== null);
      await until(() => seen.includes('b@1'));
    } finally {
      await queue.stop();
    }
  });

  it('works through a backlog without waiting a poll interval between jobs', async () => {
    // Both queues poll every second here (pg-boss's workers as start-up makes them): a slot that waited a
    // poll after each job would need 7 s or more for 8 jobs.
    const queue =
      database.kind === 'postgres' && database.url ? new PgBossQueue(database.url) : new TableQueue(database.db, { pollMs: 1000 });
    const done: number[] = [];
    await queue.work('backlog', async () => void done.push(Date.now()), { concurrency: 1 });
    for (let i = 0; i < 8; i++) await queue.send('backlog', { i });
    await queue.start();
    try {
      await until(() => done.length === 8);
      expect(done[7] - done[0]).toBeLessThan(3500);
    } finally {
      await queue.stop();
    }
  });

  it('gives a job up after its retries and tells the domain once', async () => {
    const queue = makeQueue();
    const failed: string[] = [];
    let runs = 0;
    await queue.work<{ n: string }>(
      'doomed',
      async () => {
        runs++;
        throw new Error('always fails');
      },
      { onFailed: async (p, error) => void failed.push(`${p.n}: ${error}`) },
    );
    await queue.start();
    try {
      await queue.send('doomed', { n: 'x' }, { retryLimit: 1 });
      await until(() => failed.length === 1, 30_000);
      expect(runs).toBe(2);
    } finally {
      await queue.stop();
    }
    expect(failed[0]).toMatch(/^x: /);
  });

  it.runIf(target.name === 'pglite')('runs a job again when the process that claimed it died', async () => {
    let clock = new Date('2026-11-23T08:00:00Z');
    const now = () => clock;
    // The "dead" process: claims the job and never finishes it (nor hands it back).
    const dead = new TableQueue(database.db, { now, pollMs: 50, lockMs: 60_000, stopTimeoutMs: 100, handBackOnStop: false });
    let claimed = false;
    await dead.work('orphan', () => {
      claimed = true;
      return new Promise<void>(() => {});
    });
    await dead.start();
    const id = await dead.send('orphan', {});
    await until(() => claimed);
    await dead.stop();

    const done: number[] = [];
    const next = new TableQueue(database.db, { now, pollMs: 50, lockMs: 60_000 });
    await next.work('orphan', async (_p, job) => void done.push(job.attempt));
    await next.start();
    try {
      // Still locked by the dead process: nothing happens until the lock runs out.
      await new Promise((r) => setTimeout(r, 300));
      expect(done).toEqual([]);
      clock = new Date(clock.getTime() + 61_000);
      await until(() => done.length === 1);
      expect(done).toEqual([2]);
      await until(
        async () =>
          (
            await database.db
              .select()
              .from(queueJobs)
              .where(eq(queueJobs.id, id as string))
          )[0]?.state === 'completed',
      );
    } finally {
      await next.stop();
    }

    // On the embedded database a restart reclaims orphans at once (one process owns the data).
    const again = new TableQueue(database.db, { now, pollMs: 50, stopTimeoutMs: 100, handBackOnStop: false });
    await again.work('orphan2', () => new Promise<void>(() => {}));
    await again.start();
    await again.send('orphan2', {});
    await until(async () => (await database.db.select().from(queueJobs).where(eq(queueJobs.name, 'orphan2')))[0]?.state === 'active');
    await again.stop();
    const restarted = new TableQueue(database.db, { now, pollMs: 50, recoverOnStart: true });
    const ran: number[] = [];
    await restarted.work('orphan2', async (_p, job) => void ran.push(job.attempt));
    await restarted.start();
    try {
      await until(() => ran.length === 1);
      expect(ran).toEqual([2]);
    } finally {
      await restarted.stop();
    }
  });
  it.runIf(target.name === 'pglite')('claims again after a job only where a job may be due, yet at once where one waits', async () => {
    // No poll within the test: only sends and finishing jobs wake a claim.
    let updates = 0;
    const db = new Proxy(database.db, {
      get(target, key) {
        if (key === 'update') updates++;
        return Reflect.get(target, key);
      },
    });
    const queue = new TableQueue(db, { pollMs: 60_000 });
    const release = new Map<string, () => void>();
    const ran: string[] = [];
    const hold = async (p: { n: string }) => {
      ran.push(p.n);
      await new Promise<void>((r) => release.set(p.n, r));
    };
    await queue.work('slow', hold, { concurrency: 1 });
    await queue.work('pair', hold, { concurrency: 2 });
    for (const n of ['s1', 's2']) await queue.send('slow', { n });
    await queue.start();
    try {
      // s1 fills 'slow'; the claim over 'pair' alone finds nothing. s2 waits for the slot, not for a poll.
      await until(() => ran.includes('s1'));
      release.get('s1')?.();
      await until(() => ran.includes('s2'), 5000);
      release.get('s2')?.();
      for (const n of ['p1', 'p2']) await queue.send('pair', { n });
      await until(() => ran.includes('p1') && ran.includes('p2'));
      await new Promise((r) => setTimeout(r, 200));
      const before = updates;
      release.get('p1')?.();
      release.get('p2')?.();
      await until(async () =>
        (await database.db.select().from(queueJobs).where(eq(queueJobs.name, 'pair'))).every((j) => j.state === 'completed'),
      );
      await new Promise((r) => setTimeout(r, 200));
      // Two completions and one claim that finds nothing: the second job's end knows nothing is due.
      expect(updates - before).toBe(3);
    } finally {
      await queue.stop();
    }
  });
  it.runIf(target.name === 'pglite')('hands jobs still running at the stop deadline back to the queue, not as an attempt', async () => {
    const draining = new TableQueue(database.db, { pollMs: 50, stopTimeoutMs: 100 });
    let claimed = false;
    await draining.work('long', () => {
      claimed = true;
      return new Promise<void>(() => {});
    });
    await draining.start();
    const id = (await draining.send('long', {})) as string;
    await until(() => claimed);
    await draining.stop();
    const [row] = await database.db.select().from(queueJobs).where(eq(queueJobs.id, id));
    expect(row).toMatchObject({ state: 'created', attempts: 0, lockedUntil: null });

    // Another process takes it at once (no lock to wait out), as its first attempt.
    const next = new TableQueue(database.db, { pollMs: 50 });
    const ran: number[] = [];
    await next.work('long', async (_p, job) => void ran.push(job.attempt));
    await next.start();
    try {
      await until(() => ran.length === 1);
      expect(ran).toEqual([1]);
    } finally {
      await next.stop();
    }
  });
});
