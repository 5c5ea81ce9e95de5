import {
  COMMUNITY_MODULES,
  COMMUNITY_PAGE_SIZE,
  type CommunityModule,
  communityModuleIds,
  communityModuleName,
  type PostView,
} from '@jiyin/contracts/community';
import { isOk } from '@jiyin/contracts/envelope';
import { signinPath } from '@jiyin/contracts/guards';
import { App, Button, Empty, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { data } from 'react-router';
import { PostCard } from '../../components/community/PostCard.tsx';
import { PostComposer } from '../../components/community/PostComposer.tsx';
import { apiClient } from '../../lib/api/index.ts';
import { pageTitle } from '../../lib/brand.ts';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { unwrap } from '../../lib/loaders.ts';
import { useRootData } from '../../lib/rootData.ts';
import type { Route } from './+types/index';
import '../../community.css';

export async function loader({ context, request }: Route.LoaderArgs) {
  const param = new URL(request.url).searchParams.get('module');
  const module = param && (communityModuleIds as string[]).includes(param) ? (param as CommunityModule) : null;
  if (param && !module) throw data(null, { status: 404 });
  const { list } = unwrap(await apiClient(context.api).posts(module ?? undefined, 1));
  return { module, list };
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  const title = d?.module ? `${communityModuleName(d.module)} - 社区` : '社区';
  const description = '知源基因用户社区：交流寻根问祖、家族历史与基因健康的话题，提问与回答。';
  return [
    { title: pageTitle(title) },
    { name: 'description', content: description },
    { property: 'og:title', content: pageTitle(title) },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'website' },
  ];
};

type LoadState = 'default' | 'loading' | 'empty' | 'end';
const stateOf = (list: PostView[], page: PostView[]): LoadState =>
  list.length === 0 ? 'empty' : page.length < COMMUNITY_PAGE_SIZE ? 'end' : 'default';

/** §2.1 /community and ?module=: the posts, newest first, 10 a page (§4 list loading); signed-in users write. */
export default function Community({ loaderData }: Route.ComponentProps) {
  const { module } = loaderData;
  const api = useBrowserApi();
  const { user } = useRootData();
  const { message } = App.useApp();
  const [posts, setPosts] = useState(loaderData.list);
  const [page, setPage] = useState(1);
  const [state, setState] = useState<LoadState>(stateOf(loaderData.list, loaderData.list));
  useEffect(() => {
    setPosts(loaderData.list);
    setPage(1);
    setState(stateOf(loaderData.list, loaderData.list));
  }, [loaderData.list]);

  const here = module ? `/community?module=${module}` : '/community';
  const goSignin = () => {
    window.location.href = signinPath(here);
  };
  const loadMore = async () => {
    setState('loading');
    const res = await api.posts(module ?? undefined, page + 1);
    // §8: a failed load falls back to an empty page.
    const next = isOk(res) ? res.data.list : [];
    if (!isOk(res)) message.error(res.msg);
    setPage(page + 1);
    setPosts((list) => [...list, ...next.filter((p) => !list.some((x) => x.id === p.id))]);
    setState(next.length < COMMUNITY_PAGE_SIZE ? 'end' : 'default');
  };

  return (
    <div className="container community" data-testid="community">
      <div className="community__head">
        <h1>{module ? communityModuleName(module) : '社区'}</h1>
        <nav className="community__modules" aria-label="版块">
          <a href="/community" className={module ? '' : 'is-active'}>
            全部
          </a>
          {COMMUNITY_MODULES.map((m) => (
            <a key={m.id} href={`/community?module=${m.id}`} className={module === m.id ? 'is-active' : ''}>
              {m.name}
            </a>
          ))}
        </nav>
      </div>
      {user ? (
        <PostComposer
          module={module}
          onPosted={(p) => {
            if (!module || p.module === module) setPosts((list) => [p, ...list]);
            setState((s) => (s === 'empty' ? 'end' : s));
          }}
        />
      ) : (
        <div className="post-composer post-composer--signin">
          <span>登录后即可发帖、提问和评论</span>
          <Button type="primary" href={signinPath(here)}>
            登录/注册
          </Button>
        </div>
      )}
      {state === 'empty' ? (
        <Empty description="暂无帖子" data-testid="community-empty" />
      ) : (
        <div className="post-list" data-testid="post-list">
          {posts.map((p) => (
            <PostCard
              key={p.id}
              post={p}
              linked
              onNeedSignin={goSignin}
              onDeleted={() => setPosts((list) => list.filter((x) => x.id !== p.id))}
            />
          ))}
        </div>
      )}
      {state === 'loading' && <Spin />}
      {state === 'default' && (
        <Button block onClick={loadMore}>
          加载更多
        </Button>
      )}
      {state === 'end' && posts.length > COMMUNITY_PAGE_SIZE && <p className="muted community__end">没有更多了</p>}
    </div>
  );
}
