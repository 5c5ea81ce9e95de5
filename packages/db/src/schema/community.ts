import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** §2.1 community posts: text with pictures, or a question whose comments are answers. */
export const communityPosts = pgTable(
  'community_posts',
  {
    id: text('id').primaryKey(),
    authorUserId: text('author_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    module: text('module').notNull(),
    kind: text('kind').notNull().$type<'post' | 'question'>(),
    content: text('content').notNull(),
    images: jsonb('images').notNull().$type<string[]>().default([]),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    /** Hidden by staff (with the reason the author sees); hidden posts leave every public list. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    hiddenBy: text('hidden_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('community_posts_list_idx').on(t.module, t.createdAt),
    index('community_posts_created_idx').on(t.createdAt),
    index('community_posts_author_idx').on(t.authorUserId, t.createdAt),
  ],
);

/** Comments (on a post), answers (on a question) and replies (to either, `parentId`). */
export const communityComments = pgTable(
  'community_comments',
  {
    id: text('id').primaryKey(),
    postId: text('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    parentId: text('parent_id'),
    authorUserId: text('author_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The author of the comment replied to (a reply names who it answers). */
    replyToUserId: text('reply_to_user_id'),
    kind: text('kind').notNull().$type<'comment' | 'answer' | 'reply'>(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('community_comments_post_idx').on(t.postId, t.createdAt),
    index('community_comments_parent_idx').on(t.parentId),
    index('community_comments_author_idx').on(t.authorUserId, t.createdAt),
  ],
);

/** One like per user and post: the primary key makes liking twice change nothing. */
export const communityLikes = pgTable(
  'community_likes',
  {
    postId: text('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

/**
 * The local antispam word list (§7.4): configuration staff edit through the API. `source` says where
 * each word came from (the starter seed, or the staff member who added it).
 */
export const antispamWords = pgTable('antispam_words', {
  word: text('word').primaryKey(),
  category: text('category').notNull().$type<'abuse' | 'ad' | 'illegal' | 'other'>(),
  source: text('source').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Gene club articles (§2.1 blog), written by staff in Markdown. Only the Markdown is kept: the server
 * renders and sanitises it whenever it is shown, so a sanitiser fix reaches every stored article.
 */
export const geneClubArticles = pgTable(
  'gene_club_articles',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    category: text('category').notNull(),
    tags: jsonb('tags').notNull().$type<string[]>().default([]),
    markdown: text('markdown').notNull(),
    author: text('author').notNull(),
    published: boolean('published').notNull().default(true),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('gene_club_articles_list_idx').on(t.category, t.createdAt)],
);

/**
 * Reports of posts and comments, kept for staff with a copy of what was reported (it stays even if
 * the author deletes it). One report per user and target.
 */
export const communityReports = pgTable(
  'community_reports',
  {
    id: text('id').primaryKey(),
    reporterUserId: text('reporter_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetKind: text('target_kind').notNull().$type<'post' | 'comment'>(),
    targetId: text('target_id').notNull(),
    postId: text('post_id').notNull(),
    authorUserId: text('author_user_id').notNull(),
    content: text('content').notNull(),
    reason: text('reason').notNull(),
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: text('resolved_by'),
  },
  (t) => [
    uniqueIndex('community_reports_once_uq').on(t.reporterUserId, t.targetKind, t.targetId),
    index('community_reports_open_idx').on(t.resolvedAt, t.createdAt),
    index('community_reports_reporter_idx').on(t.reporterUserId, t.createdAt),
  ],
);
