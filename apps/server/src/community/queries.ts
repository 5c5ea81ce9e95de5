import type { CommentView, CommunityAuthor, CommunityModule, PostView } from '@jiyin/contracts/community';
import { type Db, schema } from '@jiyin/db';
import { and, eq, inArray, or, sql } from 'drizzle-orm';

const { communityComments, communityLikes, communityPosts, users } = schema;

export type PostRow = typeof communityPosts.$inferSelect;
type CommentRow = typeof communityComments.$inferSelect;

/** Authors as everyone sees them: their account name and avatar, never their phone or id. */
export async function authors(db: Db, userIds: string[]): Promise<Map<string, CommunityAuthor>> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return new Map();
  const rows = await db.select({ id: users.id, name: users.name, avatar: users.avatar }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((u) => [u.id, { name: u.name || '知源用户', avatar: u.avatar ?? null }]));
}

const GONE: CommunityAuthor = { name: '知源用户', avatar: null };

/** Post views for a viewer (null: anonymous): whether each is theirs and whether they liked it. */
export async function postViews(db: Db, rows: PostRow[], viewerId: string | null): Promise<PostView[]> {
  const shown = await authors(
    db,
    rows.map((r) => r.authorUserId),
  );
  const liked = new Set(
    viewerId && rows.length
      ? (
          await db
            .select({ postId: communityLikes.postId })
            .from(communityLikes)
            .where(
              and(
                eq(communityLikes.userId, viewerId),
                inArray(
                  communityLikes.postId,
                  rows.map((r) => r.id),
                ),
              ),
            )
        ).map((l) => l.postId)
      : [],
  );
  return rows.map((r) => ({
    id: r.id,
    module: r.module as CommunityModule,
    kind: r.kind,
    content: r.content,
    images: r.images,
    author: shown.get(r.authorUserId) ?? GONE,
    mine: r.authorUserId === viewerId,
    date: r.createdAt.toISOString(),
    likeCount: r.likeCount,
    liked: liked.has(r.id),
    commentCount: r.commentCount,
    hidden: r.hiddenAt ? { reason: r.hiddenReason ?? '', date: r.hiddenAt.toISOString() } : null,
  }));
}

/** Top-level comments with their replies nested (oldest first), as the viewer sees them. */
export async function commentViews(db: Db, top: CommentRow[], viewerId: string | null): Promise<CommentView[]> {
  const replies = top.length
    ? await db
        .select()
        .from(communityComments)
        .where(
          inArray(
            communityComments.parentId,
            top.map((c) => c.id),
          ),
        )
        .orderBy(communityComments.createdAt, communityComments.id)
    : [];
  const all = [...top, ...replies];
  const shown = await authors(db, [...all.map((c) => c.authorUserId), ...all.flatMap((c) => (c.replyToUserId ? [c.replyToUserId] : []))]);
  const view = (c: CommentRow): CommentView => ({
    id: c.id,
    kind: c.kind,
    content: c.content,
    author: shown.get(c.authorUserId) ?? GONE,
    mine: c.authorUserId === viewerId,
    date: c.createdAt.toISOString(),
    replies: [],
    replyTo: c.replyToUserId ? (shown.get(c.replyToUserId) ?? GONE).name : null,
  });
  return top.map((c) => ({ ...view(c), replies: replies.filter((r) => r.parentId === c.id).map(view) }));
}

/**
 * Account deletion: the user's comments (with the replies under them) and likes go, and the posts they
 * were on count again; the user's own posts go with the account row (foreign keys).
 */
export async function removeCommunityContent(db: Db, userId: string): Promise<void> {
  const mine = await db
    .select({ id: communityComments.id, postId: communityComments.postId })
    .from(communityComments)
    .where(eq(communityComments.authorUserId, userId));
  const liked = await db.select({ postId: communityLikes.postId }).from(communityLikes).where(eq(communityLikes.userId, userId));
  const touched = [...new Set([...mine.map((c) => c.postId), ...liked.map((l) => l.postId)])];
  if (!touched.length) return;
  if (mine.length) {
    const ids = mine.map((c) => c.id);
    await db.delete(communityComments).where(or(inArray(communityComments.id, ids), inArray(communityComments.parentId, ids)));
  }
  await db.delete(communityLikes).where(eq(communityLikes.userId, userId));
  await db
    .update(communityPosts)
    .set({
      commentCount: sql`(select count(*) from ${communityComments} where ${communityComments.postId} = ${communityPosts.id})`,
      likeCount: sql`(select count(*) from ${communityLikes} where ${communityLikes.postId} = ${communityPosts.id})`,
    })
    .where(inArray(communityPosts.id, touched));
}
