import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * One-time tokens a native app (or mini-program) hands to its web view through the bridge (§7.11
 * updateToken). The app asks for one with its own session; the web view exchanges it once, within
 * seconds, from the same kind of context, for a web session of its own. Only the hash is kept.
 */
export const bridgeTokens = pgTable(
  'bridge_tokens',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The device kind that asked for it (app or mini-program); only the same kind may exchange it. */
    context: text('context').notNull().$type<'app' | 'mini-program'>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('bridge_tokens_user_idx').on(t.userId)],
);

/**
 * Messaging-app identities (§6 sign-in through the bridge host's /login): the platform's openid of a
 * visitor, and the account it is bound to once the visitor signed in with their phone. Until then a
 * short-lived bind token (its hash) held in the visitor's cookie lets that sign-in claim it.
 */
export const wechatIdentities = pgTable(
  'wechat_identities',
  {
    openid: text('openid').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    bindTokenHash: text('bind_token_hash'),
    bindExpiresAt: timestamp('bind_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    boundAt: timestamp('bound_at', { withTimezone: true }),
  },
  (t) => [index('wechat_identities_user_idx').on(t.userId), index('wechat_identities_bind_idx').on(t.bindTokenHash)],
);
