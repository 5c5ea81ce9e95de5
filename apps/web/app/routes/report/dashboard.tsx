import { FilePdfOutlined, LockOutlined, RightOutlined } from '@ant-design/icons';
import type { AncestryComposition } from '@jiyin/contracts/ancestryApi';
import { isOk } from '@jiyin/contracts/envelope';
import { LOCKED_ITEM_TOAST, PRODUCT_STATUS, REPORT_CATEGORIES, REPORT_THEMES, type ReportOverview } from '@jiyin/contracts/reportApi';
import { App, Button, Tag } from 'antd';
import { AppDownloadCard } from '../../components/report/AppDownloadCard.tsx';
import { ConsultCard } from '../../components/report/ConsultCard.tsx';
import { PersonCard } from '../../components/report/PersonCard.tsx';
import { ReportLink } from '../../components/report/ReportLink.tsx';
import { ReportStatusView } from '../../components/report/ReportStatusView.tsx';
import { ShareDialog } from '../../components/report/ShareDialog.tsx';
import { percent } from '../../components/ancestry/format.ts';
import { gridColumns } from '../../lib/grid.ts';
import { pageTitle } from '../../lib/brand.ts';
import { formatBeijingTime } from '../../lib/dates.ts';
import { answerStatus, reportApi, reportContext } from '../../lib/reportContext.ts';
import { useReportLayoutData } from '../../lib/reportData.ts';
import { itemPath, themeBackground, toneColour } from '../../lib/reportLevels.ts';
import type { Route } from './+types/dashboard';

export const meta = () => [{ title: pageTitle('我的基因报告') }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = await reportContext(request, context);
  if (ctx.status !== 'out') return { status: ctx.status, message: ctx.statusMessage, overview: null, ancestry: null };
  const api = reportApi(context, ctx);
  const [res, ancestry] = await Promise.all([api.reportOverview(ctx.barcode), api.ancestryComposition(ctx.barcode)]);
  // Products without ancestry answer no permission: the summary card is then left out.
  return { ...answerStatus(ctx, res), overview: isOk(res) ? res.data : null, ancestry: isOk(ancestry) ? ancestry.data : null };
}

/** The personal home's ancestry summary: the closest groups and both lines, linking to the ancestry report. */
function AncestryCard({ view }: { view: AncestryComposition }) {
  const top = [...view.populations].sort((a, b) => b.share - a.share).slice(0, 3);
  return (
    <article className="overview-card" data-testid="overview-ancestry">
      <header className="overview-card__head" style={{ background: themeBackground(REPORT_THEMES[0]) }}>
        <h3>祖源分析</h3>
        <span>{view.populations.length} 个参考人群</span>
      </header>
      <div className="overview-card__body">
        <p className="overview-card__summary">与你最相近的人群</p>
        {top.map((p) => (
          <ReportLink key={p.id} to="/report/ancestry" className="overview-card__row">
            <span className="overview-card__title">{p.name}</span>
            <Tag color="blue">{percent(p.share)}</Tag>
          </ReportLink>
        ))}
        <ReportLink to="/report/ancestry/paternal" className="overview-card__row">
          <span className="overview-card__title">父系单倍群</span>
          <Tag>{view.paternal.haplogroup ?? '未判定'}</Tag>
        </ReportLink>
        <ReportLink to="/report/ancestry/maternal" className="overview-card__row">
          <span className="overview-card__title">母系单倍群</span>
          <Tag>{view.maternal.haplogroup ?? '未判定'}</Tag>
        </ReportLink>
        <ReportLink to="/report/ancestry" className="overview-card__more">
          查看祖源报告 <RightOutlined />
        </ReportLink>
      </div>
    </article>
  );
}

function CategoryCard({ c, shareView }: { c: ReportOverview['categories'][number]; shareView: boolean }) {
  const { message } = App.useApp();
  // The same theme as the category's sidebar entry and page head (the ancestry entry takes the first).
  const at = REPORT_CATEGORIES.findIndex((x) => x.api === c.category);
  const theme = REPORT_THEMES[(at + 1) % REPORT_THEMES.length] ?? REPORT_THEMES[0];
  const locked = c.productStatus === PRODUCT_STATUS.lock;
  return (
    <article className="overview-card" data-testid="overview-card">
      <header className="overview-card__head" style={{ background: themeBackground(theme) }}>
        <h3>{c.name}</h3>
        <span>{c.total}项</span>
      </header>
      <div className="overview-card__body">
        {locked ? (
          <button type="button" className="report-item report-item--locked" onClick={() => message.error(LOCKED_ITEM_TOAST)}>
            <span className="report-item__text">
              <LockOutlined /> 当前产品未包含，升级后可查看
            </span>
          </button>
        ) : (
          <>
            {/* §4 tumour-share limit: the server withholds tumour results from share viewers. */}
            <p className="overview-card__summary" data-testid="overview-summary">
              {c.summary ?? (shareView && c.category === 'tumor' ? '肿瘤风险报告仅限本人查看。' : '暂无可显示的结果。')}
            </p>
            {c.preview.map((h) => (
              <ReportLink key={h.id} to={itemPath(c.category, h.id)} className="overview-card__row" data-testid="overview-row">
                <span className="overview-card__title" data-testid="overview-title">
                  {h.title}
                </span>
                {h.levelLabel && <Tag color={toneColour(h.tone)}>{h.levelLabel}</Tag>}
              </ReportLink>
            ))}
            <ReportLink to={`/report/${c.page}`} className="overview-card__more">
              查看全部{c.total}项 <RightOutlined />
            </ReportLink>
          </>
        )}
      </div>
    </article>
  );
}

/**
 * §2.2 /report, the personal home (§2.6 dashboard): the person, per category a summary line and its
 * first items in a fixed order (never a pick of the worst), share and PDF.
 */
export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { ctx } = useReportLayoutData();
  const { status, message, overview, ancestry } = loaderData;
  const owner = ctx.mode === 'own' && ctx.current?.isOwner && ctx.barcode;
  return (
    <>
      <div className="only-phone">
        <PersonCard ctx={ctx} />
      </div>
      {status !== 'out' || !overview ? (
        <ReportStatusView status={status === 'out' ? 'error' : status} loggedIn={ctx.loggedIn} message={message} />
      ) : (
        <>
          <section className="report-hero" style={{ background: themeBackground(REPORT_THEMES[0]) }} data-testid="dashboard-hero">
            <h1>{overview.sample ? '样例报告' : `${overview.person.name}的基因报告`}</h1>
            <p>
              共 {overview.categories.reduce((n, c) => n + c.total, 0)} 项健康解读
              {overview.computedAt && `，生成于 ${formatBeijingTime(overview.computedAt)}`}
            </p>
            <div className="report-hero__meta">
              <Tag>{overview.person.productName}</Tag>
              {overview.person.yHaplogroup && <Tag>父系单倍群 {overview.person.yHaplogroup}</Tag>}
              {overview.person.mtHaplogroup && <Tag>母系单倍群 {overview.person.mtHaplogroup}</Tag>}
            </div>
            {owner && (
              <div className="report-hero__actions">
                <ShareDialog barcode={owner} personName={overview.person.name} />
                <ReportLink to="/report/electronic-report">
                  <Button icon={<FilePdfOutlined />}>电子报告</Button>
                </ReportLink>
              </div>
            )}
          </section>
          <div className="overview-grid" style={gridColumns(overview.categories.length + (ancestry ? 1 : 0), 3)}>
            {ancestry && <AncestryCard view={ancestry} />}
            {overview.categories.map((c) => (
              <CategoryCard key={c.category} c={c} shareView={ctx.mode === 'share'} />
            ))}
          </div>
        </>
      )}
      <div className="only-phone">
        <AppDownloadCard />
        {ctx.mode !== 'share' && <ConsultCard />}
      </div>
    </>
  );
}
