import { isOk } from '@jiyin/contracts/envelope';
import type { ReportItemDetail, ReportReference } from '@jiyin/contracts/reportApi';
import { Tag } from 'antd';
import { data } from 'react-router';
import { CategoryView, Crumbs } from '../../components/report/CategoryView.tsx';
import { FeelRating } from '../../components/report/FeelRating.tsx';
import { GenotypeTable } from '../../components/report/GenotypeTable.tsx';
import { ReportStatusView } from '../../components/report/ReportStatusView.tsx';
import { pageTitle } from '../../lib/brand.ts';
import { answerStatus, reportApi, reportContext } from '../../lib/reportContext.ts';
import { useReportLayoutData } from '../../lib/reportData.ts';
import { categoryOfPath, NO_RESULT, themeBackground, toneColour } from '../../lib/reportLevels.ts';
import type { Route } from './+types/detail';

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: pageTitle(loaderData?.title ?? '报告详情') }];

/**
 * One item of a category (§2.2 <category>/detail/:id, §7.10 /v4): the result, what it means, the
 * genotypes read, what to do, the population note and references. fitness and tumor also answer
 * without an id: their list.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const category = categoryOfPath(new URL(request.url).pathname);
  if (!category) throw data(null, { status: 404 });
  const ctx = await reportContext(request, context);
  const none = { category: category.page, title: category.name, detail: null, list: null };
  if (ctx.status !== 'out') return { ...none, status: ctx.status, message: ctx.statusMessage };
  const api = reportApi(context, ctx);
  if (!params.id) {
    const res = await api.reportCategory(category.api, ctx.barcode);
    return { ...none, ...answerStatus(ctx, res), list: isOk(res) ? res.data : null };
  }
  const res = await api.reportDetail(category.api, params.id, ctx.barcode);
  const detail = isOk(res) ? res.data : null;
  return { ...none, title: detail?.title ?? category.name, ...answerStatus(ctx, res), detail };
}

const REFERENCE_NAMES: Record<ReportReference['type'], string> = {
  pubmed: 'PubMed',
  clinvar: 'ClinVar',
  cpic: 'CPIC 指南',
  dpwg: 'DPWG 指南',
  pharmgkb: 'PharmGKB',
  gwas: 'GWAS Catalog',
};

function DetailView({ d, canRate, barcode }: { d: ReportItemDetail; canRate: boolean; barcode: string | null }) {
  const undetected = d.status === 'unDetected';
  return (
    <>
      <section className="report-hero" style={{ background: themeBackground(d.theme) }} data-testid="detail-hero">
        <h1>{d.title}</h1>
        <p className="report-hero__detail">{d.detail}</p>
        {/* The verdict once, large; the rule's genotype-specific result under it when it says more. */}
        <div className="report-hero__result" data-testid="detail-result">
          {undetected ? (
            NO_RESULT
          ) : (
            <Tag color={toneColour(d.tone)} className="report-hero__verdict">
              {d.levelLabel}
            </Tag>
          )}
        </div>
        {!undetected && d.label !== d.levelLabel && <p data-testid="detail-label">{d.label}</p>}
        <div className="report-hero__meta">
          {d.drugClass && <Tag>{d.drugClass}</Tag>}
          {d.genes.map((g) => (
            <Tag key={g}>{g}</Tag>
          ))}
        </div>
      </section>
      <section className="report-section" data-testid="detail-meaning">
        <h2>结果解读</h2>
        {undetected ? (
          <p>芯片没有读到这个项目需要的关键位点，暂时无法给出结果。这不代表有风险，也不代表没有风险。</p>
        ) : (
          <>
            {d.verdict && (
              <p data-testid="detail-verdict">
                <strong>{d.verdict}</strong>
              </p>
            )}
            {d.explanation && <p>{d.explanation}</p>}
          </>
        )}
        <p className="muted">{d.summary}</p>
      </section>
      <section className="report-section">
        <h2>检测位点</h2>
        <GenotypeTable rows={d.genotypes} />
      </section>
      <section className="report-section" data-testid="detail-advice" data-advice-kind={d.adviceKind}>
        <h2>{d.adviceKind === 'confirm' || d.adviceKind === 'counsel' ? '下一步怎么做' : '建议'}</h2>
        <p>{d.advice}</p>
      </section>
      <section className="report-section">
        <h2>人群数据</h2>
        <p>{d.populationNote}</p>
      </section>
      <section className="report-section">
        <h2>参考文献</h2>
        <ol className="references">
          {d.references.map((r) => (
            <li key={`${r.type}:${r.id}`}>
              <a href={r.url} target="_blank" rel="noreferrer">
                {REFERENCE_NAMES[r.type]} {r.id}
              </a>
            </li>
          ))}
        </ol>
        <p className="muted">本报告仅供健康参考，不能作为诊断或用药依据；如有疑问请咨询医生或遗传咨询师。</p>
      </section>
      {canRate && barcode && (
        <section className="report-section">
          <h2>这条解读对你有帮助吗？</h2>
          <FeelRating barcode={barcode} module={d.category} itemId={d.id} initial={d.feel} />
        </section>
      )}
    </>
  );
}

export default function DetailPage({ loaderData }: Route.ComponentProps) {
  const { ctx } = useReportLayoutData();
  const { status, message, detail, list, category, title } = loaderData;
  if (status !== 'out' || !(detail || list)) {
    return <ReportStatusView status={status === 'out' ? 'error' : status} loggedIn={ctx.loggedIn} message={message} />;
  }
  if (list) return <CategoryView view={list} />;
  if (!detail) return null;
  return (
    <>
      <Crumbs
        trail={[
          { to: '/report', label: '个人首页' },
          { to: `/report/${category}`, label: categoryOfPath(`/report/${category}`)?.name ?? title },
          { label: detail.title },
        ]}
      />
      {/* §7.4 feel: only the signed-in reader of their own or a shared-with-them report rates. */}
      <DetailView d={detail} canRate={ctx.mode === 'own'} barcode={ctx.barcode} />
    </>
  );
}
