import {
  type ArticleSummary,
  type ArticleView,
  articleSchema,
  COMMUNITY_API_PATHS,
  COMMUNITY_PAGE_SIZE,
  type GeneClubCategory,
  geneClubCategoryIds,
} from '@jiyin/contracts/community';
import { ok } from '@jiyin/contracts/envelope';
import { schema } from '@jiyin/db';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { audit } from '../auth/audit.ts';
import { newId } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { ApiError, parseInput } from '../http/errors.ts';
import { currentUser, isStaff, requireStaff } from '../users/session.ts';
import { renderArticle } from './markdown.ts';

const { geneClubArticles } = schema;
type ArticleRow = typeof geneClubArticles.$inferSelect;

const listQuery = z.object({
  category: z.enum(geneClubCategoryIds, { error: '分类不存在' }).optional(),
  tag: z.string().trim().min(1).max(12, '标签不正确').optional(),
  page: z.coerce.number().int('页码不正确').min(1, '页码不正确').max(10_000, '页码不正确').default(1),
});
const idParams = z.object({ id: z.uuid('文章不存在') });
const MISSING = '文章不存在或已下线';
/** Staff articles carry the editorial byline; the product publishes no personal authors. */
const BYLINE = '知源基因编辑部';

const summaryOf = (r: ArticleRow): ArticleSummary => ({
  id: r.id,
  title: r.title,
  summary: r.summary,
  category: r.category as GeneClubCategory,
  tags: r.tags,
  author: r.author,
  date: r.createdAt.toISOString(),
});
const viewOf = (r: ArticleRow, staff: boolean): ArticleView => ({
  ...summaryOf(r),
  html: renderArticle(r.markdown),
  published: r.published,
  ...(staff ? { markdown: r.markdown } : {}),
  viewer: { staff },
});
const previewBody = z.object({ markdown: z.string({ error: '请输入正文' }).max(50_000, '正文过长') });

const viewerIsStaff = async (deps: Deps, req: FastifyRequest) => isStaff(deps, (await currentUser(req, deps))?.userId);

/** §2.1 gene club: published articles for everyone; staff write them in Markdown (rendered and sanitised when shown). */
export async function geneClubRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps.database;

  app.get(COMMUNITY_API_PATHS.articles, async (req) => {
    const q = parseInput(listQuery, req.query);
    const rows = await db
      .select()
      .from(geneClubArticles)
      .where(
        and(
          eq(geneClubArticles.published, true),
          q.category ? eq(geneClubArticles.category, q.category) : undefined,
          q.tag ? sql`${geneClubArticles.tags} @> ${JSON.stringify([q.tag])}::jsonb` : undefined,
        ),
      )
      .orderBy(desc(geneClubArticles.createdAt), desc(geneClubArticles.id))
      .limit(COMMUNITY_PAGE_SIZE)
      .offset((q.page - 1) * COMMUNITY_PAGE_SIZE);
    return ok({ list: rows.map(summaryOf), viewer: { staff: await viewerIsStaff(deps, req) } });
  });

  /** Published articles for everyone; staff also open unpublished ones, with their Markdown. */
  app.get(COMMUNITY_API_PATHS.article, async (req) => {
    const { id } = parseInput(idParams, req.params);
    const staff = await viewerIsStaff(deps, req);
    const [row] = await db
      .select()
      .from(geneClubArticles)
      .where(and(eq(geneClubArticles.id, id), staff ? undefined : eq(geneClubArticles.published, true)));
    if (!row) throw new ApiError('NOT_FOUND', MISSING);
    return ok(viewOf(row, staff));
  });

  app.post(COMMUNITY_API_PATHS.articlePreview, async (req) => {
    await requireStaff(req, deps);
    const { markdown } = parseInput(previewBody, req.body);
    return ok({ html: renderArticle(markdown) });
  });

  app.post(COMMUNITY_API_PATHS.articles, async (req) => {
    const me = await requireStaff(req, deps);
    const body = parseInput(articleSchema, req.body);
    const now = deps.now();
    const [row] = await db
      .insert(geneClubArticles)
      .values({ id: newId(), ...body, author: BYLINE, createdBy: me.userId, createdAt: now, updatedAt: now })
      .returning();
    await audit(deps, req, me.userId, 'gene-club-save', { articleId: row.id, title: row.title });
    return ok(viewOf(row, true));
  });

  app.put(COMMUNITY_API_PATHS.article, async (req) => {
    const me = await requireStaff(req, deps);
    const { id } = parseInput(idParams, req.params);
    const body = parseInput(articleSchema, req.body);
    const [row] = await db
      .update(geneClubArticles)
      .set({ ...body, updatedAt: deps.now() })
      .where(eq(geneClubArticles.id, id))
      .returning();
    if (!row) throw new ApiError('NOT_FOUND', MISSING);
    await audit(deps, req, me.userId, 'gene-club-save', { articleId: row.id, title: row.title });
    return ok(viewOf(row, true));
  });
}
