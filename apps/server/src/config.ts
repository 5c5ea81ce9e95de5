import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENVIRONMENTS, type Environment } from '@jiyin/contracts/constants';
import type { SiteConfig } from '@jiyin/contracts/api';
import { SERVICE_HOURS } from '@jiyin/contracts/constants';
import type { SignKeys } from '@jiyin/contracts/signing';
import type { WechatPayConfig } from './payments/wechat.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** What one server process does: everything (the default, and the only choice on PGlite), pages and API only, or jobs only. */
export const PROCESS_ROLES = ['all', 'web', 'worker'] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

export interface Config {
  role: ProcessRole;
  port: number;
  host: string;
  env: Environment;
  dataDir: string;
  databaseUrl?: string;
  /** Connections each process keeps to Postgres for its queries (DATABASE_POOL_SIZE); LISTEN and pg-boss have their own. */
  databasePoolSize: number;
  signKeys: SignKeys;
  /** True when the signing keys are the built-in development ones (logged at start). */
  devSignKeys: boolean;
  bridgeLoginUrl: string;
  reunionHosts: string[];
  /** Host names this site answers on besides the request's own (the messaging-app sign call signs only these). */
  siteHosts: string[];
  /**
   * The messaging app's JS-SDK (embed/wechat.ts): the platform with app id and secret, the development
   * ticket provider away from prod, or none (prod without credentials: the sign call answers 5030).
   */
  wechat: { provider: 'dev' | 'wechat' | null; appId?: string; appSecret?: string };
  /** App download and support contact the pages show. */
  site: SiteConfig;
  webBuildDir: string;
  rateLimitPerMinute: number;
  logLevel: string;
  /**
   * Memory a matching worker may spend keeping consenting persons' packed genomes between jobs
   * (relatives/stored.ts); genomes past it are read from the database on each job instead.
   */
  relativesCacheMb: number;
  /** Threads one relatives match compares on (the matching thread and its helpers share one copy of the genomes). */
  relativesThreads: number;
  /** Worker threads of the compute pool (parsing, packing, reports, PDFs); pool/index.ts. */
  poolThreads: number;
  /** Threads that render pages (pages/renderPool.ts). */
  renderThreads: number;
  /** Seconds without a heartbeat after which pg-boss takes a running job back (its process died). */
  queueHeartbeatS: number;
  /** How long SIGTERM waits for running jobs before handing them back to the queue and exiting. */
  shutdownTimeoutMs: number;
  /**
   * Whether start-up imports the demo person's genome and queues the demo family's imports
   * (DEMO_CONTENT=0 skips them: spawned test servers, which need neither).
   */
  demoGenomes: boolean;
  /** SMS and captcha providers (development ones log and accept; see auth/providers.ts). */
  /**
   * `minIntervalS`: one code per phone per this many seconds (§9's resend countdown, 120 s, is on the page);
   * `ipPerHour`: codes per client address per hour, against one machine walking through many phones.
   */
  sms: { provider: 'dev' | 'http'; apiUrl?: string; apiKey?: string; minIntervalS: number; ipPerHour: number };
  captcha: { provider: 'dev' | 'http'; verifyUrl?: string; secret?: string };
  /**
   * Payment provider (payments/providers.ts): the development cashier with its HMAC key, or none.
   * Production has none until a real provider's adapter is configured: paying then answers 5030.
   */
  pay: {
    provider: 'dev' | null;
    devSecret: string;
    /** Alipay (RSA2), on when ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY and ALIPAY_NOTIFY_URL are set. */
    alipay: { appId: string; privateKey: string; alipayPublicKey: string; gateway: string; notifyUrl: string; returnUrl?: string } | null;
    /** WeChat Pay API v3 JSAPI, on when every WECHATPAY_* but the gateway is set. */
    wechat: WechatPayConfig | null;
  };
  /** Session cookies are Secure everywhere but on a developer's or test machine (plain http). */
  secureCookies: boolean;
  /**
   * Which peers' X-Forwarded-For is believed (proxy-addr names or addresses, comma-separated).
   * Per-IP limits (SMS, sign-in) rest on it, so anyone else's header is ignored.
   */
  trustProxy: string;
  /** How long an anonymous public page (home, topics…) is served from memory; 0 renders every request. */
  pageCacheTtlMs: number;
  /** Bearer token for `/metrics`; without one it answers loopback callers only. */
  metricsToken?: string;
  /** Private file storage (raw genetic data, PDFs): `${dataDir}/files`, or an S3-compatible bucket. */
  /** Gene-relatives abuse limits (README, configuration table). */
  relatives: {
    /** Genomes entering matching per day, per account, person, address and device. */
    uploadsPerDay: { account: number; person: number; address: number; device: number };
    /** List and detail reads per account per hour. */
    readsPerHour: number;
    /** Distinct relatives' details viewed per account per day above which the account is paused. */
    viewAlert: number;
    /** Matches of at least closeMatchCm (close family) per person above which the account is paused. */
    closeMatchCm: number;
    closeMatchAlert: number;
    /** Sessions older than this need an SMS re-check for relatives pages. */
    recentSigninHours: number;
  };
  /** Private messages an account may send per minute (CHAT_MESSAGES_PER_MINUTE). */
  chatMessagesPerMinute: number;
  /** The staff back office's sign-in policy and who is staff besides users.staff (README, configuration table). */
  staff: { sessionMaxHours: number; confirmMinutes: number; phones: readonly string[] };
  /**
   * Community limits per account (COMMUNITY_POSTS_PER_HOUR, COMMUNITY_COMMENTS_PER_MINUTE, COMMUNITY_REPORTS_PER_HOUR) and the
   * antispam check (§7.4): the local word list always, plus a moderation service when ANTISPAM_PROVIDER=http.
   */
  community: { postsPerHour: number; commentsPerMinute: number; reportsPerHour: number };
  antispam: { provider: 'local' | 'http'; apiUrl?: string; apiKey?: string };
  storage: { kind: 'fs' } | { kind: 's3'; endpoint?: string; bucket: string; accessKey: string; secretKey: string; region: string };
}

function wechatPayConfig(env: NodeJS.ProcessEnv): WechatPayConfig | null {
  const { WECHATPAY_APP_ID, WECHATPAY_MCH_ID, WECHATPAY_PRIVATE_KEY, WECHATPAY_SERIAL_NO } = env;
  const { WECHATPAY_PLATFORM_PUBLIC_KEY, WECHATPAY_PLATFORM_SERIAL, WECHATPAY_API_V3_KEY, WECHATPAY_NOTIFY_URL } = env;
  if (!WECHATPAY_APP_ID || !WECHATPAY_MCH_ID || !WECHATPAY_PRIVATE_KEY || !WECHATPAY_SERIAL_NO) return null;
  if (!WECHATPAY_PLATFORM_PUBLIC_KEY || !WECHATPAY_PLATFORM_SERIAL || !WECHATPAY_API_V3_KEY || !WECHATPAY_NOTIFY_URL) return null;
  if (Buffer.byteLength(WECHATPAY_API_V3_KEY) !== 32) throw new Error('WECHATPAY_API_V3_KEY must be the 32-character APIv3 key');
  return {
    appId: WECHATPAY_APP_ID,
    mchId: WECHATPAY_MCH_ID,
    privateKey: WECHATPAY_PRIVATE_KEY.replaceAll('\\n', '\n'),
    serialNo: WECHATPAY_SERIAL_NO,
    platformPublicKey: WECHATPAY_PLATFORM_PUBLIC_KEY.replaceAll('\\n', '\n'),
    platformSerial: WECHATPAY_PLATFORM_SERIAL,
    apiV3Key: WECHATPAY_API_V3_KEY,
    notifyUrl: WECHATPAY_NOTIFY_URL,
    gateway: env.WECHATPAY_GATEWAY ?? 'https://api.mch.weixin.qq.com',
  };
}

function positiveInt(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of at least 1`);
  return n;
}

/** pg-boss takes heartbeats of 10 s and more. */
function heartbeatSeconds(value: string | undefined): number {
  const s = positiveInt(value, 'QUEUE_HEARTBEAT_S') ?? 30;
  if (s < 10) throw new Error('QUEUE_HEARTBEAT_S must be at least 10');
  return s;
}

const DEV_SIGN_KEYS: SignKeys = { v1: 'dev-sign-key-v1', v2: 'dev-sign-key-v2', v3: 'dev-sign-key-v3' };

/** All settings come from the environment, with defaults that run a newcomer's machine as is. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const appEnv = (env.APP_ENV ?? 'local') as Environment;
  if (!ENVIRONMENTS.includes(appEnv)) throw new Error(`APP_ENV must be one of ${ENVIRONMENTS.join(', ')}`);
  const keysGiven = Boolean(env.SIGN_KEY_V1 && env.SIGN_KEY_V2 && env.SIGN_KEY_V3);
  if (!keysGiven && appEnv === 'prod') throw new Error('SIGN_KEY_V1..V3 must be set in prod');
  // Without these the development providers would be used: codes in the log, any captcha accepted.
  if (appEnv === 'prod' && (env.SMS_PROVIDER !== 'http' || !env.SMS_API_URL || !env.SMS_API_KEY))
    throw new Error('SMS_PROVIDER=http (with SMS_API_URL, SMS_API_KEY) must be set in prod');
  if (appEnv === 'prod' && (env.CAPTCHA_PROVIDER !== 'http' || !env.CAPTCHA_VERIFY_URL || !env.CAPTCHA_SECRET))
    throw new Error('CAPTCHA_PROVIDER=http (with CAPTCHA_VERIFY_URL, CAPTCHA_SECRET) must be set in prod');
  const role = (env.PROCESS_ROLE || 'all') as ProcessRole;
  if (!PROCESS_ROLES.includes(role)) throw new Error(`PROCESS_ROLE must be one of ${PROCESS_ROLES.join(', ')}`);
  // The embedded database's data directory is opened by one process, which must then run the jobs too.
  if (role !== 'all' && !env.DATABASE_URL) throw new Error(`PROCESS_ROLE=${role} needs DATABASE_URL (Postgres)`);
  return {
    role,
    storage: storageConfig(env),
    relatives: {
      uploadsPerDay: {
        account: Number(env.RELATIVES_UPLOADS_PER_ACCOUNT ?? 3),
        person: Number(env.RELATIVES_UPLOADS_PER_PERSON ?? 2),
        address: Number(env.RELATIVES_UPLOADS_PER_ADDRESS ?? 6),
        device: Number(env.RELATIVES_UPLOADS_PER_DEVICE ?? 6),
      },
      readsPerHour: Number(env.RELATIVES_READS_PER_HOUR ?? 300),
      viewAlert: Number(env.RELATIVES_VIEW_ALERT ?? 200),
      closeMatchCm: 1300,
      closeMatchAlert: Number(env.RELATIVES_CLOSE_MATCH_ALERT ?? 30),
      recentSigninHours: Number(env.RELATIVES_RECENT_SIGNIN_HOURS ?? 24),
    },
    chatMessagesPerMinute: Number(env.CHAT_MESSAGES_PER_MINUTE ?? 20),
    staff: {
      sessionMaxHours: positiveInt(env.STAFF_SESSION_MAX_HOURS, 'STAFF_SESSION_MAX_HOURS') ?? 12,
      confirmMinutes: positiveInt(env.STAFF_CONFIRM_MINUTES, 'STAFF_CONFIRM_MINUTES') ?? 30,
      phones: (env.STAFF_PHONES ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
    },
    community: {
      postsPerHour: Number(env.COMMUNITY_POSTS_PER_HOUR ?? 10),
      commentsPerMinute: Number(env.COMMUNITY_COMMENTS_PER_MINUTE ?? 10),
      reportsPerHour: Number(env.COMMUNITY_REPORTS_PER_HOUR ?? 10),
    },
    antispam: antispamConfig(env),
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    env: appEnv,
    dataDir: path.resolve(env.DATA_DIR ?? path.join(REPO_ROOT, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: positiveInt(env.DATABASE_POOL_SIZE, 'DATABASE_POOL_SIZE') ?? 10,
    signKeys: keysGiven ? { v1: env.SIGN_KEY_V1 as string, v2: env.SIGN_KEY_V2 as string, v3: env.SIGN_KEY_V3 as string } : DEV_SIGN_KEYS,
    devSignKeys: !keysGiven,
    bridgeLoginUrl: env.BRIDGE_LOGIN_URL ?? '/login',
    site: siteConfig(env, appEnv),
    reunionHosts: (env.REUNION_HOSTS ?? '').split(',').filter(Boolean),
    siteHosts: (env.SITE_HOSTS ?? '').split(',').filter(Boolean),
    wechat: {
      provider: env.WECHAT_APP_ID && env.WECHAT_APP_SECRET ? 'wechat' : appEnv === 'prod' ? null : 'dev',
      appId: env.WECHAT_APP_ID,
      appSecret: env.WECHAT_APP_SECRET,
    },
    webBuildDir: path.resolve(env.WEB_BUILD_DIR ?? path.join(REPO_ROOT, 'apps', 'web', 'build')),
    rateLimitPerMinute: Number(env.RATE_LIMIT_PER_MINUTE ?? 600),
    relativesCacheMb: Number(env.RELATIVES_CACHE_MB ?? 2048),
    relativesThreads: positiveInt(env.RELATIVES_THREADS, 'RELATIVES_THREADS') ?? availableParallelism(),
    poolThreads: positiveInt(env.POOL_THREADS, 'POOL_THREADS') ?? availableParallelism(),
    renderThreads: positiveInt(env.RENDER_THREADS, 'RENDER_THREADS') ?? availableParallelism(),
    shutdownTimeoutMs: Number(env.SHUTDOWN_TIMEOUT_MS ?? 15_000),
    queueHeartbeatS: heartbeatSeconds(env.QUEUE_HEARTBEAT_S),
    demoGenomes: env.DEMO_CONTENT !== '0',
    logLevel: env.LOG_LEVEL ?? (appEnv === 'local' ? 'info' : 'warn'),
    sms: {
      provider: env.SMS_PROVIDER === 'http' ? 'http' : 'dev',
      apiUrl: env.SMS_API_URL,
      apiKey: env.SMS_API_KEY,
      minIntervalS: Number(env.SMS_MIN_INTERVAL_S ?? 60),
      ipPerHour: positiveInt(env.SMS_IP_PER_HOUR, 'SMS_IP_PER_HOUR') ?? 30,
    },
    captcha: { provider: env.CAPTCHA_PROVIDER === 'http' ? 'http' : 'dev', verifyUrl: env.CAPTCHA_VERIFY_URL, secret: env.CAPTCHA_SECRET },
    // The development cashier confirms any payment, so it never runs in prod.
    pay: {
      provider: appEnv === 'prod' || env.PAY_PROVIDER === 'none' ? null : 'dev',
      devSecret: env.PAY_DEV_SECRET ?? 'dev-pay-secret',
      alipay:
        env.ALIPAY_APP_ID && env.ALIPAY_PRIVATE_KEY && env.ALIPAY_PUBLIC_KEY && env.ALIPAY_NOTIFY_URL
          ? {
              appId: env.ALIPAY_APP_ID,
              // PEM keys arrive in one environment line with \n for the line breaks.
              privateKey: env.ALIPAY_PRIVATE_KEY.replaceAll('\\n', '\n'),
              alipayPublicKey: env.ALIPAY_PUBLIC_KEY.replaceAll('\\n', '\n'),
              gateway: env.ALIPAY_GATEWAY ?? 'https://openapi.alipay.com/gateway.do',
              notifyUrl: env.ALIPAY_NOTIFY_URL,
              returnUrl: env.ALIPAY_RETURN_URL,
            }
          : null,
      wechat: wechatPayConfig(env),
    },
    trustProxy: env.TRUST_PROXY ?? 'loopback',
    metricsToken: env.METRICS_TOKEN || undefined,
    pageCacheTtlMs: Number(env.PAGE_CACHE_TTL_MS ?? 10_000),
    secureCookies: env.SECURE_COOKIES ? env.SECURE_COOKIES === 'true' : appEnv !== 'local' && appEnv !== 'test',
  };
}

/**
 * The app and support contact (README, configuration table). Away from production an unset value
 * gets a demo one on the reserved example.com domain, so the demo shows where each goes.
 */
function antispamConfig(env: NodeJS.ProcessEnv): Config['antispam'] {
  if (env.ANTISPAM_PROVIDER !== 'http') return { provider: 'local' };
  if (!env.ANTISPAM_API_URL) throw new Error('ANTISPAM_PROVIDER=http needs ANTISPAM_API_URL');
  return { provider: 'http', apiUrl: env.ANTISPAM_API_URL, apiKey: env.ANTISPAM_API_KEY };
}

function siteConfig(env: NodeJS.ProcessEnv, appEnv: Environment): SiteConfig {
  const demo = (value: string) => (appEnv === 'prod' ? null : value);
  return {
    app: {
      name: env.APP_NAME ?? '知源基因 App',
      downloadUrl: env.APP_DOWNLOAD_URL ?? 'https://app.example.com/download',
      iosUrl: env.APP_IOS_URL ?? demo('https://app.example.com/ios'),
      androidUrl: env.APP_ANDROID_URL ?? demo('https://app.example.com/android'),
    },
    support: {
      phone: env.SUPPORT_PHONE ?? null,
      email: env.SUPPORT_EMAIL ?? demo('kefu@example.com'),
      hours: env.SUPPORT_HOURS ?? SERVICE_HOURS,
    },
    openTags: {
      appId: env.WECHAT_OPEN_APP_ID ?? demo('wx-dev-open-app-id'),
      miniProgram: env.WECHAT_MINI_PROGRAM_ID ?? demo('gh_dev_mini_program'),
    },
  };
}

function storageConfig(env: NodeJS.ProcessEnv): Config['storage'] {
  const kind = env.STORAGE ?? 'fs';
  if (kind === 'fs') return { kind: 'fs' };
  if (kind !== 's3') throw new Error('STORAGE must be fs or s3');
  const { S3_BUCKET: bucket, S3_ACCESS_KEY: accessKey, S3_SECRET_KEY: secretKey } = env;
  if (!bucket || !accessKey || !secretKey) throw new Error('STORAGE=s3 needs S3_BUCKET, S3_ACCESS_KEY and S3_SECRET_KEY');
  return { kind: 's3', endpoint: env.S3_ENDPOINT || undefined, bucket, accessKey, secretKey, region: env.S3_REGION ?? 'us-east-1' };
}
