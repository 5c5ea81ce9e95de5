import type { ApiTransport } from '@jiyin/contracts/api';
import {
  type AntispamResult,
  type ArticleInput,
  type ArticleSummary,
  type ArticleView,
  COMMUNITY_API_PATHS,
  type CommentView,
  type CommunityModule,
  type GeneClubCategory,
  type PostDetail,
  type PostView,
} from '@jiyin/contracts/community';
import type { Envelope } from '@jiyin/contracts/envelope';
import { fillPattern } from '@jiyin/contracts/pathPattern';

/** §2.1 community and gene club, and the §7.4 antispam check. */
export function communityClient(api: ApiTransport) {
  return {
    antispam: (texts: string[]): Promise<Envelope<AntispamResult>> =>
      api({ method: 'POST', path: COMMUNITY_API_PATHS.antispam, body: { texts } }),
    posts: (module: CommunityModule | undefined, page = 1): Promise<Envelope<{ list: PostView[] }>> =>
      api({ method: 'GET', path: COMMUNITY_API_PATHS.posts, query: { module, page } }),
    post: (id: string, page = 1): Promise<Envelope<PostDetail>> =>
      api({ method: 'GET', path: fillPattern(COMMUNITY_API_PATHS.post, { id }), query: { page } }),
    createPost: (body: {
      module: CommunityModule;
      kind: 'post' | 'question';
      content: string;
      images: string[];
    }): Promise<Envelope<PostView>> => api({ method: 'POST', path: COMMUNITY_API_PATHS.posts, body }),
    editPost: (id: string, content: string): Promise<Envelope<PostView>> =>
      api({ method: 'PUT', path: fillPattern(COMMUNITY_API_PATHS.post, { id }), body: { content } }),
    deletePost: (id: string): Promise<Envelope<null>> => api({ method: 'DELETE', path: fillPattern(COMMUNITY_API_PATHS.post, { id }) }),
    comment: (postId: string, content: string, parentId?: string): Promise<Envelope<CommentView>> =>
      api({ method: 'POST', path: fillPattern(COMMUNITY_API_PATHS.postComments, { id: postId }), body: { content, parentId } }),
    deleteComment: (id: string): Promise<Envelope<null>> =>
      api({ method: 'DELETE', path: fillPattern(COMMUNITY_API_PATHS.comment, { id }) }),
    like: (postId: string, on: boolean): Promise<Envelope<{ liked: boolean; likeCount: number }>> =>
      api({ method: on ? 'PUT' : 'DELETE', path: fillPattern(COMMUNITY_API_PATHS.postLike, { id: postId }) }),
    report: (targetKind: 'post' | 'comment', targetId: string, reason: string, detail?: string): Promise<Envelope<{ reported: boolean }>> =>
      api({ method: 'POST', path: COMMUNITY_API_PATHS.reports, body: { targetKind, targetId, reason, detail: detail || undefined } }),
    hidePost: (postId: string, reason: string): Promise<Envelope<PostView>> =>
      api({ method: 'POST', path: fillPattern(COMMUNITY_API_PATHS.postHide, { id: postId }), body: { reason } }),
    articles: (filter: {
      category?: GeneClubCategory;
      tag?: string;
      page?: number;
    }): Promise<Envelope<{ list: ArticleSummary[]; viewer: { staff: boolean } }>> =>
      api({ method: 'GET', path: COMMUNITY_API_PATHS.articles, query: filter }),
    article: (id: string): Promise<Envelope<ArticleView>> => api({ method: 'GET', path: fillPattern(COMMUNITY_API_PATHS.article, { id }) }),
    previewArticle: (markdown: string): Promise<Envelope<{ html: string }>> =>
      api({ method: 'POST', path: COMMUNITY_API_PATHS.articlePreview, body: { markdown } }),
    saveArticle: (id: string | null, body: ArticleInput): Promise<Envelope<ArticleView>> =>
      id
        ? api({ method: 'PUT', path: fillPattern(COMMUNITY_API_PATHS.article, { id }), body })
        : api({ method: 'POST', path: COMMUNITY_API_PATHS.articles, body }),
  };
}
