import { ok } from '@jiyin/contracts/envelope';
import {
  LIBRARY_API_PATHS,
  type ProposalView,
  proposalReviewSchema,
  type SurnameField,
  surnameProposalSchema,
  surnameSearchSchema,
} from '@jiyin/contracts/libraryApi';
import { schema } from '@jiyin/db';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { newId } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { ApiError, parseInput } from '../http/errors.ts';
import { requireStaff, requireUser } from '../users/session.ts';
import { searchSurnames, surnameView, topSurnames } from './queries.ts';

const { surnames, surnameProposals, surnameHistory } = schema;

const nameParams = z.object({
  name: z
    .string()
    .trim()
    .regex(/^\p{Script=Han}{1,2}$/u, '姓氏不存在'),
});
const idParams = z.object({ id: z.uuid('修改建议不存在') });
const topQuery = z.object({ limit: z.coerce.number().int().min(1).max(600).default(100) });
/** Pending proposals one user may have at a time: enough for real work, not for flooding reviewers. */
const MAX_PENDING_PER_USER = 20;

const proposalView = (p: typeof surnameProposals.$inferSelect): ProposalView => ({
  id: p.id,
  surname: p.surname,
  field: p.field as SurnameField,
  value: p.value,
  source: p.source,
  status: p.status,
  reviewNote: p.reviewNote,
  createdAt: p.createdAt.toISOString(),
});

/** §2.1 surname library: public reads; users propose edits with a source; staff review; history kept. */
export async function surnameRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps.database;

  app.get(LIBRARY_API_PATHS.surnameSearch, async (req) => {
    const { q, limit } = parseInput(surnameSearchSchema, req.query);
    return ok({ list: await searchSurnames(db, q, limit) });
  });

  app.get(LIBRARY_API_PATHS.surnameTop, async (req) => {
    const { limit } = parseInput(topQuery, req.query);
    return ok({ list: await topSurnames(db, limit) });
  });

  app.get(LIBRARY_API_PATHS.surname, async (req) => {
    const { name } = parseInput(nameParams, req.params);
    const view = await surnameView(db, name);
    if (!view) throw new ApiError('NOT_FOUND', '姓氏库中暂无这个姓氏');
    return ok(view);
  });

  app.post(LIBRARY_API_PATHS.surnameProposals, async (req) => {
    const me = await requireUser(req, deps);
    const { name } = parseInput(nameParams, req.params);
    const input = parseInput(surnameProposalSchema, req.body);
    const [row] = await db.select({ name: surnames.name }).from(surnames).where(eq(surnames.name, name));
    if (!row) throw new ApiError('NOT_FOUND', '姓氏库中暂无这个姓氏');
    const [{ n }] = await db
      .select({ n: count() })
      .from(surnameProposals)
      .where(and(eq(surnameProposals.userId, me.userId), eq(surnameProposals.status, 'pending')));
    if (Number(n) >= MAX_PENDING_PER_USER) throw new ApiError('RATE_LIMITED', '待审核的修改建议过多，请等审核后再提交');
    const [created] = await db
      .insert(surnameProposals)
      .values({
        id: newId(),
        surname: name,
        userId: me.userId,
        field: input.field,
        value: input.value,
        source: input.source,
        createdAt: deps.now(),
      })
      .returning();
    return ok(proposalView(created));
  });

  app.get(LIBRARY_API_PATHS.myProposals, async (req) => {
    const me = await requireUser(req, deps);
    const rows = await db
      .select()
      .from(surnameProposals)
      .where(eq(surnameProposals.userId, me.userId))
      .orderBy(desc(surnameProposals.createdAt))
      .limit(100);
    return ok({ list: rows.map(proposalView) });
  });

  app.get(LIBRARY_API_PATHS.reviewQueue, async (req) => {
    await requireStaff(req, deps);
    const rows = await db
      .select()
      .from(surnameProposals)
      .where(eq(surnameProposals.status, 'pending'))
      .orderBy(asc(surnameProposals.createdAt))
      .limit(100);
    return ok({ list: rows.map(proposalView) });
  });

  /** Accepting writes the field and a history row in one transaction; a proposal is reviewed once. */
  app.post(LIBRARY_API_PATHS.reviewProposal, async (req) => {
    const staff = await requireStaff(req, deps);
    const { id } = parseInput(idParams, req.params);
    const { accept, note } = parseInput(proposalReviewSchema, req.body);
    const now = deps.now();
    const reviewed = await db.transaction(async (tx) => {
      const [p] = await tx.select().from(surnameProposals).where(eq(surnameProposals.id, id)).for('update');
      if (!p) throw new ApiError('NOT_FOUND', '修改建议不存在');
      if (p.status !== 'pending') throw new ApiError('BAD_REQUEST', '这条修改建议已经审核过了');
      if (accept) {
        const field = p.field as SurnameField;
        const [current] = await tx.select().from(surnames).where(eq(surnames.name, p.surname)).for('update');
        await tx
          .update(surnames)
          .set({ [field]: p.value, fieldSources: { ...current.fieldSources, [field]: p.source }, updatedAt: now })
          .where(eq(surnames.name, p.surname));
        await tx.insert(surnameHistory).values({
          id: newId(),
          surname: p.surname,
          field,
          before: current[field],
          after: p.value,
          source: p.source,
          proposalId: p.id,
          reviewerUserId: staff.userId,
          createdAt: now,
        });
      }
      const [row] = await tx
        .update(surnameProposals)
        .set({ status: accept ? 'accepted' : 'rejected', reviewNote: note ?? null, reviewerUserId: staff.userId, reviewedAt: now })
        .where(eq(surnameProposals.id, id))
        .returning();
      return row;
    });
    return ok(proposalView(reviewed));
  });
}
