import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** §3 User avatar: an uploaded picture or a default colour gradient. */
export interface Avatar {
  type: 'img' | 'color';
  url?: string;
  startColor?: string;
  endColor?: string;
}

/** §3 User: signed up by phone number and SMS code. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    nationCode: text('nation_code').notNull(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash'),
    name: text('name'),
    avatar: jsonb('avatar').$type<Avatar>(),
    /** §3 userState: 1 signed up (profile may be missing), 4 signed up with profile. */
    state: integer('state').notNull().default(1),
    /** Staff: may review held gene-relatives genomes and paused accounts (set by operators, never through the API). */
    staff: boolean('staff').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_phone_uq').on(t.nationCode, t.phone)],
);

/** Opaque session tokens, stored as SHA-256 hashes so a database leak does not leak sessions. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** The §9 device id cookie of the sign-in, to tell new devices apart. */
    device: text('device'),
    /** What an embedded context's token may reach beyond the basics (null: a browser session, everything). */
    scopes: jsonb('scopes').$type<string[]>(),
    /** When the user last confirmed it is them (SMS re-check) in this session; sign-in time counts too. */
    recheckedAt: timestamp('rechecked_at', { withTimezone: true }),
    /** When a staff member last re-entered their password in this session (the back office asks again after a while). */
    staffConfirmedAt: timestamp('staff_confirmed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** SMS verification codes (hashed), per phone and purpose; single use, limited tries. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: text('id').primaryKey(),
    nationCode: text('nation_code').notNull(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    ip: text('ip'),
    tries: integer('tries').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sms_codes_phone_idx').on(t.nationCode, t.phone, t.createdAt), index('sms_codes_ip_idx').on(t.ip, t.createdAt)],
);

/** Failed sign-in counters per account and per IP, for growing delays and temporary locks. */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Sign-ins and sensitive actions, visible to the user (PIPL). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Account cancel applications (PIPL): made with a type and the barcodes concerned, confirmed by an SMS
 * code, after which the account and everything it owns is deleted (the row goes with it).
 */
export const cancelApplications = pgTable(
  'cancel_applications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    barcodes: jsonb('barcodes').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('cancel_applications_user_uq').on(t.userId)],
);
