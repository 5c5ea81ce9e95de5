import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { ACCOUNT_PATHS } from '@jiyin/contracts/accounts';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import { REPORT_API_PATHS, UPLOAD_CHUNK_BYTES } from '@jiyin/contracts/reportApi';

/** Helpers for tests that run the real server (main.ts) as child processes and talk to it over HTTP. */

const MAIN = path.resolve(import.meta.dirname, '../src/main.ts');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface SpawnedServer {
  child: ChildProcess;
  /** What it has printed so far. */
  log: string;
}

/**
 * Starts main.ts with `env` on `port` and waits until /healthz answers; `log` collects its output.
 * The demo person's genome and family are not imported (DEMO_CONTENT=0): minutes of background
 * work no test here needs.
 */
export async function startServer(port: number, env: Record<string, string>): Promise<SpawnedServer> {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', APP_ENV: 'test', LOG_LEVEL: 'info', DEMO_CONTENT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server = { child, log: '' };
  child.stdout?.on('data', (d) => (server.log += d));
  child.stderr?.on('data', (d) => (server.log += d));
  const deadline = Date.now() + 180_000;
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

/** Resolves once the process is gone (at once when it has exited or was killed already). */
export const exited = (child: ChildProcess) =>
  new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r(null) : child.once('exit', r)));

/** Kills what is still running and waits for it to go. */
export async function stopAll(servers: (SpawnedServer | undefined)[], signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  await Promise.all(
    servers.map(async (s) => {
      if (!s || s.child.exitCode !== null || s.child.signalCode !== null) return;
      s.child.kill(signal);
      await exited(s.child);
    }),
  );
}

/** One user's session against a server's bare API paths (the cookie follows sign-up). */
export function apiSession(base: string) {
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
  return {
    api,
    /** Signs up with the development SMS outbox's code. */
    async signUp(phone: string, name: string) {
      await api('POST', ACCOUNT_PATHS.sendSmsCode, { phone, nationCode: '86', verifyType: 'signup', neCaptcha: 'dev-token' });
      const { code } = await api('GET', `${ACCOUNT_PATHS.devSmsOutbox}?phoneNumber=${phone}&nationCode=86`);
      await api('POST', ACCOUNT_PATHS.signup, {
        phoneNumber: phone,
        nationCode: '86',
        authCode: code,
        password: 'jiyin-Strong-2026',
        name,
      });
    },
    /** Uploads a raw-data file chunk by chunk and queues its import; answers the import job. */
    async startImport(personId: string, file: Buffer, fileName = 'genome.txt') {
      const upload = await api('POST', REPORT_API_PATHS.uploads, { personId, fileName, size: file.length });
      for (let offset = 0; offset < file.length; offset += UPLOAD_CHUNK_BYTES) {
        await api('PUT', fillPattern(REPORT_API_PATHS.uploadOne, { id: upload.id }), file.subarray(offset, offset + UPLOAD_CHUNK_BYTES), {
          'upload-offset': String(offset),
        });
      }
      return api('POST', REPORT_API_PATHS.imports, { uploadId: upload.id });
    },
    /** Polls an import until it is done or failed. */
    async waitImport(jobId: string, timeoutMs = 120_000) {
      let view = await api('GET', fillPattern(REPORT_API_PATHS.importOne, { id: jobId }));
      const until = Date.now() + timeoutMs;
      while (view.stage !== 'done' && view.stage !== 'failed' && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 250));
        view = await api('GET', fillPattern(REPORT_API_PATHS.importOne, { id: jobId }));
      }
      return view;
    },
  };
}
