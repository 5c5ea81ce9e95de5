import {
  ANCESTRY_API_PATHS,
  ANCESTRY_LINES,
  type HaplogroupName,
  LINEAGE_HORIZONS,
  type LineageHorizonId,
  YTREE_COMMENT_PAGE_SIZE,
  type YTreeComment,
  type YTreeCommentPage,
  ytreeCommentSchema,
} from '@jiyin/contracts/ancestryApi';
import { ok } from '@jiyin/contracts/envelope';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { newId } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { ApiError, parseInput } from '../http/errors.ts';
import { barcodeQuery, type ReportSubject, resolveReportSubject } from '../reports/access.ts';
import { currentUser, requireUser } from '../users/session.ts';
import { deleteOwnComment, insertComment, recentCommentFacts, visibleComments, type YTreeCommentRow } from './queries.ts';
import { checkAncestryAccess, compositionView, lineageTreeView, lineView, nationsView } from './service.ts';
import { treeIndex, yTreeRows } from './trees.ts';

const lineParams = z.object({ line: z.enum(ANCESTRY_LINES, { error: '不支持的谱系' }) });
const horizonParams = z.object({
  horizon: z.enum(LINEAGE_HORIZONS.map((h) => h.id) as [LineageHorizonId, ...LineageHorizonId[]], { error: '不支持的分化树' }),
});
const haplogroupField = z.string({ error: '请选择单倍群' }).trim().min(1, '请选择单倍群').max(64, '单倍群名称不正确');
const commentsQuery = z.object({
  haplogroup: haplogroupField,
  page: z.coerce.number({ error: '页码不正确' }).int('页码不正确').min(1, '页码不正确').max(10_000, '页码不正确').default(1),
});
const commentIdParams = z.object({ id: z.uuid('评论不存在') });

/** Basic flood control of Y-tree comments: this many per user per window. */
const COMMENT_BURST = 5;
const COMMENT_WINDOW_MS = 10 * 60_000;

/** The tree's own name for a haplogroup typed by a user; null when the Y tree has no such branch. */
function yNode(name: string): string | null {
  return treeIndex('Y').byId.has(name) ? name : null;
}

function commentView(row: YTreeCommentRow, readerId: string | null): YTreeComment {
  return {
    id: row.id,
    haplogroup: row.haplogroup,
    comment: row.comment,
    status: row.status,
    createType: row.createType,
    createdAt: row.createdAt.toISOString(),
    userName: row.userName || '基因用户',
    mine: row.userId === readerId,
  };
}

/**
 * §7.9 ancestry report calls and the public Y-tree. Report reads resolve their subject through the
 * reports' one access rule (own or shared person, share link, sample) and then §6's ancestry rule.
 */
export async function ancestryRoutes(app: FastifyInstance, deps: Deps) {
  const subjectFor = async (req: FastifyRequest): Promise<ReportSubject> => {
    const { barcode } = parseInput(barcodeQuery, req.query);
    const s = await resolveReportSubject(req, deps, barcode);
    checkAncestryAccess(s);
    return s;
  };

  app.get(ANCESTRY_API_PATHS.composition, async (req) => ok(await compositionView(deps, await subjectFor(req))));

  app.get(ANCESTRY_API_PATHS.nations, async (req) => ok(await nationsView(deps, await subjectFor(req))));

  app.get(ANCESTRY_API_PATHS.line, async (req) => {
    const { line } = parseInput(lineParams, req.params);
    return ok(await lineView(deps, await subjectFor(req), line));
  });

  app.get(ANCESTRY_API_PATHS.lineageTree, async (req) => {
    const { horizon } = parseInput(horizonParams, req.params);
    return ok(lineageTreeView(await subjectFor(req), horizon));
  });

  app.get(ANCESTRY_API_PATHS.haplogroupName, async (req) => {
    const s = await subjectFor(req);
    return ok<HaplogroupName>({ yhaplogroup: s.person.yHaplogroup, mthaplogroup: s.person.mtHaplogroup });
  });

  // The tree is the same for everyone and changes only with a release: let browsers keep it an hour.
  app.get(ANCESTRY_API_PATHS.ytree, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return ok({ nodes: yTreeRows() });
  });

  app.get(ANCESTRY_API_PATHS.ytreeComments, async (req) => {
    const q = parseInput(commentsQuery, req.query);
    const haplogroup = yNode(q.haplogroup);
    if (!haplogroup) throw new ApiError('BAD_REQUEST', `Y 染色体谱系树中没有 ${q.haplogroup} 这个分支`);
    const reader = await currentUser(req, deps);
    const { rows, total } = await visibleComments(deps, haplogroup, q.page, YTREE_COMMENT_PAGE_SIZE);
    return ok<YTreeCommentPage>({
      list: rows.map((r) => commentView(r, reader?.userId ?? null)),
      total,
      page: q.page,
      size: YTREE_COMMENT_PAGE_SIZE,
    });
  });

  app.post(ANCESTRY_API_PATHS.ytreeComments, async (req) => {
    const me = await requireUser(req, deps);
    const body = parseInput(ytreeCommentSchema, req.body);
    const haplogroup = yNode(body.haplogroup);
    if (!haplogroup) throw new ApiError('BAD_REQUEST', `Y 染色体谱系树中没有 ${body.haplogroup} 这个分支`);
    const now = deps.now();
    const facts = await recentCommentFacts(deps, me.userId, haplogroup, body.comment, new Date(now.getTime() - COMMENT_WINDOW_MS));
    if (facts.duplicate) throw new ApiError('BAD_REQUEST', '您已经发表过相同的评论了');
    if (facts.recent >= COMMENT_BURST) throw new ApiError('RATE_LIMITED', '评论太频繁了，请过几分钟再试');
    const row = await insertComment(deps, {
      id: newId(),
      userId: me.userId,
      haplogroup,
      comment: body.comment,
      status: 'visible',
      createType: 'USER',
      createdAt: now,
    });
    return ok<YTreeComment>(commentView(row, me.userId));
  });

  app.delete(ANCESTRY_API_PATHS.ytreeCommentOne, async (req) => {
    const me = await requireUser(req, deps);
    const { id } = parseInput(commentIdParams, req.params);
    if (!(await deleteOwnComment(deps, me.userId, id))) throw new ApiError('NOT_FOUND', '评论不存在');
    return ok(null);
  });
}
