import { signinPath } from '@jiyin/contracts/guards';
import { isOk } from '@jiyin/contracts/envelope';
import type { ClaimStatus } from '@jiyin/contracts/libraryApi';
import { redirect } from 'react-router';
import { familyPerson } from '../../components/library/familyPerson.ts';
import { ClaimList, PersonLine, ReportFamilyNav } from '../../components/library/ReportFamilyParts.tsx';
import { apiClient } from '../../lib/api/index.ts';
import { pageTitle } from '../../lib/brand.ts';
import type { Route } from './+types/report-claim-lists';

const statusOf = (pathname: string): ClaimStatus => (pathname.endsWith('/exclude-list') ? 'EXCLUDED' : 'CLAIMED');

export const meta = ({ location }: Route.MetaArgs) => [
  { title: pageTitle(statusOf(location.pathname) === 'CLAIMED' ? '我认领的家族' : '已排除的家族') },
];

/** §2.2 /report/ancestry/claimed-person-list and /exclude-list: the current person's claimed or excluded families. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { loggedIn, person } = await familyPerson(request, context);
  if (!loggedIn) throw redirect(signinPath(`${url.pathname}${url.search}`));
  const status = statusOf(url.pathname);
  if (!person) return { status, person, data: null };
  const res = await apiClient(context.api).myClaims(person.barcode, status, Math.max(1, Number(url.searchParams.get('page')) || 1));
  return { status, person, data: isOk(res) ? res.data : null };
}

export default function ClaimLists({ loaderData }: Route.ComponentProps) {
  const { status, person, data } = loaderData;
  return (
    <div className="library-page" data-testid={status === 'CLAIMED' ? 'claimed-person-list' : 'exclude-list'}>
      <ReportFamilyNav />
      <h1>{status === 'CLAIMED' ? '我认领的家族' : '已排除的家族'}</h1>
      <PersonLine person={person} />
      {person && <ClaimList data={data} status={status} />}
    </div>
  );
}
