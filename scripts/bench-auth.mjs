// `npm run bench:auth`: 200 concurrent wrong-password sign-ins against one account on loopback for
// BENCH_AUTH_SECONDS (default 60); reports how many reached a password check per minute (the rest
// were refused by the lock) and whether another user kept signing in meanwhile.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.BENCH_AUTH_SECONDS ?? 60);
const CONCURRENCY = 200;
// The seeded demo account (README "Demo accounts") is the target.
const VICTIM = { phoneNumber: '19900000000', nationCode: '86' };
const OTHER = { phoneNumber: '19900000077', nationCode: '86', password: 'bench-Other-2026' };
// The server trusts X-Forwarded-For (it runs behind a proxy), so the two parties get their own IPs.
const ATTACKER_IP = '203.0.113.66';
const OTHER_IP = '198.51.100.7';

const port = await new Promise((resolve) => {
  const srv = createServer().listen(0, '127.0.0.1', () => {
    const { port } = srv.address();
    srv.close(() => resolve(port));
  });
});
const dataDir = mkdtempSync(path.join(tmpdir(), 'jy-bench-auth-'));
const server = spawn(process.execPath, [path.join(ROOT, 'apps/server/src/main.ts')], {
  cwd: ROOT,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_ENV: 'local',
    LOG_LEVEL: 'warn',
    SMS_PROVIDER: 'dev',
    CAPTCHA_PROVIDER: 'dev',
    // The general per-IP request limit is not what this measures.
    RATE_LIMIT_PER_MINUTE: '100000000',
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  },
});
const base = `http://127.0.0.1:${port}`;
const post = async (url, body, ip) => {
  const res = await fetch(base + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
  return res.json();
};

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {}
    if (i > 120) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 500));
  }

  // The other user signs up through the real calls, with the development SMS outbox.
  const sent = await post(
    '/v1/gateway/sms_verify/web',
    { phone: OTHER.phoneNumber, nationCode: '86', verifyType: 'signup', neCaptcha: 'dev' },
    OTHER_IP,
  );
  if (sent.code !== 0) throw new Error(`send code: ${JSON.stringify(sent)}`);
  const outbox = await (await fetch(`${base}/web/api/new/dev/sms-outbox?phoneNumber=${OTHER.phoneNumber}&nationCode=86`)).json();
  const signup = await post('/web/api/new/user/signup', { ...OTHER, authCode: outbox.data.code, name: '压测用户' }, OTHER_IP);
  if (signup.code !== 0) throw new Error(`sign-up: ${JSON.stringify(signup)}`);

  const counts = new Map();
  const end = Date.now() + SECONDS * 1000;
  let n = 0;
  async function attacker() {
    while (Date.now() < end) {
      const r = await post('/web/api/new/user/signin', { ...VICTIM, password: `wrong-${n++}` }, ATTACKER_IP);
      const key = `${r.code} ${r.code === 1212 ? r.msg.replace(/\d+/, 'N') : r.msg}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const other = { ok: 0, failed: 0, worstMs: 0, failures: [] };
  async function legitimate() {
    while (Date.now() < end) {
      const t0 = performance.now();
      const r = await post('/web/api/new/user/signin', OTHER, OTHER_IP);
      other.worstMs = Math.max(other.worstMs, performance.now() - t0);
      if (r.code === 0) other.ok++;
      else {
        other.failed++;
        other.failures.push(r.msg);
      }
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
  const t0 = performance.now();
  await Promise.all([...Array.from({ length: CONCURRENCY }, attacker), legitimate()]);
  const minutes = (performance.now() - t0) / 60_000;

  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const checked = counts.get('1211 手机号或密码错误') ?? 0;
  console.log(`bench:auth — ${CONCURRENCY} concurrent wrong-password sign-ins against one account for ${SECONDS} s`);
  console.log(`  attempts answered: ${total} (${Math.round(total / minutes)}/min)`);
  for (const [answer, count] of [...counts].sort((a, b) => b[1] - a[1])) console.log(`    ${String(count).padStart(7)}  ${answer}`);
  console.log(`  got through to a password check: ${checked} (${(checked / minutes).toFixed(1)} per minute)`);
  console.log(`  other user meanwhile: ${other.ok} sign-ins ok, ${other.failed} failed, slowest ${Math.round(other.worstMs)} ms`);
  if (other.failures.length) console.log(`    failures: ${[...new Set(other.failures)].join('; ')}`);
  process.exitCode = other.ok > 0 && other.failed === 0 ? 0 : 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
