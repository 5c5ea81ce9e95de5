import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ACCOUNT_PATHS } from '@jiyin/contracts/accounts';
import { RELATIVES_API_PATHS, RELATIVES_PROTOCOL } from '@jiyin/contracts/relativesApi';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';
import { apiSession, freePort, type SpawnedServer, startServer, stopAll } from './spawned.ts';

const adminUrl = process.env.DATABASE_URL;

/**
 * The Postgres deployment: two web processes (pages and API, no jobs) and two worker processes (jobs
 * only) on one database. Two users import a parent's and a child's files through different web
 * processes; the workers run the imports and the matching, and each user sees the other as a
 * relative; an image upload is re-encoded by a worker. Without Postgres there is nothing to scale out: the embedded database is one process's.
 */
describe.skipIf(!adminUrl)('two web and two worker processes on one Postgres', () => {
  const servers: SpawnedServer[] = [];
  const dbName = `jy_scale_${process.pid}_${Date.now()}`;
  let dir = '';
  afterAll(async () => {
    await stopAll(servers);
    if (dir) await rm(dir, { recursive: true, force: true });
    const postgres = (await import('postgres')).default;
    const admin = postgres(adminUrl as string, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  });

  it('imports and matches through the queue with jobs only in the workers', async () => {
    const postgres = (await import('postgres')).default;
    const admin = postgres(adminUrl as string, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl as string);
    url.pathname = `/${dbName}`;
    dir = await mkdtemp(path.join(tmpdir(), 'jy-scale-'));
    await promisify(execFile)(process.execPath, [
      path.join(REPO_ROOT, 'packages/genome/bin/genome.mjs'),
      ...['simulate', '--pedigree', 'parent-child', '--format', '23andme', '--out', dir, '--seed', '31'],
    ]);

    // Private files (uploads) must be shared by every process: one DATA_DIR here, a bucket (STORAGE=s3) in production.
    const env = (role: string) => ({ DATABASE_URL: url.toString(), PROCESS_ROLE: role, DATA_DIR: path.join(dir, 'data') });
    const [web1, web2, worker1, worker2] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    // The first web process migrates and seeds; the others start on the ready database, the workers together.
    servers.push(await startServer(web1, env('web')));
    servers.push(await startServer(web2, env('web')));
    servers.push(...(await Promise.all([startServer(worker1, env('worker')), startServer(worker2, env('worker'))])));

    // Workers answer health, readiness and metrics, and no API or page.
    expect((await fetch(`http://127.0.0.1:${worker1}/readyz`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${worker1}${ACCOUNT_PATHS.persons}`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${worker1}/`)).status).toBe(404);

    const people = [
      { base: `http://127.0.0.1:${web1}`, phone: '13911110001', name: '林父', gender: 'male', file: 'father.txt' },
      { base: `http://127.0.0.1:${web2}`, phone: '13911110002', name: '林子', gender: 'male', file: 'child.txt' },
    ];
    const sessions = await Promise.all(
      people.map(async (p) => {
        const s = apiSession(p.base);
        await s.signUp(p.phone, p.name);
        const person = await s.api('POST', ACCOUNT_PATHS.persons, { name: p.name, gender: p.gender });
        const job = await s.startImport(person.id, await readFile(path.join(dir, p.file)));
        return { s, job };
      }),
    );
    // Image re-encoding is a job as well: an upload through one web process is re-encoded by a worker
    // (web processes run no jobs) and served by the other web process.
    const boundary = 'scale-out-boundary';
    const picture = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#3a7' } })
      .jpeg()
      .toBuffer();
    const { uploadUrl } = await sessions[0].s.api(
      'POST',
      `${ACCOUNT_PATHS.uploadImage}?type=community`,
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
        picture,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      { 'content-type': `multipart/form-data; boundary=${boundary}` },
    );
    const served = await fetch(`${people[1].base}${uploadUrl}`);
    expect(served.status).toBe(200);
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ width: 800, height: 400 });

    const barcodes: string[] = [];
    for (const { s, job } of sessions) {
      const view = await s.waitImport(job.id, 180_000);
      expect(view).toMatchObject({ stage: 'done', errorMessage: null });
      barcodes.push(view.barcode);
      await s.api('POST', RELATIVES_API_PATHS.consent, { barcode: view.barcode, protocolVersion: RELATIVES_PROTOCOL.version });
    }

    // The matching jobs ran in the workers: each side lists the other as a close relative.
    for (const [i, { s }] of sessions.entries()) {
      let list = await s.api('GET', `${RELATIVES_API_PATHS.list}?barcode=${barcodes[i]}`);
      const until = Date.now() + 120_000;
      while (list.list.length === 0 && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 500));
        list = await s.api('GET', `${RELATIVES_API_PATHS.list}?barcode=${barcodes[i]}`);
      }
      expect(list.list).toHaveLength(1);
      expect(list.list[0].grade.grade).toBe('2-3');
    }
    const logs = servers.map((s) => s.log);
    // Jobs ran in the worker processes only, and each job log line carries the request that queued it.
    for (const web of logs.slice(0, 2)) expect(web).not.toContain('"msg":"relatives matched"');
    expect(logs.slice(2).join('')).toContain('"msg":"relatives matched"');
    expect(logs.slice(2).join('')).toMatch(/"job":"import","requestId":"[0-9a-f-]{36}"/);
  }, 600_000);
});
