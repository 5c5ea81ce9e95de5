import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ACCOUNT_PATHS } from '@jiyin/contracts/accounts';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import { REPORT_API_PATHS, UPLOAD_CHUNK_BYTES } from '@jiyin/contracts/reportApi';
import { openDatabase, schema } from '@jiyin/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { IMPORT_JOB } from '../src/imports/pipeline.ts';
import { simulatedCalls, vendorFileBytes } from '../src/imports/simulated.ts';

const MAIN = path.resolve(import.meta.dirname, '../src/main.ts');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** The real server (main.ts) on a PGlite data directory; `log` is what it has printed so far. */
async function startServer(dataDir: string, port: number) {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', APP_ENV: 'test', LOG_LEVEL: 'info', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server = { child, log: '' };
  child.stdout?.on('data', (d) => (server.log += d));
  child.stderr?.on('data', (d) => (server.log += d));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${server.log}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${server.log}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

const exited = (child: ChildProcess) => new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));

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
    let cookie = '';
    const api = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(base + url, {
        method,
        headers: {
          cookie,
          ...(body === undefined ? {} : { 'content-type': Buffer.isBuffer(body) ? 'application/octet-stream' : 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body),
      });
      const setCookie = res.headers.get('set-cookie');
      if (setCookie?.startsWith('__token=')) cookie = setCookie.split(';')[0];
      const answer = await res.json();
      if (answer.code !== 0) throw new Error(`${method} ${url}: ${answer.msg}`);
      return answer.data;
    };

    // A full-size file (600,000 markers) so the parse lasts long enough to be interrupted.
    const file = vendorFileBytes(simulatedCalls(21, 'female'));
    let server = await startServer(dataDir, port);
    running = server.child;
    const phone = '13900000301';
    await api('POST', ACCOUNT_PATHS.sendSmsCode, { phone, nationCode: '86', verifyType: 'signup', neCaptcha: 'dev-token' });
    const { code } = await api('GET', `${ACCOUNT_PATHS.devSmsOutbox}?phoneNumber=${phone}&nationCode=86`);
    await api('POST', ACCOUNT_PATHS.signup, {
      phoneNumber: phone,
      nationCode: '86',
      authCode: code,
      password: 'jiyin-Strong-2026',
      name: '重启测试',
    });
    const person = await api('POST', ACCOUNT_PATHS.persons, { name: '重启测试', gender: 'female' });
    const upload = await api('POST', REPORT_API_PATHS.uploads, { personId: person.id, fileName: 'genome.txt', size: file.length });
    for (let offset = 0; offset < file.length; offset += UPLOAD_CHUNK_BYTES) {
      await api('PUT', fillPattern(REPORT_API_PATHS.uploadOne, { id: upload.id }), file.subarray(offset, offset + UPLOAD_CHUNK_BYTES), {
        'upload-offset': String(offset),
      });
    }
    const job = await api('POST', REPORT_API_PATHS.imports, { uploadId: upload.id });

    // Killed outright the moment the worker says it is parsing.
    const deadline = Date.now() + 60_000;
    while (!server.log.includes(`"importJobId":"${job.id}","stage":"parsing"`)) {
      if (Date.now() > deadline) throw new Error(`the import never started:\n${server.log}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    server.child.kill('SIGKILL');
    await exited(server.child);
    expect(server.log).not.toContain(`"importJobId":"${job.id}","stage":"done"`);

    server = await startServer(dataDir, port);
    running = server.child;
    let view = await api('GET', fillPattern(REPORT_API_PATHS.importOne, { id: job.id }));
    const until = Date.now() + 90_000;
    while (view.stage !== 'done' && view.stage !== 'failed' && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200));
      view = await api('GET', fillPattern(REPORT_API_PATHS.importOne, { id: job.id }));
    }
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
