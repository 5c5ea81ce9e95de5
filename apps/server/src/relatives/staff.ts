import { ok } from '@jiyin/contracts/envelope';
import { RELATIVES_API_PATHS, type StaffHoldsView, staffReleaseBodySchema } from '@jiyin/contracts/relativesApi';
import { schema } from '@jiyin/db';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { audit } from '../auth/audit.ts';
import type { Deps } from '../deps.ts';
import { ApiError, parseInput } from '../http/errors.ts';
import { requireStaffSession } from '../users/session.ts';
import { queueMatching } from './consent.ts';
import { holdCodeOf } from './guard.ts';

const { relativesGate, relativesPauses, persons } = schema;

/** Staff review of gene relatives: held genomes and paused accounts, and releasing them (back-office sign-in policy). */
export async function staffRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps.database;

  app.get(RELATIVES_API_PATHS.staffHolds, async (req) => {
    await requireStaffSession(req, deps);
    const held = await db
      .select()
      .from(relativesGate)
      .where(eq(relativesGate.state, 'held'))
      .orderBy(desc(relativesGate.createdAt))
      .limit(200);
    const paused = await db
      .select()
      .from(relativesPauses)
      .where(isNull(relativesPauses.releasedAt))
      .orderBy(desc(relativesPauses.createdAt))
      .limit(200);
    const view: StaffHoldsView = {
      genomes: held.map((g) => ({
        barcode: g.barcode,
        userId: g.userId,
        personId: g.personId,
        reasons: g.reasons.map((r) => ({ code: holdCodeOf(r.code), message: r.message })),
        figures: g.figures,
        createdAt: g.createdAt.toISOString(),
      })),
      accounts: paused.map((p) => ({
        userId: p.userId,
        code: holdCodeOf(p.code === 'PROBING' ? 'PROBING' : 'PAUSED'),
        message: p.message,
        detail: p.detail,
        createdAt: p.createdAt.toISOString(),
      })),
    };
    return ok(view);
  });

  /** Releases a held genome (it is matched now) or a paused account (its persons are matched again). */
  app.post(RELATIVES_API_PATHS.staffRelease, async (req) => {
    const me = await requireStaffSession(req, deps);
    const body = parseInput(staffReleaseBodySchema, req.body);
    const now = deps.now();
    if ('barcode' in body) {
      const [row] = await db
        .update(relativesGate)
        .set({ state: 'released', reviewedAt: now, reviewedBy: me.userId })
        .where(and(eq(relativesGate.barcode, body.barcode), eq(relativesGate.state, 'held')))
        .returning();
      if (!row) throw new ApiError('NOT_FOUND', '没有这份待审核的基因数据');
      await queueMatching(deps, row.personId);
    } else {
      const [row] = await db
        .update(relativesPauses)
        .set({ releasedAt: now, releasedBy: me.userId })
        .where(and(eq(relativesPauses.userId, body.userId), isNull(relativesPauses.releasedAt)))
        .returning();
      if (!row) throw new ApiError('NOT_FOUND', '该账户没有被暂停');
      for (const p of await db.select({ id: persons.id }).from(persons).where(eq(persons.ownerUserId, body.userId))) {
        await queueMatching(deps, p.id);
      }
    }
    await audit(deps, req, me.userId, 'relatives-release', body);
    return ok({ released: true });
  });
}
