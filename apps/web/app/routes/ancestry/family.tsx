import { FAMILY_REPORT_SOURCES } from '@jiyin/contracts/libraryApi';
import { isOk } from '@jiyin/contracts/envelope';
import { redirect } from 'react-router';
import { AppLink } from '../../components/AppLink.tsx';
import { FamilyDetail, reportFamilyHref } from '../../components/library/FamilyParts.tsx';
import { apiClient } from '../../lib/api/index.ts';
import { pageTitle } from '../../lib/brand.ts';
import { unwrap } from '../../lib/loaders.ts';
import type { Route } from './+types/family';

export const meta = ({ data }: Route.MetaArgs) => [{ title: pageTitle(data?.view.name ?? '家族主页') }];

/**
 * §2.1 /ancestry/family/:id, the public family page. §6: opened from a family clue or the family-tree
 * home (?source=), a signed-in reader goes on to the report family page.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const api = apiClient(context.api);
  const source = url.searchParams.get('source');
  if (source && (FAMILY_REPORT_SOURCES as readonly string[]).includes(source) && isOk(await api.userInfo())) {
    throw redirect(`${reportFamilyHref(params.id)}${url.search}`);
  }
  return { view: unwrap(await api.family(params.id)) };
}

export default function FamilyPage({ loaderData }: Route.ComponentProps) {
  const { view } = loaderData;
  return (
    <div className="library-page" data-testid="family-page">
      <FamilyDetail
        view={view}
        before={
          <p className="muted">
            是这个家族的成员？到<AppLink to={reportFamilyHref(view.id)}>我的祖源报告</AppLink>中认领，认领后可以补充族谱与家族历史。
          </p>
        }
      />
    </div>
  );
}
