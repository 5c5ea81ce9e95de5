import { schema } from '@jiyin/db';
import { and, count, countDistinct, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { requireUser, type SessionUser } from '../users/session.ts';
import { pauseAccount } from './guard.ts';

const { sessions, auditLog } = schema;

const HOUR_MS = 3600 * 1000;

/**
 * The account-takeover guard of relatives reads (the 2023 path): an embedded context's token must
 * have asked for gene relatives, and a session older than the configured age must be re-checked by
 * SMS first (RELATIVES_RECENT_SIGNIN_HOURS).
 */
export async function requireRelativesSession(req: FastifyRequest, deps: Deps): Promise<SessionUser> {
  const me = await requireUser(req, deps);
  const [s] = await deps.database.db
    .select({ createdAt: sessions.createdAt, recheckedAt: sessions.recheckedAt, scopes: sessions.scopes })
    .from(sessions)
    .where(eq(sessions.id, me.sessionId));
  if (s.scopes && !s.scopes.includes('relatives')) throw new ApiError('RELATIVES_SCOPE_DENIED');
  const confirmed = Math.max(s.createdAt.getTime(), s.recheckedAt?.getTime() ?? 0);
  if (deps.now().getTime() - confirmed > deps.config.relatives.recentSigninHours * HOUR_MS) {
    throw new ApiError('RELATIVES_RECHECK_REQUIRED');
  }
  return me;
}

/**
 * Harvesting limits: list and detail reads per account per hour (counted on the audit log, where
 * every read is written), and an account viewing unusually many distinct relatives in a day is
 * paused with an alert.
 */
export async function checkReadBudget(deps: Deps, userId: string): Promise<void> {
  const { db } = deps.database;
  const since = new Date(deps.now().getTime() - HOUR_MS);
  const [{ n }] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(eq(auditLog.userId, userId), inArray(auditLog.action, ['relatives-list', 'relatives-detail']), gt(auditLog.createdAt, since)),
    );
  if (Number(n) >= deps.config.relatives.readsPerHour) throw new ApiError('RATE_LIMITED', '查看基因亲人过于频繁，请一小时后再试');
}

/** After a detail view: pauses the account when it viewed more distinct relatives today than anyone needs. */
export async function watchViews(
  deps: Deps,
  userId: string,
  log?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void },
) {
  const { db } = deps.database;
  const since = new Date(deps.now().getTime() - 24 * HOUR_MS);
  const [{ n }] = await db
    .select({ n: countDistinct(sql`${auditLog.detail}->>'id'`) })
    .from(auditLog)
    .where(and(eq(auditLog.userId, userId), eq(auditLog.action, 'relatives-detail'), gt(auditLog.createdAt, since)));
  if (Number(n) > deps.config.relatives.viewAlert) {
    await pauseAccount(deps, userId, 'VIEWS', `24 小时内查看了 ${n} 位不同基因亲人的详情`, { views: Number(n) }, log);
  }
}
