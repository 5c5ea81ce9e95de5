import { RightOutlined } from '@ant-design/icons';
import { isOk } from '@jiyin/contracts/envelope';
import { useLocation } from 'react-router';
import { AncestryHero, AncestryTabs, MethodSections, SharesTable, UnavailableList } from '../../../components/ancestry/AncestryParts.tsx';
import { ShareBands } from '../../../components/ancestry/ShareCharts.tsx';
import { Crumbs } from '../../../components/report/CategoryView.tsx';
import { ReportLink } from '../../../components/report/ReportLink.tsx';
import { ReportStatusView } from '../../../components/report/ReportStatusView.tsx';
import { pageTitle } from '../../../lib/brand.ts';
import { formatBeijingTime } from '../../../lib/dates.ts';
import { answerStatus, reportApi, reportContext } from '../../../lib/reportContext.ts';
import { useReportLayoutData } from '../../../lib/reportData.ts';
import '../../../components/ancestry/ancestry.css';
import type { Route } from './+types/nation';

const DETAIL = '/report/ancestry/nation/detail';

export const meta: Route.MetaFunction = ({ location }) => [
  { title: pageTitle(location.pathname === DETAIL ? '民族成分详情' : '民族成分') },
];

/**
 * §2.2 /report/ancestry/nation (the shares as a table with their bands) and nation/detail (each
 * group's reference samples, the groups left out and the whole method note with its validation).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = await reportContext(request, context);
  if (ctx.status !== 'out') return { status: ctx.status, message: ctx.statusMessage, view: null };
  const res = await reportApi(context, ctx).ancestryNations(ctx.barcode);
  return { ...answerStatus(ctx, res), view: isOk(res) ? res.data : null };
}

export default function NationPage({ loaderData }: Route.ComponentProps) {
  const { ctx } = useReportLayoutData();
  const { pathname } = useLocation();
  const detail = pathname === DETAIL;
  const { status, message, view } = loaderData;
  if (status !== 'out' || !view) {
    return <ReportStatusView status={status === 'out' ? 'error' : status} loggedIn={ctx.loggedIn} message={message} />;
  }
  const pct = Math.round(view.bandLevel * 100);
  return (
    <>
      <Crumbs
        trail={[
          { to: '/report', label: '个人首页' },
          { to: '/report/ancestry', label: '祖源分析' },
          ...(detail ? [{ to: '/report/ancestry/nation', label: '民族成分' }, { label: '详情' }] : [{ label: '民族成分' }]),
        ]}
      />
      <AncestryHero title={detail ? '民族成分详情' : '民族成分'} testId="nation-hero">
        <p>
          {detail
            ? '每个参考人群由哪些公开样本代表、哪些人群暂未纳入，以及估算方法、验证结果和局限。'
            : `与 ${view.populations.length} 个参考人群比较得到的占比，以及每个占比的 ${pct}% 置信区间。`}
        </p>
      </AncestryHero>
      <AncestryTabs current="/report/ancestry/nation" />
      <section className="report-section" data-testid="nation-table">
        <h2>{detail ? '参考人群与样本' : '各人群占比'}</h2>
        <SharesTable populations={view.populations} level={view.bandLevel} withSource={detail} />
        <p className="ancestry-note">
          祖源成分用到 {view.markersUsed.toLocaleString('en-US')} 个祖源信息位点
          {view.computedAt ? `，计算于 ${formatBeijingTime(view.computedAt)}` : ''}；参考数据版本 {view.referenceId}。
        </p>
      </section>
      {detail ? (
        <>
          <UnavailableList list={view.unavailable} />
          <MethodSections sections={view.method} />
        </>
      ) : (
        <>
          <section className="report-section">
            <h2>占比与置信区间</h2>
            <ShareBands populations={view.populations} level={view.bandLevel} />
          </section>
          <ReportLink to={DETAIL} className="ancestry-more ancestry-more--block" data-testid="nation-detail-link">
            参考样本、方法与验证 <RightOutlined />
          </ReportLink>
        </>
      )}
    </>
  );
}
