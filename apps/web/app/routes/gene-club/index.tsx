import { COMMUNITY_PAGE_SIZE, GENE_CLUB_CATEGORIES, type GeneClubCategory, geneClubCategoryIds } from '@jiyin/contracts/community';
import { Empty, Tag } from 'antd';
import { data } from 'react-router';
import { ArticleEditor } from '../../components/geneClub/ArticleEditor.tsx';
import { apiClient } from '../../lib/api/index.ts';
import { pageTitle } from '../../lib/brand.ts';
import { formatBeijingTime } from '../../lib/dates.ts';
import { unwrap } from '../../lib/loaders.ts';
import type { Route } from './+types/index';
import '../../community.css';

export async function loader({ context, request }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const param = search.get('category');
  const category = param && (geneClubCategoryIds as string[]).includes(param) ? (param as GeneClubCategory) : undefined;
  if (param && !category) throw data(null, { status: 404 });
  const tag = search.get('tag')?.slice(0, 12) || undefined;
  const page = Math.max(1, Math.trunc(Number(search.get('page'))) || 1);
  const { list, viewer } = unwrap(await apiClient(context.api).articles({ category, tag, page }));
  return { category: category ?? null, tag: tag ?? null, page, list, staff: viewer.staff };
}

const DESCRIPTION = '知源基因编辑部撰写的遗传学与寻根科普文章，附参考资料。';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('基因俱乐部') },
  { name: 'description', content: DESCRIPTION },
  { property: 'og:title', content: pageTitle('基因俱乐部') },
  { property: 'og:description', content: DESCRIPTION },
  { property: 'og:type', content: 'website' },
];

const query = (q: Record<string, string | number | null>) => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== null && v !== 1) s.set(k, String(v));
  const text = s.toString();
  return text ? `/gene-club?${text}` : '/gene-club';
};

/** §2.1 /gene-club: the editorial articles by category and tag, 10 a page, server-rendered. */
export default function GeneClub({ loaderData: { category, tag, page, list, staff } }: Route.ComponentProps) {
  return (
    <div className="container gene-club" data-testid="gene-club">
      <div className="gene-club__head">
        <h1>基因俱乐部</h1>
        {staff && <ArticleEditor />}
      </div>
      <p className="muted">{DESCRIPTION}</p>
      <nav className="community__modules" aria-label="分类">
        <a href="/gene-club" className={category ? '' : 'is-active'}>
          全部
        </a>
        {GENE_CLUB_CATEGORIES.map((c) => (
          <a key={c.id} href={query({ category: c.id, tag: null })} className={category === c.id ? 'is-active' : ''}>
            {c.name}
          </a>
        ))}
      </nav>
      {tag && (
        <p>
          标签：<Tag>{tag}</Tag> <a href={query({ category, tag: null })}>清除</a>
        </p>
      )}
      {list.length === 0 ? (
        <Empty description="暂无文章" />
      ) : (
        <div className="article-list">
          {list.map((a) => (
            <article key={a.id} className="article-card" data-testid="article-card">
              <h2>
                <a href={`/gene-club/detail?id=${a.id}`}>{a.title}</a>
              </h2>
              <p>{a.summary}</p>
              <div className="article-card__meta">
                <span className="muted">
                  {a.author} · {formatBeijingTime(a.date).slice(0, 10)} · {GENE_CLUB_CATEGORIES.find((c) => c.id === a.category)?.name}
                </span>
                <span>
                  {a.tags.map((t) => (
                    <a key={t} href={query({ category, tag: t })}>
                      <Tag>{t}</Tag>
                    </a>
                  ))}
                </span>
              </div>
            </article>
          ))}
        </div>
      )}
      <nav className="article-pager" aria-label="翻页">
        {page > 1 && <a href={query({ category, tag, page: page - 1 })}>上一页</a>}
        {list.length === COMMUNITY_PAGE_SIZE && <a href={query({ category, tag, page: page + 1 })}>下一页</a>}
      </nav>
    </div>
  );
}
