import { RightOutlined } from '@ant-design/icons';
import type { AncestryLine, AncestryLineView, LineageStep } from '@jiyin/contracts/ancestryApi';
import { isOk } from '@jiyin/contracts/envelope';
import { Tag, Timeline } from 'antd';
import { useLocation } from 'react-router';
import { AppLink } from '../../../components/AppLink.tsx';
import { AncestryHero, AncestryTabs } from '../../../components/ancestry/AncestryParts.tsx';
import { yearsAgo } from '../../../components/ancestry/format.ts';
import { Crumbs } from '../../../components/report/CategoryView.tsx';
import { ReportLink } from '../../../components/report/ReportLink.tsx';
import { ReportStatusView } from '../../../components/report/ReportStatusView.tsx';
import { pageTitle } from '../../../lib/brand.ts';
import { answerStatus, reportApi, reportContext } from '../../../lib/reportContext.ts';
import { useReportLayoutData } from '../../../lib/reportData.ts';
import '../../../components/ancestry/ancestry.css';
import type { Route } from './+types/line';

const LINES: Record<AncestryLine, { title: string; chrom: string; inherited: string }> = {
  paternal: { title: '父系溯源', chrom: 'Y 染色体', inherited: '由父亲传给儿子，几乎原样代代相传' },
  maternal: { title: '母系溯源', chrom: '线粒体', inherited: '由母亲传给所有子女，几乎原样代代相传' },
};

const lineOf = (pathname: string): AncestryLine => (pathname.endsWith('/maternal') ? 'maternal' : 'paternal');

export const meta: Route.MetaFunction = ({ location }) => [{ title: pageTitle(LINES[lineOf(location.pathname)].title) }];

/** §2.2 /report/ancestry/paternal and /maternal: the haplogroup, its path from the root with cited ages, notes. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const line = lineOf(new URL(request.url).pathname);
  const ctx = await reportContext(request, context);
  if (ctx.status !== 'out') return { line, status: ctx.status, message: ctx.statusMessage, view: null };
  const res = await reportApi(context, ctx).ancestryLine(line, ctx.barcode);
  return { line, ...answerStatus(ctx, res), view: isOk(res) ? res.data : null };
}

function StepText({ step, last }: { step: LineageStep; last: boolean }) {
  return (
    <div className={last ? 'lineage-step lineage-step--last' : 'lineage-step'} data-testid="lineage-step">
      <div className="lineage-step__head">
        <strong>{step.haplogroup}</strong>
        {step.snpName && <span className="lineage-step__snp">{step.snpName}</span>}
        {last && <Tag color="blue">您的单倍群</Tag>}
      </div>
      <div className="lineage-step__age">
        {step.ageYbp !== null ? (
          <>
            共同祖先生活在{yearsAgo(step.ageYbp)}
            <span className="lineage-step__ref">（{step.ageReference}）</span>
          </>
        ) : (
          <span className="muted">暂无已发表的年代估计</span>
        )}
      </div>
      {step.snps.length > 0 && (
        <div className="lineage-step__markers">
          定义位点：{step.snps.join('、')}
          {step.snpCount > step.snps.length ? ` 等 ${step.snpCount} 个` : ''}
          {step.observed.length > 0 && <span className="lineage-step__observed">；您的数据检出 {step.observed.join('、')}</span>}
        </div>
      )}
    </div>
  );
}

/** The path from the root, shortened on long trees to the dated and the noted branches plus the last few. */
function LineTimeline({ view }: { view: AncestryLineView }) {
  const noted = new Set(view.notes.map((n) => n.branch));
  const last = view.path.length - 1;
  const keep = view.path.filter((s, i) => i === 0 || i >= last - 3 || s.ageYbp !== null || noted.has(s.haplogroup));
  const hidden = view.path.length - keep.length;
  return (
    <>
      <Timeline
        className="lineage-timeline"
        items={keep.map((s) => ({
          color: s.haplogroup === view.haplogroup ? 'blue' : s.ageYbp !== null ? 'green' : 'gray',
          children: <StepText step={s} last={s.haplogroup === view.haplogroup} />,
        }))}
      />
      {hidden > 0 && (
        <p className="ancestry-note">
          为便于阅读，省略了 {hidden} 个既没有年代估计也没有说明的中间分支；完整路径：{view.path.map((s) => s.haplogroup).join(' → ')}
        </p>
      )}
    </>
  );
}

export default function LinePage({ loaderData }: Route.ComponentProps) {
  const { ctx } = useReportLayoutData();
  const { pathname } = useLocation();
  const { line, status, message, view } = loaderData;
  if (status !== 'out' || !view) {
    return <ReportStatusView status={status === 'out' ? 'error' : status} loggedIn={ctx.loggedIn} message={message} />;
  }
  const meta = LINES[line];
  return (
    <>
      <Crumbs trail={[{ to: '/report', label: '个人首页' }, { to: '/report/ancestry', label: '祖源分析' }, { label: meta.title }]} />
      <AncestryHero title={meta.title} testId="line-hero">
        {view.haplogroup ? (
          <>
            <div className="lineage-hero__name" data-testid="line-haplogroup">
              {view.haplogroup}
              {view.snpName && <span className="lineage-hero__snp">{view.snpName}</span>}
            </div>
            <p>
              {meta.chrom}
              {meta.inherited}，所以它记录的是您{line === 'paternal' ? '父亲的父亲' : '母亲的母亲'}
              一路上溯的一条直系祖先线，只是您众多祖先中的一条。
            </p>
            {view.confidence !== null && (
              <div className="report-hero__meta">
                <Tag>判定可信度 {Math.round(view.confidence * 100)}%</Tag>
              </div>
            )}
          </>
        ) : (
          <p data-testid="line-reason">{view.reason}</p>
        )}
      </AncestryHero>
      <AncestryTabs current={pathname} />
      {view.haplogroup && (
        <>
          <section className="report-section" data-testid="line-path">
            <h2>从共同祖先到您的单倍群</h2>
            <p className="ancestry-note">年代只采用已发表研究的估计（括号内为出处），其余分支暂无可引用的估计，我们不做推测。</p>
            <LineTimeline view={view} />
          </section>
          {view.notes.length > 0 && (
            <section className="report-section" data-testid="line-notes">
              <h2>迁徙与分布</h2>
              {view.notes.map((n) => (
                <div key={n.branch} className="lineage-note">
                  <h3>{n.title}</h3>
                  <p>{n.text}</p>
                </div>
              ))}
            </section>
          )}
          <section className="report-section ancestry-links">
            {line === 'paternal' ? (
              <>
                <AppLink to={`/ancestry/ytree?haplogroup=${encodeURIComponent(view.haplogroup)}`} data-testid="line-ytree-link">
                  在 Y 染色体谱系树中查看 <RightOutlined />
                </AppLink>
                <ReportLink to="/report/ancestry/eastern-zhou">东周分化树</ReportLink>
                <ReportLink to="/report/ancestry/neolithic">新石器分化树</ReportLink>
              </>
            ) : (
              <ReportLink to="/report/ancestry/paternal">父系溯源</ReportLink>
            )}
          </section>
        </>
      )}
    </>
  );
}
