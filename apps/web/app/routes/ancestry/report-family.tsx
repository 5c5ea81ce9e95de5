import { Space } from 'antd';
import { redirect } from 'react-router';
import { AppLink } from '../../components/AppLink.tsx';
import { FamilyDetail, familyHref } from '../../components/library/FamilyParts.tsx';
import { familyPerson } from '../../components/library/familyPerson.ts';
import { ClaimPanel, ReportFamilyNav } from '../../components/library/ReportFamilyParts.tsx';
import { apiClient } from '../../lib/api/index.ts';
import { pageTitle } from '../../lib/brand.ts';
import { unwrap } from '../../lib/loaders.ts';
import type { Route } from './+types/report-family';

export const meta = ({ data }: Route.MetaArgs) => [{ title: pageTitle(data?.view.name ?? '家族详情') }];

/** §2.2 /report/ancestry/family/:id: the family with the current person's claim. §6: anonymous readers get the public page. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { loggedIn, person } = await familyPerson(request, context);
  if (!loggedIn) throw redirect(`${familyHref(params.id)}${new URL(request.url).search}`);
  return { person, view: unwrap(await apiClient(context.api).family(params.id, person?.barcode)) };
}

export default function ReportFamily({ loaderData }: Route.ComponentProps) {
  const { person, view } = loaderData;
  return (
    <div className="library-page" data-testid="report-family">
      <ReportFamilyNav />
      <FamilyDetail
        view={view}
        before={
          <>
            <ClaimPanel familyId={view.id} person={person} claim={view.myClaim} />
            <Space wrap className="library-actions">
              <AppLink to={`/report/ancestry/family-history?id=${encodeURIComponent(view.id)}`}>家族历史</AppLink>
              <AppLink to={`/report/ancestry/upgrade-star?id=${encodeURIComponent(view.id)}`}>提升星级</AppLink>
            </Space>
          </>
        }
      />
    </div>
  );
}
