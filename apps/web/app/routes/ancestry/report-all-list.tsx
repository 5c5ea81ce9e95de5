import { Alert } from 'antd';
import { AppLink } from '../../components/AppLink.tsx';
import { FamilyCards, FamilyFilterBar, familyQueryOf } from '../../components/library/FamilyParts.tsx';
import { familyPerson } from '../../components/library/familyPerson.ts';
import { ReportFamilyNav } from '../../components/library/ReportFamilyParts.tsx';
import { apiClient } from '../../lib/api/index.ts';
import { pageTitle } from '../../lib/brand.ts';
import { unwrap } from '../../lib/loaders.ts';
import type { Route } from './+types/report-all-list';

export const meta = () => [{ title: pageTitle('全部家族') }];

/**
 * §2.2 /report/ancestry/all-list: families the current person might belong to, those of their surname
 * by default (the keyword can be changed), with the §3 Family filter and 20 a page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { person } = await familyPerson(request, context);
  const surname = person ? [...person.name.trim()][0] : undefined;
  const query = familyQueryOf(url, url.searchParams.has('keyword') ? {} : { keyword: surname });
  return { person, keyword: query.keyword ?? null, data: unwrap(await apiClient(context.api).families(query)) };
}

export default function AllList({ loaderData }: Route.ComponentProps) {
  const { person, keyword, data } = loaderData;
  return (
    <div className="library-page" data-testid="all-list">
      <ReportFamilyNav />
      <h1>全部家族</h1>
      {person && keyword && (
        <Alert
          type="info"
          showIcon
          className="library-submit"
          message={
            <>
              按{person.name}的姓氏“{keyword}”列出家族，可在搜索框中换成其他关键词；也可浏览
              <AppLink to="/ancestry/library-family">整个家族库</AppLink>。
            </>
          }
        />
      )}
      <FamilyFilterBar />
      <FamilyCards data={data} report />
    </div>
  );
}
