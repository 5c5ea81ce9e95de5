import { isOk } from '@jiyin/contracts/envelope';
import { Empty } from 'antd';
import { useRevalidator } from 'react-router';
import { AppLink } from '../../components/AppLink.tsx';
import { DemoTag, HistoryLines, reportFamilyHref } from '../../components/library/FamilyParts.tsx';
import { ReportFamilyNav } from '../../components/library/ReportFamilyParts.tsx';
import { Section } from '../../components/library/SurnameParts.tsx';
import { apiClient } from '../../lib/api/index.ts';
import { pageTitle } from '../../lib/brand.ts';
import { unwrap } from '../../lib/loaders.ts';
import type { Route } from './+types/report-family-history';

export const meta = () => [{ title: pageTitle('家族历史') }];

/** §2.2 /report/ancestry/family-history?id=: a family's history lines in year order; claimants add lines. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get('id');
  if (!id) return { data: null };
  const res = await apiClient(context.api).familyHistory(id);
  return { data: isOk(res) ? res.data : unwrap(res) };
}

export default function FamilyHistory({ loaderData }: Route.ComponentProps) {
  const { data } = loaderData;
  const revalidator = useRevalidator();
  return (
    <div className="library-page" data-testid="family-history-page">
      <ReportFamilyNav />
      {data ? (
        <>
          <h1>
            {data.family.name} · 家族历史 <DemoTag demo={data.family.demo} />
          </h1>
          <Section title="大事记">
            <HistoryLines
              familyId={data.family.id}
              lines={data.list}
              canContribute={data.family.canContribute}
              onChange={() => revalidator.revalidate()}
            />
            {!data.family.canContribute && <p className="muted">认领这个家族后可以补充家族历史。</p>}
          </Section>
          <AppLink to={reportFamilyHref(data.family.id)}>返回家族详情</AppLink>
        </>
      ) : (
        <Empty
          description={
            <>
              请从家族详情页进入，或查看<AppLink to="/report/ancestry/claimed-person-list">我认领的家族</AppLink>
            </>
          }
        />
      )}
    </div>
  );
}
