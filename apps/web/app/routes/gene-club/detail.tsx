import { GENE_CLUB_CATEGORIES } from '@jiyin/contracts/community';
import { Alert, Tag } from 'antd';
import { data } from 'react-router';
import { ArticleEditor } from '../../components/geneClub/ArticleEditor.tsx';
import { apiClient } from '../../lib/api/index.ts';
import { pageTitle } from '../../lib/brand.ts';
import { formatBeijingTime } from '../../lib/dates.ts';
import { absoluteUrl } from '../../lib/links.ts';
import { unwrap } from '../../lib/loaders.ts';
import type { Route } from './+types/detail';
import '../../community.css';

const ID = /^[0-9a-f-]{36}$/;

export async function loader({ context, request }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get('id') ?? '';
  if (!ID.test(id)) throw data(null, { status: 404 });
  const article = unwrap(await apiClient(context.api).article(id));
  return { ...article, pageUrl: absoluteUrl(request, `/gene-club/detail?id=${id}`) };
}

/** Share cards (og:) and search snippets carry the article's own title and summary. */
export const meta: Route.MetaFunction = ({ data: a }) =>
  a
    ? [
        { title: pageTitle(a.title) },
        { name: 'description', content: a.summary },
        { name: 'keywords', content: a.tags.join(',') },
        { property: 'og:title', content: a.title },
        { property: 'og:description', content: a.summary },
        { property: 'og:type', content: 'article' },
        { property: 'og:url', content: a.pageUrl },
        { property: 'article:published_time', content: a.date },
        ...a.tags.map((t) => ({ property: 'article:tag', content: t })),
      ]
    : [{ title: pageTitle('基因俱乐部文章') }];

/** §2.1 /gene-club/detail?id=: one article, its Markdown rendered and sanitised by the server. */
export default function GeneClubArticle({ loaderData: a }: Route.ComponentProps) {
  return (
    <div className="container gene-club gene-club--detail" data-testid="article">
      <p className="community__back">
        <a href="/gene-club">← 基因俱乐部</a>
      </p>
      <div className="gene-club__head">
        <h1>{a.title}</h1>
        {a.viewer.staff && <ArticleEditor article={a} />}
      </div>
      {!a.published && <Alert type="info" showIcon message="这篇文章未发布，只有工作人员能看到" />}
      <p className="muted">
        {a.author} · {formatBeijingTime(a.date).slice(0, 10)} ·{' '}
        <a href={`/gene-club?category=${a.category}`}>{GENE_CLUB_CATEGORIES.find((c) => c.id === a.category)?.name}</a>
      </p>
      <p>
        {a.tags.map((t) => (
          <a key={t} href={`/gene-club?tag=${encodeURIComponent(t)}`}>
            <Tag>{t}</Tag>
          </a>
        ))}
      </p>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server renders the Markdown and sanitises it (geneClub/markdown.ts), with no scripts, handlers or javascript: links */}
      <div className="article-body" data-testid="article-body" dangerouslySetInnerHTML={{ __html: a.html }} />
    </div>
  );
}
