import { COMMUNITY_API_PATHS, type ReportView, reportSchema } from '@jiyin/contracts/community';
import { ok } from '@jiyin/contracts/envelope';
import { type Db, schema } from '@jiyin/db';
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { audit } from '../auth/audit.ts';
import { newId } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { ApiError, parseInput } from '../http/errors.ts';
import { requireStaff, requireUser } from '../users/session.ts';

const { communityReports, communityPosts, communityComments } = schema;
const idParams = z.object({ id: z.uuid('举报不存在') });

/** Closes the open reports of a post and its comments (the post was hidden: they are handled). */
export async function resolveReportsOf(db: Db, postId: string, staffId: string, now: Date): Promise<void> {
  await db
    .update(communityReports)
    .set({ resolvedAt: now, resolvedBy: staffId })
    .where(and(eq(communityReports.postId, postId), isNull(communityReports.resolvedAt)));
}

/** Reporting posts and comments (rate-limited per account), and the staff's queue of open reports. */
export async function reportRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps.database;

  app.post(COMMUNITY_API_PATHS.reports, async (req) => {
    const me = await requireUser(req, deps);
    const body = parseInput(reportSchema, req.body);
    const now = deps.now();
    const [{ n }] = await db
      .select({ n: count() })
      .from(communityReports)
      .where(and(eq(communityReports.reporterUserId, me.userId), gt(communityReports.createdAt, new Date(now.getTime() - 3_600_000))));
    if (Number(n) >= deps.config.community.reportsPerHour) throw new ApiError('RATE_LIMITED', '举报过于频繁，请稍后再试');
    const target =
      body.targetKind === 'post'
        ? (
            await db
              .select({ postId: communityPosts.id, authorUserId: communityPosts.authorUserId, content: communityPosts.content })
              .from(communityPosts)
              .where(and(eq(communityPosts.id, body.targetId), isNull(communityPosts.hiddenAt)))
          )[0]
        : (
            await db
              .select({
                postId: communityComments.postId,
                authorUserId: communityComments.authorUserId,
                content: communityComments.content,
              })
              .from(communityComments)
              .innerJoin(communityPosts, eq(communityPosts.id, communityComments.postId))
              .where(and(eq(communityComments.id, body.targetId), isNull(communityPosts.hiddenAt)))
          )[0];
    if (!target) throw new ApiError('NOT_FOUND', '举报的内容不存在或已被删除');
    if (target.authorUserId === me.userId) throw new ApiError('BAD_REQUEST', '不能举报自己发布的内容');
    // Reporting the same thing again changes nothing and answers the same.
    await db
      .insert(communityReports)
      .values({
        id: newId(),
        reporterUserId: me.userId,
        targetKind: body.targetKind,
        targetId: body.targetId,
        postId: target.postId,
        authorUserId: target.authorUserId,
        content: target.content,
        reason: body.reason,
        detail: body.detail || null,
        createdAt: now,
      })
      .onConflictDoNothing();
    return ok({ reported: true });
  });

  /** Open reports, one entry per reported post or comment (the latest report, and how many there are). */
  app.get(COMMUNITY_API_PATHS.reports, async (req) => {
    await requireStaff(req, deps);
    const rows = await db
      .select()
      .from(communityReports)
      .where(isNull(communityReports.resolvedAt))
      .orderBy(desc(communityReports.createdAt))
      .limit(500);
    const byTarget = new Map<string, ReportView>();
    for (const r of rows) {
      const key = `${r.targetKind}:${r.targetId}`;
      const seen = byTarget.get(key);
      if (seen) seen.reportCount += 1;
      else
        byTarget.set(key, {
          id: r.id,
          targetKind: r.targetKind,
          targetId: r.targetId,
          postId: r.postId,
          content: r.content,
          reason: r.reason,
          detail: r.detail,
          reportCount: 1,
          date: r.createdAt.toISOString(),
        });
    }
    return ok({ list: [...byTarget.values()] });
  });

  /** Closes every open report of the same target as this one. */
  app.post(COMMUNITY_API_PATHS.reportResolve, async (req) => {
    const me = await requireStaff(req, deps);
    const { id } = parseInput(idParams, req.params);
    const [row] = await db.select().from(communityReports).where(eq(communityReports.id, id));
    if (!row) throw new ApiError('NOT_FOUND', '举报不存在');
    await db
      .update(communityReports)
      .set({ resolvedAt: deps.now(), resolvedBy: me.userId })
      .where(
        and(
          eq(communityReports.targetKind, row.targetKind),
          eq(communityReports.targetId, row.targetId),
          isNull(communityReports.resolvedAt),
        ),
      );
    await audit(deps, req, me.userId, 'community-report-resolve', { reportId: id, targetKind: row.targetKind, targetId: row.targetId });
    return ok(null);
  });
}
