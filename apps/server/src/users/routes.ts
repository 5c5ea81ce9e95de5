import { ACCOUNT_PATHS, avatarSchema, nameErrors, normaliseName } from '@jiyin/contracts/accounts';
import { API_PATHS } from '@jiyin/contracts/api';
import { ok } from '@jiyin/contracts/envelope';
import { schema } from '@jiyin/db';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { audit } from '../auth/audit.ts';
import { clearSessionCookie, readSession } from '../auth/sessions.ts';
import { findUser, userView } from '../auth/users.ts';
import type { Deps } from '../deps.ts';
import { ApiError, parseInput } from '../http/errors.ts';
import { unreadCounts } from '../live/routes.ts';
import { requireUser } from './session.ts';

const { users, auditLog } = schema;

const infoBody = z.object({ name: z.string().max(100).optional(), avatar: avatarSchema.optional() });
const nameQuery = z.object({ name: z.string({ error: '请输入名字' }).max(100) });
const handleLogBody = z.object({ identify: z.string().max(200), type: z.string().min(1).max(50) });

/** §7.2 user info and profile, the name check, and the user's log of sensitive actions. */
export async function userRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps.database;

  app.get(API_PATHS.userInfo, async (req, reply) => {
    const s = await readSession(req, deps);
    if (s.kind !== 'ok') {
      // §4: an invalid session is logged out; the stale cookie goes with it.
      if (s.kind !== 'none') clearSessionCookie(deps, reply);
      throw new ApiError(s.kind === 'expired' ? 'SESSION_EXPIRED' : s.kind === 'revoked' ? 'SESSION_REVOKED' : 'NOT_LOGGED_IN');
    }
    const user = await findUser(deps, s.userId);
    if (!user) throw new ApiError('NOT_LOGGED_IN');
    const counts = await unreadCounts(deps.database.db, user.id);
    return ok({ ...userView(user), infoCount: counts.info, msgCount: counts.msg });
  });

  app.put(API_PATHS.userInfo, async (req) => {
    const me = await requireUser(req, deps);
    const b = parseInput(infoBody, req.body);
    const patch: Partial<typeof users.$inferInsert> = { updatedAt: deps.now() };
    if (b.name !== undefined) {
      const name = normaliseName(b.name);
      const errors = nameErrors(name);
      if (errors.length) throw new ApiError('NAME_INVALID', errors[0]);
      patch.name = name;
      patch.state = 4;
    }
    if (b.avatar) patch.avatar = b.avatar;
    await db.update(users).set(patch).where(eq(users.id, me.userId));
    await audit(deps, req, me.userId, 'update-profile', { name: b.name !== undefined, avatar: Boolean(b.avatar) });
    const user = await findUser(deps, me.userId);
    if (!user) throw new ApiError('NOT_LOGGED_IN');
    return ok(userView(user));
  });

  app.get(ACCOUNT_PATHS.checkUserName, async (req) => {
    const { name } = parseInput(nameQuery, req.query);
    const errors = nameErrors(normaliseName(name));
    return ok({ succeeded: errors.length === 0, errors });
  });

  app.post(ACCOUNT_PATHS.handleLog, async (req) => {
    const me = await requireUser(req, deps);
    const b = parseInput(handleLogBody, req.body);
    await audit(deps, req, me.userId, `client:${b.type}`, { identify: b.identify });
    return ok(null);
  });

  app.get(ACCOUNT_PATHS.auditLog, async (req) => {
    const me = await requireUser(req, deps);
    const rows = await db
      .select({ action: auditLog.action, ip: auditLog.ip, userAgent: auditLog.userAgent, createdAt: auditLog.createdAt })
      .from(auditLog)
      .where(eq(auditLog.userId, me.userId))
      .orderBy(desc(auditLog.createdAt))
      .limit(50);
    return ok({ list: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) });
  });
}
