import { isOk } from '@jiyin/contracts/envelope';
import { Empty } from 'antd';
import { AppLink } from '../../components/AppLink.tsx';
import { SurnameCard, SurnameSearchBox } from '../../components/library/SurnameParts.tsx';
import { apiClient } from '../../lib/api/index.ts';
import { pageTitle } from '../../lib/brand.ts';
import type { Route } from './+types/library-surname-search';

export const meta = () => [{ title: pageTitle('姓氏库搜索') }];

/** §2.1 /ancestry/library-surname/search?q=: surnames by character, full pinyin or initials. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams.get('q')?.trim() ?? '';
  if (!q) return { q, list: [], error: null };
  const res = await apiClient(context.api).surnameSearch(q, 50);
  return isOk(res) ? { q, list: res.data.list, error: null } : { q, list: [], error: res.msg };
}

export default function LibrarySurnameSearch({ loaderData }: Route.ComponentProps) {
  const { q, list, error } = loaderData;
  return (
    <div className="library-page" data-testid="surname-search-page">
      <div className="library-hero">
        <h1>搜索姓氏</h1>
        <SurnameSearchBox key={q} initial={q} autoFocus={!q} />
      </div>
      {error && <p className="form-error">{error}</p>}
      {q && !error && (
        <p className="muted" data-testid="surname-search-summary">
          “{q}”共找到 {list.length} 个姓氏
        </p>
      )}
      {q && !list.length && !error ? (
        <Empty
          description={
            <>
              姓氏库中暂无匹配的姓氏，可以换个写法，或回到<AppLink to="/ancestry/library-surname">姓氏库</AppLink>浏览
            </>
          }
        />
      ) : (
        <div className="surname-grid" data-testid="surname-results">
          {list.map((s) => (
            <SurnameCard key={s.name} s={s} />
          ))}
        </div>
      )}
    </div>
  );
}
