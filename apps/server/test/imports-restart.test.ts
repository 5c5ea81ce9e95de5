import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ACCOUNT_PATHS } from '@jiyin/contracts/accounts';
import { openDatabase, schema } from '@jiyin/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { IMPORT_JOB } from '../src/imports/pipeline.ts';
import { simulatedCalls, vendorFileBytes } from '../src/imports/simulated.ts';
import { apiSession, exited, freePort, startServer } from './spawned.ts';

/** The real server (main.ts) on a PGlite data directory. */
const startOnPglite = (dataDir: string, port: number) => startServer(port, { DATA_DIR: dataDir, DATABASE_URL: '' });

describe('an import whose worker process is killed', () => {
  let dataDir: string;
  let running: ChildProcess | undefined;
  afterAll(async () => {
    if (running && running.exitCode === null) {
      running.kill('SIGKILL');
      await exited(running);
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('is run again after the restart and completes, once', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'jy-restart-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const session = apiSession(base);
    const { api } = session;

    // A full-size file (600,000 markers) so the parse lasts long enough to be interrupted.
    const file = vendorFileBytes(simulatedCalls(21, 'female'));
    let server = await startOnPglite(dataDir, port);
    running = server.child;
    const phone = '13900000301';
    await session.signUp(phone, '重启测试');
    const person = await api('POST', ACCOUNT_PATHS.persons, { name: '重启测试', gender: 'female' });
    const job = await session.startImport(person.id, file);

    // Killed outright the moment the worker says it is parsing.
    const deadline = Date.now() + 60_000;
    while (!server.log.includes(`"importJobId":"${job.id}","stage":"parsing"`)) {
      if (Date.now() > deadline) throw new Error(`the import never started:\n${server.log}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    server.child.kill('SIGKILL');
    await exited(server.child);
    expect(server.log).not.toContain(`"importJobId":"${job.id}","stage":"done"`);

    server = await startOnPglite(dataDir, port);
    running = server.child;
    const view = await session.waitImport(job.id, 90_000);
    expect(view).toMatchObject({ stage: 'done', progress: 100, errorMessage: null });
    const persons = await api('GET', ACCOUNT_PATHS.persons);
    expect(persons.list[0].detections).toEqual([expect.objectContaining({ barcode: view.barcode, hasReport: true })]);
    server.child.kill('SIGTERM');
    await exited(server.child);

    // Two attempts, one of each row: the killed one left nothing behind.
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    try {
      const { db } = database;
      const [row] = await db.select().from(schema.importJobs).where(eq(schema.importJobs.id, job.id));
      expect(row.attempts).toBe(2);
      // The demo family's imports are queued at start-up too: pick this job's row by its singleton key.
      const [queued] = await db
        .select()
        .from(schema.queueJobs)
        .where(and(eq(schema.queueJobs.name, IMPORT_JOB), eq(schema.queueJobs.singletonKey, job.id)));
      expect(queued).toMatchObject({ state: 'completed', attempts: 2 });
      expect(await db.select().from(schema.kits).where(eq(schema.kits.personId, person.id))).toHaveLength(1);
      expect(await db.select().from(schema.genomes).where(eq(schema.genomes.personId, person.id))).toHaveLength(1);
      expect(await db.select().from(schema.reportResults).where(eq(schema.reportResults.barcode, view.barcode))).toHaveLength(1);
      expect(await db.select().from(schema.notifications).where(eq(schema.notifications.relatedId, view.barcode))).toHaveLength(1);
    } finally {
      await database.close();
    }
  }, 300_000);
});
