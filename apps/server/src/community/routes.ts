import {
  COMMUNITY_API_PATHS,
  COMMUNITY_PAGE_SIZE,
  communityModuleIds,
  editPostSchema,
  hidePostSchema,
  newCommentSchema,
  newPostSchema,
  type PostDetail,
} from '@jiyin/contracts/community';
import { NOTIFICATION_TYPES } from '@jiyin/contracts/constants';
import { ok } from '@jiyin/contracts/envelope';
import { type Db, schema } from '@jiyin/db';
import { and, asc, count, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { audit } from '../auth/audit.ts';
import { newId } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { ApiError, parseInput } from '../http/errors.ts';
import { publish } from '../live/hub.ts';
import { type NewNotice, notify } from '../notifications/service.ts';
import { currentUser, isStaff, requireStaff, requireUser } from '../users/session.ts';
import { antispamRoutes, moderators, requireClean } from './antispam.ts';
import { authors, commentViews, type PostRow, postViews } from './queries.ts';
import { reportRoutes, resolveReportsOf } from './reports.ts';

const { communityPosts, communityComments, communityLikes, notifications } = schema;

const idParams = z.object({ id: z.uuid('帖子不存在') });
const commentParams = z.object({ id: z.uuid('评论不存在') });
const page = z.coerce.number().int('页码不正确').min(1, '页码不正确').max(10_000, '页码不正确').default(1);
const listQuery = z.object({ module: z.enum(communityModuleIds, { error: '版块不存在' }).optional(), page });
const detailQuery = z.object({ page });
const MISSING_POST = '帖子不存在或已被删除';
/** §9 community notice types: a comment on one's post, an answer to one's question, a reply in a discussion. */
const COMMUNITY_TYPES = [NOTIFICATION_TYPES.commentPost, NOTIFICATION_TYPES.answer, NOTIFICATION_TYPES.discuss];

const snippet = (text: string) => (text.length > 60 ? `${text.slice(0, 60)}…` : text);
const postLink = (postId: string) => `/community/comment-detail?id=${postId}`;

/**
 * §2.1 community: anyone reads visible posts (pages are server-rendered for search engines); writing
 * needs sign-in and passes the antispam check. Only authors edit or delete their own posts and
 * comments (someone else's id answers like a missing one); only staff hide a post, with a reason.
 */
export async function communityRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps.database;
  const checkers = moderators(deps);
  await app.register(antispamRoutes, deps);
  await app.register(reportRoutes, deps);

  /** A post the viewer may see: visible, or hidden but theirs or seen by staff. */
  async function visiblePost(id: string, viewerId: string | undefined, tx: Db = db): Promise<PostRow> {
    const [row] = await tx.select().from(communityPosts).where(eq(communityPosts.id, id));
    if (!row) throw new ApiError('NOT_FOUND', MISSING_POST);
    if (row.hiddenAt && row.authorUserId !== viewerId && !(await isStaff(deps, viewerId))) throw new ApiError('NOT_FOUND', MISSING_POST);
    return row;
  }
  /** A post others can act on (comment, like): hidden ones take nothing new. */
  async function openPost(id: string, tx: Db): Promise<PostRow> {
    const [row] = await tx
      .select()
      .from(communityPosts)
      .where(and(eq(communityPosts.id, id), isNull(communityPosts.hiddenAt)));
    if (!row) throw new ApiError('NOT_FOUND', MISSING_POST);
    return row;
  }
  async function ownPost(req: FastifyRequest, userId: string): Promise<PostRow> {
    const { id } = parseInput(idParams, req.params);
    const [row] = await db
      .select()
      .from(communityPosts)
      .where(and(eq(communityPosts.id, id), eq(communityPosts.authorUserId, userId)));
    if (!row) throw new ApiError('NOT_FOUND', MISSING_POST);
    return row;
  }

  app.get(COMMUNITY_API_PATHS.posts, async (req) => {
    const me = await currentUser(req, deps);
    const q = parseInput(listQuery, req.query);
    // Authors still see their own hidden posts (with the reason); nobody else does.
    const visible = me ? or(isNull(communityPosts.hiddenAt), eq(communityPosts.authorUserId, me.userId)) : isNull(communityPosts.hiddenAt);
    const rows = await db
      .select()
      .from(communityPosts)
      .where(and(visible, q.module ? eq(communityPosts.module, q.module) : undefined))
      .orderBy(desc(communityPosts.createdAt), desc(communityPosts.id))
      .limit(COMMUNITY_PAGE_SIZE)
      .offset((q.page - 1) * COMMUNITY_PAGE_SIZE);
    return ok({ list: await postViews(db, rows, me?.userId ?? null) });
  });

  app.get(COMMUNITY_API_PATHS.post, async (req) => {
    const me = await currentUser(req, deps);
    const { id } = parseInput(idParams, req.params);
    const q = parseInput(detailQuery, req.query);
    const row = await visiblePost(id, me?.userId);
    const top = await db
      .select()
      .from(communityComments)
      .where(and(eq(communityComments.postId, id), isNull(communityComments.parentId)))
      .orderBy(asc(communityComments.createdAt), asc(communityComments.id))
      .limit(COMMUNITY_PAGE_SIZE + 1)
      .offset((q.page - 1) * COMMUNITY_PAGE_SIZE);
    const [post] = await postViews(db, [row], me?.userId ?? null);
    const detail: PostDetail = {
      post,
      comments: await commentViews(db, top.slice(0, COMMUNITY_PAGE_SIZE), me?.userId ?? null),
      moreComments: top.length > COMMUNITY_PAGE_SIZE,
      viewer: { signedIn: Boolean(me), staff: await isStaff(deps, me?.userId) },
    };
    return ok(detail);
  });

  app.post(COMMUNITY_API_PATHS.posts, async (req) => {
    const me = await requireUser(req, deps);
    const body = parseInput(newPostSchema, req.body);
    const now = deps.now();
    const [{ n }] = await db
      .select({ n: count() })
      .from(communityPosts)
      .where(and(eq(communityPosts.authorUserId, me.userId), gt(communityPosts.createdAt, new Date(now.getTime() - 3_600_000))));
    if (Number(n) >= deps.config.community.postsPerHour) throw new ApiError('RATE_LIMITED', '发帖过于频繁，请稍后再试');
    await requireClean(checkers, [body.content]);
    const [row] = await db
      .insert(communityPosts)
      .values({ id: newId(), authorUserId: me.userId, ...body, createdAt: now, updatedAt: now })
      .returning();
    return ok((await postViews(db, [row], me.userId))[0]);
  });

  app.put(COMMUNITY_API_PATHS.post, async (req) => {
    const me = await requireUser(req, deps);
    const row = await ownPost(req, me.userId);
    const body = parseInput(editPostSchema, req.body);
    await requireClean(checkers, [body.content]);
    const [updated] = await db
      .update(communityPosts)
      .set({ content: body.content, updatedAt: deps.now() })
      .where(eq(communityPosts.id, row.id))
      .returning();
    return ok((await postViews(db, [updated], me.userId))[0]);
  });

  /** Deleting a post takes its comments, likes and the notices that point to it (their bells follow live). */
  app.delete(COMMUNITY_API_PATHS.post, async (req) => {
    const me = await requireUser(req, deps);
    const row = await ownPost(req, me.userId);
    await db.transaction(async (tx) => {
      const gone = await tx
        .delete(notifications)
        .where(and(eq(notifications.relatedId, row.id), inArray(notifications.type, COMMUNITY_TYPES)))
        .returning({ userId: notifications.userId });
      await tx.delete(communityPosts).where(eq(communityPosts.id, row.id));
      await publish(
        tx,
        gone.map((g) => g.userId),
        null,
      );
    });
    return ok(null);
  });

  /**
   * A comment (on a post), an answer (on a question) or a reply (to a comment of the post). Its
   * author notifies: the post's author (type 1 or 2), the replied-to comment's author (type 3), and
   * the post's author of a discussion under their post (type 3); never oneself.
   */
  app.post(COMMUNITY_API_PATHS.postComments, async (req) => {
    const me = await requireUser(req, deps);
    const { id } = parseInput(idParams, req.params);
    const body = parseInput(newCommentSchema, req.body);
    const now = deps.now();
    const [{ n }] = await db
      .select({ n: count() })
      .from(communityComments)
      .where(and(eq(communityComments.authorUserId, me.userId), gt(communityComments.createdAt, new Date(now.getTime() - 60_000))));
    if (Number(n) >= deps.config.community.commentsPerMinute) throw new ApiError('RATE_LIMITED', '评论过于频繁，请稍后再试');
    await requireClean(checkers, [body.content]);
    const [view] = await db.transaction(async (tx) => {
      const post = await openPost(id, tx);
      let parent: typeof communityComments.$inferSelect | undefined;
      if (body.parentId) {
        [parent] = await tx
          .select()
          .from(communityComments)
          .where(and(eq(communityComments.id, body.parentId), eq(communityComments.postId, post.id)));
        if (!parent) throw new ApiError('NOT_FOUND', '评论不存在或已被删除');
      }
      const kind = parent ? 'reply' : post.kind === 'question' ? 'answer' : 'comment';
      const [row] = await tx
        .insert(communityComments)
        .values({
          id: newId(),
          postId: post.id,
          // Replies stay one level deep: a reply to a reply joins its thread and names whom it answers.
          parentId: parent ? (parent.parentId ?? parent.id) : null,
          authorUserId: me.userId,
          replyToUserId: parent?.authorUserId ?? null,
          kind,
          content: body.content,
          createdAt: now,
        })
        .returning();
      await tx
        .update(communityPosts)
        .set({ commentCount: sql`${communityPosts.commentCount} + 1` })
        .where(eq(communityPosts.id, post.id));
      const from = (await authors(tx, [me.userId])).get(me.userId) ?? { name: '知源用户', avatar: null };
      const notice = (userId: string, type: number, title: string): NewNotice => ({
        userId,
        type,
        title,
        content: `${from.name}：${snippet(body.content)}`,
        relatedId: post.id,
        fromUser: from,
        webviewUrl: postLink(post.id),
        createdAt: now,
      });
      const notices: NewNotice[] = [];
      if (!parent) {
        if (post.authorUserId !== me.userId)
          notices.push(
            kind === 'answer'
              ? notice(post.authorUserId, NOTIFICATION_TYPES.answer, '回答了你的提问')
              : notice(post.authorUserId, NOTIFICATION_TYPES.commentPost, '评论了你的帖子'),
          );
      } else {
        if (parent.authorUserId !== me.userId) notices.push(notice(parent.authorUserId, NOTIFICATION_TYPES.discuss, '回复了你的评论'));
        if (post.authorUserId !== me.userId && post.authorUserId !== parent.authorUserId)
          notices.push(notice(post.authorUserId, NOTIFICATION_TYPES.discuss, '参与了你帖子下的讨论'));
      }
      await notify(tx, notices);
      return commentViews(tx, [row], me.userId);
    });
    return ok(view);
  });

  /** Deleting one's comment takes its replies with it. */
  app.delete(COMMUNITY_API_PATHS.comment, async (req) => {
    const me = await requireUser(req, deps);
    const { id } = parseInput(commentParams, req.params);
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(communityComments)
        .where(and(eq(communityComments.id, id), eq(communityComments.authorUserId, me.userId)));
      if (!row) throw new ApiError('NOT_FOUND', '评论不存在或已被删除');
      const gone = await tx
        .delete(communityComments)
        .where(or(eq(communityComments.id, row.id), eq(communityComments.parentId, row.id)))
        .returning({ id: communityComments.id });
      await tx
        .update(communityPosts)
        .set({ commentCount: sql`greatest(${communityPosts.commentCount} - ${gone.length}, 0)` })
        .where(eq(communityPosts.id, row.postId));
    });
    return ok(null);
  });

  /** Likes: one per user and post; liking or unliking twice changes nothing. */
  const like = (on: boolean) => async (req: FastifyRequest) => {
    const me = await requireUser(req, deps);
    const { id } = parseInput(idParams, req.params);
    const likeCount = await db.transaction(async (tx) => {
      const post = await openPost(id, tx);
      const changed = on
        ? await tx
            .insert(communityLikes)
            .values({ postId: post.id, userId: me.userId, createdAt: deps.now() })
            .onConflictDoNothing()
            .returning()
        : await tx
            .delete(communityLikes)
            .where(and(eq(communityLikes.postId, post.id), eq(communityLikes.userId, me.userId)))
            .returning();
      if (!changed.length) return post.likeCount;
      const [updated] = await tx
        .update(communityPosts)
        .set({ likeCount: sql`${communityPosts.likeCount} + ${on ? 1 : -1}` })
        .where(eq(communityPosts.id, post.id))
        .returning({ likeCount: communityPosts.likeCount });
      return updated.likeCount;
    });
    return ok({ liked: on, likeCount });
  };
  app.put(COMMUNITY_API_PATHS.postLike, like(true));
  app.delete(COMMUNITY_API_PATHS.postLike, like(false));

  /** Staff hide a post with a reason its author sees; audited. */
  app.post(COMMUNITY_API_PATHS.postHide, async (req) => {
    const me = await requireStaff(req, deps);
    const { id } = parseInput(idParams, req.params);
    const { reason } = parseInput(hidePostSchema, req.body);
    const now = deps.now();
    const [row] = await db.transaction(async (tx) => {
      const hidden = await tx
        .update(communityPosts)
        .set({ hiddenAt: now, hiddenReason: reason, hiddenBy: me.userId })
        .where(eq(communityPosts.id, id))
        .returning();
      if (hidden.length) await resolveReportsOf(tx, id, me.userId, now);
      return hidden;
    });
    if (!row) throw new ApiError('NOT_FOUND', MISSING_POST);
    await audit(deps, req, me.userId, 'community-hide', { postId: id, reason });
    return ok((await postViews(db, [row], me.userId))[0]);
  });

  app.delete(COMMUNITY_API_PATHS.postHide, async (req) => {
    const me = await requireStaff(req, deps);
    const { id } = parseInput(idParams, req.params);
    const [row] = await db
      .update(communityPosts)
      .set({ hiddenAt: null, hiddenReason: null, hiddenBy: null })
      .where(eq(communityPosts.id, id))
      .returning();
    if (!row) throw new ApiError('NOT_FOUND', MISSING_POST);
    await audit(deps, req, me.userId, 'community-unhide', { postId: id });
    return ok((await postViews(db, [row], me.userId))[0]);
  });
}
