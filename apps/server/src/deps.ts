import type { Database } from '@jiyin/db';
import type { CaptchaProvider, SmsProvider } from './auth/providers.ts';
import type { CatalogCache } from './catalog/cache.ts';
import type { Config } from './config.ts';
import type { WechatPlatform } from './embed/wechat.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { PayProviders } from './payments/providers.ts';
import type { LiveHub } from './live/hub.ts';
import type { ComputePool } from './pool/index.ts';
import type { Storage } from './storage/storage.ts';

/** What every domain plugin receives. */
export interface Deps {
  config: Config;
  database: Database;
  sms: SmsProvider;
  captcha: CaptchaProvider;
  /** The clock, injectable so tests can move time (code expiry, locks, sessions). */
  now: () => Date;
  /** Background jobs (imports, matching, PDFs): pg-boss on Postgres, in-process on PGlite. */
  queue: JobQueue;
  /** Private file storage (raw data, PDFs): `${DATA_DIR}/files` or S3. */
  storage: Storage;
  /** Worker threads for the CPU work of jobs (parsing, packing, reports, probing, ancestry, PDFs). */
  pool: ComputePool;
  /** Payment providers by pay type (the development cashier outside prod). */
  pay: PayProviders;
  /** Live connections of this process (new messages, notices and counts, §2.6). */
  live: LiveHub;
  /** The public product lists, kept in memory until a product changes. */
  catalog: CatalogCache;
  /** The messaging-app platform (§7.5 JS-SDK ticket cached per process, §6 sign-in); null when none is configured. */
  wechat: WechatPlatform | null;
}
