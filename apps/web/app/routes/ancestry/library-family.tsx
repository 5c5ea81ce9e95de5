import { AppLink } from '../../components/AppLink.tsx';
import { CreateFamily, FamilyCards, FamilyFilterBar, familyQueryOf } from '../../components/library/FamilyParts.tsx';
import { apiClient } from '../../lib/api/index.ts';
import { pageTitle } from '../../lib/brand.ts';
import { unwrap } from '../../lib/loaders.ts';
import type { Route } from './+types/library-family';

export const meta = ({ location }: Route.MetaArgs) => [
  { title: pageTitle(location.pathname.endsWith('/search') ? '家族库搜索' : '家族库') },
];

/**
 * §2.1 /ancestry/library-family (?type=gene|genealogy) and /search (?keyword=): the family library by
 * the §3 Family filter, newest update first, 20 a page (§9).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return { search: url.pathname.endsWith('/search'), data: unwrap(await apiClient(context.api).families(familyQueryOf(url))) };
}

export default function LibraryFamily({ loaderData }: Route.ComponentProps) {
  const { search, data } = loaderData;
  return (
    <div className="library-page" data-testid={search ? 'family-search-page' : 'library-family'}>
      <div className="library-hero">
        <h1>{search ? '搜索家族' : '家族库'}</h1>
        <p className="muted">
          用户与工作人员整理的家族：字辈、族谱、始祖、父系单倍群与研究进展。按姓氏查源流请到
          <AppLink to="/ancestry/library-surname">姓氏库</AppLink>。
        </p>
        <CreateFamily />
      </div>
      <FamilyFilterBar />
      <FamilyCards data={data} />
    </div>
  );
}
