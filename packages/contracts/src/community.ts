import { z } from 'zod';
import { sanitizeChatText } from './social.ts';

/** §7.4 antispam, the community (§2.1 /community) and the gene club (§2.1 /gene-club). */
export const COMMUNITY_API_PATHS = {
  /** POST {texts}: each text's verdict, and whether all of them pass. */
  antispam: '/v1/common/antispam/texts',
  /** Staff: the local word list (GET, POST {word, category}); DELETE by word. */
  antispamWords: '/v1/common/antispam/words',
  antispamWord: '/v1/common/antispam/words/:word',
  posts: '/api/community/posts',
  post: '/api/community/posts/:id',
  postComments: '/api/community/posts/:id/comments',
  postLike: '/api/community/posts/:id/like',
  /** Staff: hide a post with a reason (POST {reason}); DELETE shows it again. */
  postHide: '/api/community/posts/:id/hide',
  comment: '/api/community/comments/:id',
  /** POST {targetKind, targetId, reason, detail}; staff GET the open ones. */
  reports: '/api/community/reports',
  /** Staff: close a report (POST). */
  reportResolve: '/api/community/reports/:id/resolve',
  articles: '/api/gene-club/articles',
  article: '/api/gene-club/articles/:id',
  /** Staff: the rendering of Markdown being written (POST {markdown}). */
  articlePreview: '/api/gene-club/articles/preview',
} as const;

/** Community modules (§2.1 ?module=); the first is where a post goes unless another is chosen. */
export const COMMUNITY_MODULES = [
  { id: 'ancestry', name: '寻根问祖' },
  { id: 'health', name: '健康交流' },
  { id: 'life', name: '生活杂谈' },
] as const;
export type CommunityModule = (typeof COMMUNITY_MODULES)[number]['id'];
export const communityModuleIds = COMMUNITY_MODULES.map((m) => m.id) as [CommunityModule, ...CommunityModule[]];
export const communityModuleName = (id: string) => COMMUNITY_MODULES.find((m) => m.id === id)?.name ?? '';

/** §9 list page size. */
export const COMMUNITY_PAGE_SIZE = 10;
export const POST_TEXT_MAX = 2000;
export const POST_IMAGES_MAX = 9;
export const COMMENT_TEXT_MAX = 500;
export const HIDE_REASON_MAX = 200;
/** §5 general resize: community pictures end up at most 800 px on their longer side. */
export const COMMUNITY_IMAGE_MAX_SIDE = 800;
/** A community picture's address as the upload call answers it (§7.3); anything else is refused. */
export const COMMUNITY_IMAGE_URL = /^\/uploads\/community\/[0-9a-f-]{36}\.(png|jpg)$/;

const userText = (max: number, empty: string) =>
  z
    .string({ error: empty })
    .transform(sanitizeChatText)
    .pipe(z.string().min(1, empty).max(max, `内容不能超过 ${max} 字`));

export const newPostSchema = z.object({
  module: z.enum(communityModuleIds, { error: '请选择版块' }),
  kind: z.enum(['post', 'question'], { error: '请选择发帖类型' }).default('post'),
  content: userText(POST_TEXT_MAX, '请输入内容'),
  images: z
    .array(z.string().regex(COMMUNITY_IMAGE_URL, '图片地址不正确'), { error: '图片地址不正确' })
    .max(POST_IMAGES_MAX, `最多上传 ${POST_IMAGES_MAX} 张图片`)
    .default([]),
});
export const editPostSchema = z.object({ content: userText(POST_TEXT_MAX, '请输入内容') });
export const newCommentSchema = z.object({
  content: userText(COMMENT_TEXT_MAX, '请输入评论内容'),
  /** Replying to a comment or answer of the same post (a discussion, §9 type 3). */
  parentId: z.uuid('评论不存在').optional(),
});
export const hidePostSchema = z.object({
  reason: z.string({ error: '请填写隐藏原因' }).trim().min(1, '请填写隐藏原因').max(HIDE_REASON_MAX, `原因不能超过 ${HIDE_REASON_MAX} 字`),
});
export const antispamSchema = z.object({
  texts: z
    .array(z.string({ error: '待检测的文本不正确' }).max(5000, '单条文本不能超过 5000 字'), { error: '请提供待检测的文本' })
    .min(1, '请提供待检测的文本')
    .max(20, '一次最多检测 20 条文本'),
});
export const antispamWordSchema = z.object({
  word: z.string({ error: '请输入词语' }).trim().min(1, '请输入词语').max(50, '词语不能超过 50 字'),
  category: z.enum(['abuse', 'ad', 'illegal', 'other'], { error: '请选择类别' }).default('other'),
});

/** Why a post or comment is reported. */
export const REPORT_REASONS = [
  { id: 'ad', name: '垃圾广告' },
  { id: 'abuse', name: '辱骂攻击' },
  { id: 'illegal', name: '违法违规' },
  { id: 'privacy', name: '泄露他人隐私' },
  { id: 'other', name: '其他' },
] as const;
export const reportReasonIds = REPORT_REASONS.map((r) => r.id) as [string, ...string[]];

export const reportSchema = z.object({
  targetKind: z.enum(['post', 'comment'], { error: '举报对象不正确' }),
  targetId: z.uuid('举报的内容不存在'),
  reason: z.enum(reportReasonIds, { error: '请选择举报原因' }),
  detail: z.string().trim().max(200, '补充说明不能超过 200 字').optional(),
});

export interface ReportView {
  id: string;
  targetKind: 'post' | 'comment';
  targetId: string;
  postId: string;
  /** What was reported, as it read then (kept if its author deletes it). */
  content: string;
  reason: string;
  detail: string | null;
  reportCount: number;
  date: string;
}

/** One text's antispam verdict: `words` are the listed words it contains, `labels` the categories. */
export interface AntispamVerdict {
  pass: boolean;
  labels: string[];
  words: string[];
}
export interface AntispamResult {
  pass: boolean;
  list: AntispamVerdict[];
}

export interface CommunityAuthor {
  name: string;
  avatar: { type: 'img' | 'color'; url?: string; startColor?: string; endColor?: string } | null;
}

export interface PostView {
  id: string;
  module: CommunityModule;
  kind: 'post' | 'question';
  content: string;
  images: string[];
  author: CommunityAuthor;
  mine: boolean;
  date: string;
  likeCount: number;
  liked: boolean;
  commentCount: number;
  /** Set for a hidden post, which only its author and staff still see. */
  hidden: { reason: string; date: string } | null;
}

export interface CommentView {
  id: string;
  kind: 'comment' | 'answer' | 'reply';
  content: string;
  author: CommunityAuthor;
  mine: boolean;
  date: string;
  /** Replies to this comment, oldest first (only on top-level comments). */
  replies: CommentView[];
  replyTo: string | null;
}

export interface PostDetail {
  post: PostView;
  comments: CommentView[];
  /** Whether more top-level comments exist past this page. */
  moreComments: boolean;
  viewer: { signedIn: boolean; staff: boolean };
}

/** Gene club categories (§2.1 blog). */
export const GENE_CLUB_CATEGORIES = [
  { id: 'basics', name: '遗传学基础' },
  { id: 'ancestry', name: '祖源与寻根' },
  { id: 'health', name: '健康与遗传' },
] as const;
export type GeneClubCategory = (typeof GENE_CLUB_CATEGORIES)[number]['id'];
export const geneClubCategoryIds = GENE_CLUB_CATEGORIES.map((c) => c.id) as [GeneClubCategory, ...GeneClubCategory[]];

export const articleSchema = z.object({
  title: z.string({ error: '请输入标题' }).trim().min(1, '请输入标题').max(80, '标题不能超过 80 字'),
  summary: z.string({ error: '请输入摘要' }).trim().min(1, '请输入摘要').max(200, '摘要不能超过 200 字'),
  category: z.enum(geneClubCategoryIds, { error: '请选择分类' }),
  tags: z
    .array(z.string().trim().min(1, '标签不能为空').max(12, '标签不能超过 12 字'), { error: '标签不正确' })
    .max(8, '最多 8 个标签')
    .default([]),
  markdown: z.string({ error: '请输入正文' }).min(1, '请输入正文').max(50_000, '正文过长'),
  published: z.boolean().default(true),
});

export type ArticleInput = z.input<typeof articleSchema>;

export interface ArticleSummary {
  id: string;
  title: string;
  summary: string;
  category: GeneClubCategory;
  tags: string[];
  author: string;
  date: string;
}
export interface ArticleView extends ArticleSummary {
  /** Rendered from Markdown and sanitised on the server. */
  html: string;
  published: boolean;
  /** The source, for staff only (to edit it). */
  markdown?: string;
  viewer: { staff: boolean };
}
