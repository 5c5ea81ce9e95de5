import type { Database } from '@jiyin/db';
import type { CaptchaProvider, SmsProvider } from './auth/providers.ts';
import type { Config } from './config.ts';

/** What every domain plugin receives. */
export interface Deps {
  config: Config;
  database: Database;
  sms: SmsProvider;
  captcha: CaptchaProvider;
  /** The clock, injectable so tests can move time (code expiry, locks, sessions). */
  now: () => Date;
}
