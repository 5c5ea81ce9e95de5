import { signinPath } from '@jiyin/contracts/guards';
import { Empty } from 'antd';
import { redirect } from 'react-router';
import { AppLink } from '../../components/AppLink.tsx';
import { FamilyDetail } from '../../components/library/FamilyParts.tsx';
import { familyPerson } from '../../components/library/familyPerson.ts';
import { ClaimPanel, ReportFamilyNav } from '../../components/library/ReportFamilyParts.tsx';
import { apiClient } from '../../lib/api/index.ts';
import { pageTitle } from '../../lib/brand.ts';
import { unwrap } from '../../lib/loaders.ts';
import type { Route } from './+types/report-exclude-detail';

export const meta = () => [{ title: pageTitle('已排除的家族') }];

/** §2.2 /report/ancestry/exclude-detail?id=: an excluded family, why, and the way to take the exclusion back. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { loggedIn, person } = await familyPerson(request, context);
  if (!loggedIn) throw redirect(signinPath(`${url.pathname}${url.search}`));
  const id = url.searchParams.get('id');
  if (!id) return { person, view: null };
  return { person, view: unwrap(await apiClient(context.api).family(id, person?.barcode)) };
}

export default function ExcludeDetail({ loaderData }: Route.ComponentProps) {
  const { person, view } = loaderData;
  return (
    <div className="library-page" data-testid="exclude-detail">
      <ReportFamilyNav />
      {view ? (
        <FamilyDetail view={view} before={<ClaimPanel familyId={view.id} person={person} claim={view.myClaim} />} />
      ) : (
        <Empty
          description={
            <>
              请从<AppLink to="/report/ancestry/exclude-list">已排除的家族</AppLink>中选择
            </>
          }
        />
      )}
    </div>
  );
}
