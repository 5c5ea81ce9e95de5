import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import { SHOP_PATHS } from '@jiyin/contracts/shop';
import type { TestProject } from 'vitest/node';
import { type FakeWechatPay, startFakeWechatPay } from './wechat-pay-gateway.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

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

async function waitForHealth(base: string, child: ChildProcess, log: () => string) {
  // The first start migrates, seeds and imports the demo genome before it listens: slow on a busy 2-core machine.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log()}`);
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy:\n${log()}`);
}

/**
 * Starts the real server (production web build, fresh PGlite data dir, demo seed) for the e2e run.
 * Tests start as soon as it answers: the demo family's imports run on the server's worker threads,
 * so pages keep being served meanwhile; tests that need the family's results wait for them.
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'jy-e2e-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // WeChat Pay is the server's real adapter against a local stand-in of the platform's API host.
  const wechatPay = await startFakeWechatPay(`${base}${fillPattern(SHOP_PATHS.payNotify, { provider: 'wechat' })}`);
  let output = '';
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // Several flows of one test phone follow each other within a minute.
      SMS_MIN_INTERVAL_S: '1',
      // Every test user's code is sent from 127.0.0.1: the whole run sends 29 within its quarter hour, one short
      // of the default hourly limit per address (auth.test.ts tests that limit).
      SMS_IP_PER_HOUR: '1000',
      // Every test user uploads from this one machine and client: the per-address and per-device limits
      // of gene relatives would hold the later genomes.
      RELATIVES_UPLOADS_PER_ADDRESS: '1000',
      RELATIVES_UPLOADS_PER_DEVICE: '1000',
      // Two test files at a time, all from 127.0.0.1: the per-address API limit is not what they test.
      RATE_LIMIT_PER_MINUTE: '6000',
      // One page render thread: the browsers of the tests share these 2 cores with the server, and
      // renders on both cores at once left Chromium's input handling behind (clicks landing on lists
      // still re-rendering). Pages still render off the event loop, as in production.
      RENDER_THREADS: '1',
      // The back-office staff of kit-services.e2e.ts (operators grant the role by phone).
      STAFF_PHONES: '13600000190,13600000191',
      ...wechatPay.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  await waitForHealth(base, child, () => output);
  project.provide('baseUrl', base);
  project.provide('wechatPay', wechatPay.pay);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    wechatPay.server.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    wechatPay: FakeWechatPay;
  }
}
