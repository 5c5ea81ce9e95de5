import { ACCOUNT_PATHS } from '@jiyin/contracts/accounts';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import { SHARE_INVITE_PATHS } from '@jiyin/contracts/sharesApi';
import { type Database, seedDemoContent, type TestDatabaseTarget } from '@jiyin/db';
import type { FastifyInstance } from 'fastify';
import { type AppDeps, type BuildOptions, buildApp } from '../src/app.ts';
import { DevSmsProvider } from '../src/auth/providers.ts';
import { type Config, loadConfig } from '../src/config.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Codes the app "sent". */
  sms: DevSmsProvider;
  /** The app's clock; move it with `advance`. */
  clock: { now: Date; advance(ms: number): void };
  close(): Promise<void>;
}

/** A seeded app on one test database; API-only unless `pages` is set. */
export async function startTestApp(
  target: TestDatabaseTarget,
  env: Record<string, string> = {},
  opts: BuildOptions = {},
  extra: Pick<AppDeps, 'wechatProvider'> = {},
): Promise<TestApp> {
  const database = await target.open();
  await seedDemoContent(database.db);
  const config = loadConfig({ APP_ENV: 'test', LOG_LEVEL: 'silent', ...env });
  const sms = new DevSmsProvider();
  const clock = {
    now: new Date('2026-11-23T08:00:00Z'),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const app = await buildApp({ config, database, sms, now: () => clock.now, ...extra }, { pages: false, logger: false, ...opts });
  await app.ready();
  return {
    app,
    database,
    config,
    sms,
    clock,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Signs a new user up through the real SMS and sign-up calls; returns their session cookie. */
export async function signUpUser(t: TestApp, phone: string, password = 'jiyin-Strong-2026', name = '测试用户'): Promise<string> {
  t.clock.advance(61_000);
  const send = await t.app.inject({
    method: 'POST',
    url: ACCOUNT_PATHS.sendSmsCode,
    payload: { phone, nationCode: '86', verifyType: 'signup', neCaptcha: 'dev-token' },
  });
  if (send.json().code !== 0) throw new Error(`send code failed: ${send.body}`);
  const res = await t.app.inject({
    method: 'POST',
    url: ACCOUNT_PATHS.signup,
    payload: { phoneNumber: phone, nationCode: '86', authCode: t.sms.lastCode(phone), password, name },
  });
  if (res.json().code !== 0) throw new Error(`sign-up failed: ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === '__token');
  if (!cookie) throw new Error('no session cookie');
  return `__token=${cookie.value}`;
}

/** The signed-in account accepts every share invitation addressed to its number (shares are invitations). */
export async function acceptShareInvitations(t: TestApp, cookie: string): Promise<number> {
  const mine = (await t.app.inject({ method: 'GET', url: SHARE_INVITE_PATHS.mine, headers: { cookie } })).json();
  if (mine.code !== 0) throw new Error(`invitations failed: ${JSON.stringify(mine)}`);
  for (const inv of mine.data.list as { id: string }[]) {
    const res = await t.app.inject({ method: 'POST', url: fillPattern(SHARE_INVITE_PATHS.accept, { id: inv.id }), headers: { cookie } });
    if (res.json().code !== 0) throw new Error(`accept failed: ${res.body}`);
  }
  return mine.data.list.length;
}
