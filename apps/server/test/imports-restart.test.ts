import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ACCOUNT_PATHS } from '@jiyin/contracts/accounts';
import { REPORT_API_PATHS } from '@jiyin/contracts/reportApi';
import { RELATIVES_API_PATHS, RELATIVES_PROTOCOL } from '@jiyin/contracts/relativesApi';
import { type Database, openDatabase, schema } from '@jiyin/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';
import { ELECTRONIC_REPORT_JOB } from '../src/electronic-report/service.ts';
import { IMPORT_JOB, RELATIVES_MATCH_JOB } from '../src/imports/pipeline.ts';
import { apiSession, exited, freePort, type SpawnedServer, startServer } from './spawned.ts';

const adminUrl = process.env.DATABASE_URL;

/** Waits for `text` in the server's log, then kills it outright (no drain, no clean-up). */
async function killWhen(server: SpawnedServer, text: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (!server.log.includes(text)) {
    if (server.child.exitCode !== null || Date.now() > deadline) throw new Error(`never logged ${text}:\n${server.log}`);
    await new Promise((r) => setTimeout(r, 5));
  }
  server.child.kill('SIGKILL');
  await exited(server.child);
}

interface Target {
  name: string;
  /** The environment of the spawned servers, and the database to read the end state from. */
  setUp(dir: string): Promise<{ env: Record<string, string>; open(): Promise<Database> }>;
  tearDown(): Promise<void>;
}

const pglite: Target = {
  name: 'PGlite',
  async setUp(dir) {
    return { env: { DATA_DIR: dir, DATABASE_URL: '' }, open: () => openDatabase({ dataDir: path.join(dir, 'pglite') }) };
  },
  async tearDown() {},
};

const dbName = `jy_restart_${process.pid}_${Date.now()}`;
const admin = async <T>(run: (sql: import('postgres').Sql) => Promise<T>) => {
  const postgres = (await import('postgres')).default;
  const sql = postgres(adminUrl as string, { max: 1, onnotice: () => {} });
  try {
    return await run(sql);
  } finally {
    await sql.end();
  }
};
const onPostgres: Target = {
  name: 'Postgres',
  async setUp(dir) {
    await admin((sql) => sql.unsafe(`create database ${dbName}`));
    const url = new URL(adminUrl as string);
    url.pathname = `/${dbName}`;
    // A killed worker's job is taken back once its heartbeat is this old (pg-boss; 30 s by default).
    return {
      env: { DATA_DIR: dir, DATABASE_URL: url.toString(), QUEUE_HEARTBEAT_S: '10' },
      open: () => openDatabase({ url: url.toString(), dataDir: dir }),
    };
  },
  tearDown: () => admin((sql) => sql.unsafe(`drop database if exists ${dbName} with (force)`)).then(() => undefined),
};

/**
 * The real server (main.ts) killed with SIGKILL in the middle of an import, a PDF render and a
 * relatives match, restarted each time: every job then runs to completion exactly once. Last, a
 * SIGTERM in the middle of a render drains: the render finishes, then the process exits. One
 * server start per case; the parent's and child's files are simulated once.
 */
describe.each([pglite, ...(adminUrl ? [onPostgres] : [])])('jobs whose process is killed ($name)', (target) => {
  let dir = '';
  let running: SpawnedServer | undefined;
  afterAll(async () => {
    running?.child.kill('SIGKILL');
    if (running) await exited(running.child);
    await target.tearDown();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('run again after the restart and complete, once; SIGTERM drains', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'jy-restart-'));
    await promisify(execFile)(process.execPath, [
      path.join(REPO_ROOT, 'packages/genome/bin/genome.mjs'),
      ...['simulate', '--pedigree', 'parent-child', '--format', '23andme', '--out', dir, '--seed', '41'],
    ]);
    const { env, open } = await target.setUp(path.join(dir, 'data'));
    const port = await freePort();
    const session = apiSession(`http://127.0.0.1:${port}`);
    const { api } = session;
    const start = async (extra: Record<string, string> = {}) => {
      running = await startServer(port, { ...env, ...extra });
      return running;
    };

    // 1. An import killed the moment the worker says it is parsing (full-size files: the parse lasts).
    let server = await start();
    await session.signUp('13900000301', '重启测试');
    const parent = await api('POST', ACCOUNT_PATHS.persons, { name: '林父', gender: 'male' });
    const child = await api('POST', ACCOUNT_PATHS.persons, { name: '林子', gender: 'male' });
    const parentJob = await session.startImport(parent.id, await readFile(path.join(dir, 'father.txt')));
    await killWhen(server, `"importJobId":"${parentJob.id}","stage":"parsing"`);
    expect(server.log).not.toContain(`"importJobId":"${parentJob.id}","stage":"done"`);

    // 2. After the restart it completes; then a PDF render is killed mid-way.
    server = await start();
    const parentView = await session.waitImport(parentJob.id, 90_000);
    expect(parentView).toMatchObject({ stage: 'done', progress: 100, errorMessage: null });
    const pdf = await api('POST', REPORT_API_PATHS.electronicReport, { barcode: parentView.barcode });
    await killWhen(server, `"id":"${pdf.id}","barcode":"${parentView.barcode}","msg":"electronic report rendering"`);
    expect(server.log).not.toContain('"msg":"electronic report rendered"');

    // 3. The render completes after the restart (before anything else is killed: a second kill would only
    // test the retry budget); the child's relatives match is killed mid-way.
    server = await start();
    // On Postgres a killed process's jobs run again once their heartbeat is found stale (QUEUE_HEARTBEAT_S).
    const eventually = async <T>(read: () => Promise<T>, ok: (v: T) => boolean) => {
      let v = await read();
      for (const until = Date.now() + 120_000; !ok(v) && Date.now() < until; v = await read()) await new Promise((r) => setTimeout(r, 250));
      return v;
    };
    const pdfView = await eventually(
      () => api('GET', `${REPORT_API_PATHS.electronicReport}?barcode=${parentView.barcode}`),
      (v) => v.report?.state === 'done',
    );
    expect(pdfView.report).toMatchObject({ id: pdf.id, state: 'done' });
    const childJob = await session.startImport(child.id, await readFile(path.join(dir, 'child.txt')));
    const childView = await session.waitImport(childJob.id, 90_000);
    expect(childView).toMatchObject({ stage: 'done' });
    await api('POST', RELATIVES_API_PATHS.consent, { barcode: parentView.barcode, protocolVersion: RELATIVES_PROTOCOL.version });
    await killWhen(server, `"barcode":"${parentView.barcode}","msg":"relatives matching"`);
    expect(server.log).not.toContain('"msg":"relatives matched"');

    // 4. The match runs again; the child joins and is matched. Then a SIGTERM during a render drains it.
    server = await start({ SHUTDOWN_TIMEOUT_MS: '60000' });
    await api('POST', RELATIVES_API_PATHS.consent, { barcode: childView.barcode, protocolVersion: RELATIVES_PROTOCOL.version });
    const list = await eventually(
      () => api('GET', `${RELATIVES_API_PATHS.list}?barcode=${parentView.barcode}`),
      (l) => l.list.length > 0,
    );
    expect(list.list).toHaveLength(1);
    const drained = await api('POST', REPORT_API_PATHS.electronicReport, { barcode: childView.barcode });
    const rendering = `"id":"${drained.id}","barcode":"${childView.barcode}","msg":"electronic report rendering"`;
    for (const until = Date.now() + 60_000; !server.log.includes(rendering) && Date.now() < until; )
      await new Promise((r) => setTimeout(r, 5));
    server.child.kill('SIGTERM');
    await exited(server.child);
    expect(server.child.exitCode).toBe(0);
    const rendered = server.log.indexOf(`"id":"${drained.id}","barcode":"${childView.barcode}","bytes"`);
    expect(rendered).toBeGreaterThan(server.log.indexOf(rendering));
    expect(server.log.indexOf('"msg":"shut down"')).toBeGreaterThan(rendered);

    // One of each row: the killed runs left nothing behind.
    const database = await open();
    try {
      const { db } = database;
      const [row] = await db.select().from(schema.importJobs).where(eq(schema.importJobs.id, parentJob.id));
      expect(row).toMatchObject({ stage: 'done', barcode: parentView.barcode });
      for (const [person, barcode] of [
        [parent.id, parentView.barcode],
        [child.id, childView.barcode],
      ]) {
        expect(await db.select().from(schema.kits).where(eq(schema.kits.personId, person))).toHaveLength(1);
        expect(await db.select().from(schema.genomes).where(eq(schema.genomes.personId, person))).toHaveLength(1);
        expect(await db.select().from(schema.reportResults).where(eq(schema.reportResults.barcode, barcode))).toHaveLength(1);
        const reports = await db.select().from(schema.electronicReports).where(eq(schema.electronicReports.barcode, barcode));
        expect(reports).toEqual([expect.objectContaining({ state: 'done' })]);
      }
      // The pair both ways, and each notice once: the report-ready ones, "relatives found" and "new relative".
      expect(await db.select().from(schema.relativeMatches)).toHaveLength(2);
      const notices = await db.select({ type: schema.notifications.type }).from(schema.notifications);
      expect(notices.map((n) => n.type).sort((a, b) => a - b)).toEqual([7, 17, 30, 30]);
      if (target === pglite) {
        // Each killed job was claimed twice; the drained one once.
        const queued = async (name: string, key: string) =>
          (
            await db
              .select()
              .from(schema.queueJobs)
              .where(and(eq(schema.queueJobs.name, name), eq(schema.queueJobs.singletonKey, key)))
          )[0];
        expect(await queued(IMPORT_JOB, parentJob.id)).toMatchObject({ state: 'completed', attempts: 2 });
        expect(await queued(ELECTRONIC_REPORT_JOB, pdf.id)).toMatchObject({ state: 'completed', attempts: 2 });
        expect(await queued(RELATIVES_MATCH_JOB, parentView.barcode)).toMatchObject({ state: 'completed' });
        expect(await queued(ELECTRONIC_REPORT_JOB, drained.id)).toMatchObject({ state: 'completed', attempts: 1 });
      }
    } finally {
      await database.close();
    }
  }, 400_000);
});
