import { createServer, type Server, Socket } from 'node:net';
import { openDatabase, testDatabaseTargets } from '@jiyin/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { jobLogFields, runContext } from '../src/metrics/index.ts';
import { drainQueue } from './drain.ts';
import { startTestApp, type TestApp } from './helpers.ts';

describe.each(testDatabaseTargets())('metrics and health ($name)', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  it('carries the queuing request id into the job and its log fields, and strips it from the payload', async () => {
    const seen: { payload: unknown; context: unknown; fields: object }[] = [];
    await t.app.deps.queue.work<{ n: number }>('metrics-probe', async (payload) => {
      seen.push({ payload, context: runContext.getStore(), fields: jobLogFields() });
    });
    await runContext.run({ requestId: 'req-for-probe' }, () => t.app.deps.queue.send('metrics-probe', { n: 1 }));
    await drainQueue(t, ['metrics-probe'], 30_000);
    expect(seen).toEqual([
      {
        payload: { n: 1 },
        context: { requestId: 'req-for-probe', job: 'metrics-probe' },
        fields: { job: 'metrics-probe', requestId: 'req-for-probe' },
      },
    ]);
  });

  it('serves Prometheus text with request histograms per route, event-loop delay, jobs and queue depth', async () => {
    for (let i = 0; i < 3; i++) expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    const res = await t.app.inject('/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(/http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/healthz",status_code="200"\} \d+/);
    expect(res.body).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/healthz",status_code="200"\} 3/);
    expect(res.body).toMatch(/nodejs_eventloop_lag_p99_seconds \d/);
    expect(res.body).toMatch(/job_duration_seconds_count\{name="metrics-probe",outcome="ok"\} 1/);
    expect(res.body).toMatch(/queue_depth\{name="metrics-probe",state="waiting"\} 0/);
  });

  it('answers /metrics to loopback callers only, unless a token is configured', async () => {
    const remote = await t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(404);
    expect(remote.body).not.toContain('http_request_duration_seconds');
  });

  it('is ready while the database and the queue answer', async () => {
    const res = await t.app.inject('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, data: { db: 'ok', queue: 'ok' }, msg: 'ok' });
  });
});

describe('metrics behind a token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(testDatabaseTargets()[0], { METRICS_TOKEN: 'scrape-secret' });
  });
  afterAll(() => t.close());

  it('needs the bearer token from every caller', async () => {
    expect((await t.app.inject('/metrics')).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(404);
    const ok = await t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.9', headers: { authorization: 'Bearer scrape-secret' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('process_cpu_user_seconds_total');
  });
});

describe('readiness when the embedded database is gone', () => {
  it('turns 503 with a Chinese reason once the database is closed, while liveness stays up', async () => {
    const t = await startTestApp(testDatabaseTargets()[0]);
    await t.database.close();
    const res = await t.app.inject('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ data: { db: 'down' }, msg: '数据库不可用' });
    expect(res.json().code).not.toBe(0);
    // A restart would not bring the database back: liveness answers for the process alone.
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    await t.app.close();
  });
});

/**
 * A TCP relay to the real Postgres that can be cut and restored, so the server's view of a database
 * that stops and comes back is tested without stopping the shared server.
 */
function relay(port: number): { server: Server; cut(): void } {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = new Socket();
    sockets.add(client).add(upstream);
    upstream.connect(port, '127.0.0.1');
    client.pipe(upstream).pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  return {
    server,
    cut() {
      for (const s of sockets) s.destroy();
      sockets.clear();
    },
  };
}

const pgTarget = testDatabaseTargets().find((x) => x.name === 'postgres');
describe.skipIf(!pgTarget)('readiness when Postgres stops and returns', () => {
  it('turns 503 while the database is unreachable and 200 once it answers again', async () => {
    const direct = await (pgTarget as NonNullable<typeof pgTarget>).open();
    const url = new URL(direct.url as string);
    const r = relay(Number(url.port || 5432));
    await new Promise<void>((resolve) => r.server.listen(0, '127.0.0.1', resolve));
    const relayPort = (r.server.address() as { port: number }).port;
    url.port = String(relayPort);
    const database = await openDatabase({ url: url.toString(), dataDir: '' });
    const app = await buildApp({ config: loadConfig({ APP_ENV: 'test', LOG_LEVEL: 'silent' }), database }, { pages: false, logger: false });
    await app.ready();
    try {
      expect((await app.inject('/readyz')).statusCode).toBe(200);
      r.server.close();
      r.cut();
      const down = await app.inject('/readyz');
      expect(down.statusCode).toBe(503);
      await new Promise<void>((resolve) => r.server.listen(relayPort, '127.0.0.1', resolve));
      let back = 0;
      for (let i = 0; i < 40 && back !== 200; i++) {
        back = (await app.inject('/readyz')).statusCode;
        if (back !== 200) await new Promise((w) => setTimeout(w, 250));
      }
      expect(back).toBe(200);
    } finally {
      await app.close();
      await database.close();
      r.server.close();
      r.cut();
      await direct.close();
    }
  }, 60_000);
});
