import { FAMILY_FILTER_LABELS, FAMILY_STAR_FLAGS } from '@jiyin/contracts/libraryApi';
import { isOk } from '@jiyin/contracts/envelope';
import { Empty, Rate } from 'antd';
import { AppLink } from '../../components/AppLink.tsx';
import { DemoTag, reportFamilyHref, STAR_HINTS } from '../../components/library/FamilyParts.tsx';
import { familyPerson } from '../../components/library/familyPerson.ts';
import { ClaimList, ReportFamilyNav } from '../../components/library/ReportFamilyParts.tsx';
import { Section } from '../../components/library/SurnameParts.tsx';
import { apiClient } from '../../lib/api/index.ts';
import { pageTitle } from '../../lib/brand.ts';
import { unwrap } from '../../lib/loaders.ts';
import type { Route } from './+types/report-upgrade-star';

export const meta = () => [{ title: pageTitle('家族星级') }];

/**
 * §2.2 /report/ancestry/upgrade-star(?id=): a family's stars, one for each of 字辈, 族谱, 始祖, 单倍群 and
 * 名人 it has, and what it takes to gain the missing ones. Without an id: the person's claimed families.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const api = apiClient(context.api);
  const id = url.searchParams.get('id');
  if (id) return { view: unwrap(await api.family(id)), claims: null };
  const { person } = await familyPerson(request, context);
  const res = person ? await api.myClaims(person.barcode, 'CLAIMED') : null;
  return { view: null, claims: res && isOk(res) ? res.data : null };
}

export default function UpgradeStar({ loaderData }: Route.ComponentProps) {
  const { view, claims } = loaderData;
  return (
    <div className="library-page" data-testid="upgrade-star">
      <ReportFamilyNav />
      <h1>家族星级</h1>
      <p className="muted">
        家族资料越完整，星级越高：字辈、族谱、始祖、父系单倍群、家族名人，每有一项得一颗星，共 {FAMILY_STAR_FLAGS.length} 颗。
      </p>
      {view ? (
        <Section title={view.name} testId="star-detail">
          <DemoTag demo={view.demo} />
          <Rate disabled count={FAMILY_STAR_FLAGS.length} value={view.stars} />
          <ul className="people-list">
            {FAMILY_STAR_FLAGS.map((f) => (
              <li key={f}>
                {view.missingStars.includes(f) ? '☆' : '★'} {FAMILY_FILTER_LABELS[f]}
                {view.missingStars.includes(f) && <span className="muted">：{STAR_HINTS[f]}</span>}
              </li>
            ))}
          </ul>
          {view.missingStars.includes('hasHaplogroup') && (
            <p>
              父系单倍群越精细，越能判断同姓是否同宗：可以<AppLink to="/shop/yfull">升级 Y 染色体全序列检测</AppLink>。
            </p>
          )}
          <AppLink to={reportFamilyHref(view.id)}>去家族详情补充资料</AppLink>
        </Section>
      ) : claims ? (
        <Section title="我认领的家族">
          <ClaimList data={claims} status="CLAIMED" />
        </Section>
      ) : (
        <Empty
          description={
            <>
              请先<AppLink to="/report/ancestry/all-list">认领家族</AppLink>
            </>
          }
        />
      )}
    </div>
  );
}
