import { LOGOUT_PATHS } from '@jiyin/contracts/accounts';
import { safeReturnPath } from '@jiyin/contracts/guards';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.ts';
import { audit } from './audit.ts';
import { clearSessionCookie, readSession, revokeSessions } from './sessions.ts';

/** §7.2 browser navigations `/user/logout?redirect` and `/wechat/logout?redirect`: end the session, go on. */
export async function logoutRoutes(app: FastifyInstance, deps: Deps) {
  for (const path of LOGOUT_PATHS) {
    app.get(path, async (req, reply) => {
      const s = await readSession(req, deps);
      if (s.kind === 'ok') {
        await revokeSessions(deps, s.userId, { only: s.sessionId });
        await audit(deps, req, s.userId, 'logout');
      }
      clearSessionCookie(deps, reply);
      const redirect = (req.query as Record<string, unknown>).redirect;
      return reply.redirect(safeReturnPath(typeof redirect === 'string' ? redirect : '/'), 302);
    });
  }
}
