import { RightOutlined } from '@ant-design/icons';
import { isOk } from '@jiyin/contracts/envelope';
import { PRODUCT_STATUS, type ReportCategoryView } from '@jiyin/contracts/reportApi';
import { Tag } from 'antd';
import { Crumbs } from '../../components/report/CategoryView.tsx';
import { ItemList } from '../../components/report/ItemList.tsx';
import { ReportLink } from '../../components/report/ReportLink.tsx';
import { ReportStatusView } from '../../components/report/ReportStatusView.tsx';
import { pageTitle } from '../../lib/brand.ts';
import { answerStatus, reportApi, reportContext } from '../../lib/reportContext.ts';
import { useReportLayoutData } from '../../lib/reportData.ts';
import type { Route } from './+types/overview';

export const meta = () => [{ title: pageTitle('报告总览') }];

/** §2.2 /report/overview: every category's results on one page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = await reportContext(request, context);
  if (ctx.status !== 'out') return { status: ctx.status, message: ctx.statusMessage, sections: null };
  const api = reportApi(context, ctx);
  const res = await api.reportOverview(ctx.barcode);
  if (!isOk(res)) return { ...answerStatus(ctx, res), sections: null };
  const sections = await Promise.all(
    res.data.categories.map(async (c) => {
      if (c.productStatus === PRODUCT_STATUS.lock)
        return { page: c.page, name: c.name, total: c.total, view: null as ReportCategoryView | null };
      const one = await api.reportCategory(c.category, ctx.barcode);
      return { page: c.page, name: c.name, total: c.total, view: isOk(one) ? one.data : null };
    }),
  );
  return { ...answerStatus(ctx, res), sections };
}

export default function OverviewPage({ loaderData }: Route.ComponentProps) {
  const { ctx } = useReportLayoutData();
  const { status, message, sections } = loaderData;
  if (status !== 'out' || !sections) {
    return <ReportStatusView status={status === 'out' ? 'error' : status} loggedIn={ctx.loggedIn} message={message} />;
  }
  return (
    <>
      <Crumbs trail={[{ to: '/report', label: '个人首页' }, { label: '报告总览' }]} />
      {sections.map((s) => (
        <section key={s.page} className="report-section" data-testid="overview-section">
          <h2>
            {s.name} <span className="report-section__count">{s.total}项</span>
            <ReportLink to={`/report/${s.page}`} className="report-section__count">
              查看分类 <RightOutlined />
            </ReportLink>
          </h2>
          {s.view ? (
            <ItemList category={s.view.category} items={s.view.items} />
          ) : (
            <p className="muted">
              <Tag>未解锁</Tag>当前检测产品没有包含这一类报告，升级后可查看。
            </p>
          )}
        </section>
      ))}
    </>
  );
}
