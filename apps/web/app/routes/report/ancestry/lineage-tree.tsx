import { LINEAGE_HORIZONS, type LineageHorizonId } from '@jiyin/contracts/ancestryApi';
import { isOk } from '@jiyin/contracts/envelope';
import { AppLink } from '../../../components/AppLink.tsx';
import { AncestryHero, AncestryTabs } from '../../../components/ancestry/AncestryParts.tsx';
import { yearsAgo } from '../../../components/ancestry/format.ts';
import { LineageTreeChart, RelationLegend } from '../../../components/ancestry/LineageTreeChart.tsx';
import { Crumbs } from '../../../components/report/CategoryView.tsx';
import { ReportStatusView } from '../../../components/report/ReportStatusView.tsx';
import { pageTitle } from '../../../lib/brand.ts';
import { answerStatus, reportApi, reportContext } from '../../../lib/reportContext.ts';
import { useReportLayoutData } from '../../../lib/reportData.ts';
import '../../../components/ancestry/ancestry.css';
import type { Route } from './+types/lineage-tree';

const horizonOf = (pathname: string) =>
  LINEAGE_HORIZONS.find((h) => pathname.endsWith(`/${h.id}`)) ?? (LINEAGE_HORIZONS[0] as (typeof LINEAGE_HORIZONS)[number]);

export const meta: Route.MetaFunction = ({ location }) => [{ title: pageTitle(horizonOf(location.pathname).name) }];

/** §2.2 /report/ancestry/eastern-zhou and /neolithic: the Y lineage's differentiation tree below the horizon. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const horizon = horizonOf(new URL(request.url).pathname);
  const ctx = await reportContext(request, context);
  if (ctx.status !== 'out')
    return { horizonId: horizon.id as LineageHorizonId, status: ctx.status, message: ctx.statusMessage, view: null };
  const res = await reportApi(context, ctx).lineageTree(horizon.id, ctx.barcode);
  return { horizonId: horizon.id as LineageHorizonId, ...answerStatus(ctx, res), view: isOk(res) ? res.data : null };
}

export default function LineageTreePage({ loaderData }: Route.ComponentProps) {
  const { ctx } = useReportLayoutData();
  const { horizonId, status, message, view } = loaderData;
  const horizon = LINEAGE_HORIZONS.find((h) => h.id === horizonId) ?? LINEAGE_HORIZONS[0];
  if (status !== 'out' || !view) {
    return <ReportStatusView status={status === 'out' ? 'error' : status} loggedIn={ctx.loggedIn} message={message} />;
  }
  return (
    <>
      <Crumbs trail={[{ to: '/report', label: '个人首页' }, { to: '/report/ancestry', label: '祖源分析' }, { label: horizon.name }]} />
      <AncestryHero title={horizon.name} testId="lineage-hero">
        <p>
          从{horizon.era}（{yearsAgo(horizon.ybp)}）起，您的父系（Y 染色体）经历了哪些分化、与哪些支系分道扬镳。
        </p>
      </AncestryHero>
      <AncestryTabs current={`/report/ancestry/${horizon.id}`} />
      <section className="report-section" data-testid="lineage-summary">
        <h2>{view.haplogroup ? `您的父系：${view.haplogroup}` : '暂无父系数据'}</h2>
        <p>{view.summary}</p>
      </section>
      {view.nodes.length > 0 && (
        <section className="report-section">
          <h2>分化树</h2>
          <RelationLegend />
          <LineageTreeChart view={view} />
          <p className="ancestry-note">
            图中粗线是您的父系路径；旁支只画到分出的那一支，并标出它在谱系树中的下游分支数。在{' '}
            <AppLink to={`/ancestry/ytree?haplogroup=${encodeURIComponent(view.haplogroup ?? '')}`}>Y 染色体谱系树</AppLink>{' '}
            中可以展开查看任何一支。
          </p>
        </section>
      )}
    </>
  );
}
