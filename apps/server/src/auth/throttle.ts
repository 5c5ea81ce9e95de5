import { schema } from '@jiyin/db';
import { eq } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';

const { authThrottle } = schema;

/** A throttled key and how many failures it may have before locks start. */
export interface ThrottleKey {
  key: string;
  freeFailures: number;
}

/** An account locks after a few failures; an IP (shared by many users behind one NAT) after more. */
export const accountKey = (nationCode: string, phone: string): ThrottleKey => ({ key: `account:${nationCode}:${phone}`, freeFailures: 4 });
export const ipKey = (ip: string): ThrottleKey => ({ key: `ip:${ip}`, freeFailures: 30 });

const BASE_LOCK_MS = 30_000;
const MAX_LOCK_MS = 30 * 60_000;
/** Counters reset after a quiet day. */
const RESET_AFTER_MS = 24 * 3600_000;

/** Each failure past the free ones doubles the lock: 30 s, 1 min, 2 min … up to 30 minutes. */
export function lockMsAfter(failures: number, freeFailures: number): number {
  if (failures < freeFailures) return 0;
  return Math.min(MAX_LOCK_MS, BASE_LOCK_MS * 2 ** (failures - freeFailures));
}

function retryMessage(until: Date, now: Date): string {
  const s = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return s >= 60 ? `尝试次数过多，请 ${Math.ceil(s / 60)} 分钟后再试` : `尝试次数过多，请 ${s} 秒后再试`;
}

/**
 * Locks this process has seen, so attempts during a lock are refused without touching the database
 * (a flood against one account must not slow everyone else down). The table stays the truth: other
 * processes' locks are still found there. Kept per database, as one test process runs several.
 */
const knownLocksByDb = new WeakMap<object, Map<string, Date>>();
const KNOWN_LOCKS_MAX = 10_000;

function knownLocksOf(deps: Deps): Map<string, Date> {
  let locks = knownLocksByDb.get(deps.database);
  if (!locks) {
    locks = new Map();
    knownLocksByDb.set(deps.database, locks);
  }
  return locks;
}

function rememberLock(knownLocks: Map<string, Date>, key: string, until: Date, now: Date) {
  if (knownLocks.size >= KNOWN_LOCKS_MAX) {
    for (const [k, u] of knownLocks) if (u <= now) knownLocks.delete(k);
    if (knownLocks.size >= KNOWN_LOCKS_MAX) knownLocks.clear();
  }
  knownLocks.set(key, until);
}

async function assertNotLocked(deps: Deps, keys: ThrottleKey[]) {
  const now = deps.now();
  const knownLocks = knownLocksOf(deps);
  for (const { key } of keys) {
    const known = knownLocks.get(key);
    if (known && known > now) throw new ApiError('ACCOUNT_LOCKED', retryMessage(known, now));
  }
  for (const { key } of keys) {
    const [row] = await deps.database.db.select().from(authThrottle).where(eq(authThrottle.key, key));
    if (row?.lockedUntil && row.lockedUntil > now) throw new ApiError('ACCOUNT_LOCKED', retryMessage(row.lockedUntil, now));
  }
}

async function recordFailure(deps: Deps, keys: ThrottleKey[]) {
  const now = deps.now();
  for (const { key, freeFailures } of keys) {
    const [row] = await deps.database.db.select().from(authThrottle).where(eq(authThrottle.key, key));
    const stale = !row || now.getTime() - row.updatedAt.getTime() > RESET_AFTER_MS;
    const failures = (stale ? 0 : row.failures) + 1;
    const lock = lockMsAfter(failures, freeFailures);
    const values = { key, failures, lockedUntil: lock ? new Date(now.getTime() + lock) : null, updatedAt: now };
    await deps.database.db.insert(authThrottle).values(values).onConflictDoUpdate({ target: authThrottle.key, set: values });
    if (values.lockedUntil) rememberLock(knownLocksOf(deps), key, values.lockedUntil, now);
  }
}

// Attempts on one account run one after another, so a burst cannot slip past the lock before the
// first failures are counted.
const queues = new Map<string, Promise<unknown>>();
function serialised<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const prev = queues.get(key) ?? Promise.resolve();
  const next = prev.then(fn, fn);
  const settled = next.catch(() => {});
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return next;
}

/**
 * Runs one credential check under the throttle: refused while locked, a failure counts against
 * every key (and answers `failure`), a success clears the account's counter.
 */
export function throttledAttempt(
  deps: Deps,
  keys: [account: ThrottleKey, ...others: ThrottleKey[]],
  check: () => Promise<boolean>,
  failure: ApiError,
) {
  return serialised(keys[0].key, async () => {
    await assertNotLocked(deps, keys);
    if (await check()) {
      knownLocksOf(deps).delete(keys[0].key);
      await deps.database.db.delete(authThrottle).where(eq(authThrottle.key, keys[0].key));
      return;
    }
    await recordFailure(deps, keys);
    throw failure;
  });
}
