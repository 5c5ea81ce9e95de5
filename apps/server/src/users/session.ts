import { schema } from '@jiyin/db';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { readSession } from '../auth/sessions.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';

export interface SessionUser {
  userId: string;
  sessionId: string;
}

/** The signed-in user of a request (`__token` cookie or `Authorization: Bearer`), or null. */
export async function currentUser(req: FastifyRequest, deps: Deps): Promise<SessionUser | null> {
  const s = await readSession(req, deps);
  return s.kind === 'ok' ? { userId: s.userId, sessionId: s.sessionId } : null;
}

/** The signed-in user, or the §4 code saying why not: 1001 none, 1003 expired, 2102 revoked. */
export async function requireUser(req: FastifyRequest, deps: Deps): Promise<SessionUser> {
  const s = await readSession(req, deps);
  if (s.kind === 'ok') return { userId: s.userId, sessionId: s.sessionId };
  throw new ApiError(s.kind === 'expired' ? 'SESSION_EXPIRED' : s.kind === 'revoked' ? 'SESSION_REVOKED' : 'NOT_LOGGED_IN');
}

/** Whether a user is staff (users.staff, set by operators, or a phone in STAFF_PHONES); no user is not. */
export async function isStaff(deps: Deps, userId: string | undefined): Promise<boolean> {
  if (!userId) return false;
  const [u] = await deps.database.db
    .select({ staff: schema.users.staff, phone: schema.users.phone })
    .from(schema.users)
    .where(eq(schema.users.id, userId));
  return !!u && (u.staff || deps.config.staff.phones.includes(u.phone));
}

/** Staff only: anyone else gets the §8 no-permission answer. */
export async function requireStaff(req: FastifyRequest, deps: Deps): Promise<SessionUser> {
  const me = await requireUser(req, deps);
  if (!(await isStaff(deps, me.userId))) throw new ApiError('NO_PERMISSION');
  return me;
}

const HOUR_MS = 3600_000;

/**
 * The back office's own sign-in policy on top of requireStaff: the session is at most
 * STAFF_SESSION_MAX_HOURS old, and the password was re-entered within STAFF_CONFIRM_MINUTES.
 */
export async function requireStaffSession(req: FastifyRequest, deps: Deps): Promise<SessionUser> {
  const me = await requireStaff(req, deps);
  const [s] = await deps.database.db
    .select({ createdAt: schema.sessions.createdAt, confirmedAt: schema.sessions.staffConfirmedAt })
    .from(schema.sessions)
    .where(eq(schema.sessions.id, me.sessionId));
  const now = deps.now().getTime();
  if (!s || now - s.createdAt.getTime() > deps.config.staff.sessionMaxHours * HOUR_MS) throw new ApiError('STAFF_SIGNIN_REQUIRED');
  if (!s.confirmedAt || now - s.confirmedAt.getTime() > deps.config.staff.confirmMinutes * 60_000)
    throw new ApiError('STAFF_CONFIRM_REQUIRED');
  return me;
}
