import { RightOutlined } from '@ant-design/icons';
import { isOk } from '@jiyin/contracts/envelope';
import { Tag } from 'antd';
import {
  AncestryHero,
  AncestryTabs,
  HaplogroupCards,
  MethodSections,
  ShareList,
  UnavailableList,
} from '../../../components/ancestry/AncestryParts.tsx';
import { percent } from '../../../components/ancestry/format.ts';
import { GroupMap } from '../../../components/ancestry/GroupMap.tsx';
import { ShareBands, ShareDonut } from '../../../components/ancestry/ShareCharts.tsx';
import { Crumbs } from '../../../components/report/CategoryView.tsx';
import { ReportLink } from '../../../components/report/ReportLink.tsx';
import { ReportStatusView } from '../../../components/report/ReportStatusView.tsx';
import { pageTitle } from '../../../lib/brand.ts';
import { answerStatus, reportApi, reportContext } from '../../../lib/reportContext.ts';
import { useReportLayoutData } from '../../../lib/reportData.ts';
import '../../../components/ancestry/ancestry.css';
import type { Route } from './+types/index';

export const meta = () => [{ title: pageTitle('祖源分析') }];

/** §2.2 /report/ancestry: composition with its bands, method limits, haplogroup cards, sub-pages. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = await reportContext(request, context);
  if (ctx.status !== 'out') return { status: ctx.status, message: ctx.statusMessage, view: null };
  const res = await reportApi(context, ctx).ancestryComposition(ctx.barcode);
  return { ...answerStatus(ctx, res), view: isOk(res) ? res.data : null };
}

export default function AncestryPage({ loaderData }: Route.ComponentProps) {
  const { ctx } = useReportLayoutData();
  const { status, message, view } = loaderData;
  if (status !== 'out' || !view) {
    return <ReportStatusView status={status === 'out' ? 'error' : status} loggedIn={ctx.loggedIn} message={message} />;
  }
  const sorted = [...view.populations].sort((a, b) => b.share - a.share);
  const top = sorted.filter((p) => p.share >= 0.05);
  return (
    <>
      <Crumbs trail={[{ to: '/report', label: '个人首页' }, { label: '祖源分析' }]} />
      <AncestryHero title="祖源分析" testId="ancestry-hero">
        <p>
          您的 DNA 与 {top.map((p) => `${p.name}（${percent(p.share)}）`).join('、') || '各参考人群'}
          最为相近。以下比例描述的是您与哪些现代人群相似，不等于民族身份或户籍。
        </p>
        <div className="report-hero__meta">
          <Tag>祖源成分用到 {view.markersUsed.toLocaleString('en-US')} 个祖源信息位点</Tag>
          <Tag>{view.populations.length} 个参考人群</Tag>
          <Tag>{Math.round(view.bandLevel * 100)}% 置信区间</Tag>
        </div>
      </AncestryHero>
      <AncestryTabs current="/report/ancestry" />

      <section className="report-section" data-testid="ancestry-composition">
        <h2>祖源构成</h2>
        <div className="ancestry-composition">
          <ShareDonut populations={sorted} />
          <ShareList populations={sorted} level={view.bandLevel} />
        </div>
        <h3 className="ancestry-subtitle">占比与 {Math.round(view.bandLevel * 100)}% 置信区间</h3>
        <p className="ancestry-note">
          横线是每个人群占比的 {Math.round(view.bandLevel * 100)}% 置信区间：区间越宽，数据对这个人群占比的约束越弱。
        </p>
        <ShareBands populations={view.populations} level={view.bandLevel} />
        <h3 className="ancestry-subtitle">参考人群在中国的分布</h3>
        <p className="ancestry-note" data-testid="ancestry-map-caption">
          地图标出的是各参考人群样本的来源地区（颜色越深，您与该人群的占比越高），不是您祖先生活的具体地点；日本、南亚、欧洲、非洲人群只在上方图表中列出。
        </p>
        <GroupMap populations={view.populations} />
        <ReportLink to="/report/ancestry/nation" className="ancestry-more" data-testid="ancestry-nation-link">
          查看民族成分明细 <RightOutlined />
        </ReportLink>
      </section>

      <section className="report-section">
        <h2>父系与母系</h2>
        <HaplogroupCards cards={[view.paternal, view.maternal]} />
        <div className="ancestry-links">
          <ReportLink to="/report/ancestry/eastern-zhou">东周分化树</ReportLink>
          <ReportLink to="/report/ancestry/neolithic">新石器分化树</ReportLink>
          <ReportLink
            to={view.paternal.haplogroup ? `/ancestry/ytree?haplogroup=${encodeURIComponent(view.paternal.haplogroup)}` : '/ancestry/ytree'}
          >
            Y 染色体谱系树
          </ReportLink>
        </div>
      </section>

      <UnavailableList list={view.unavailable} />

      <section className="report-section" data-testid="ancestry-method">
        <h2>怎么算的</h2>
        <p>
          我们把您的基因组在 {view.markersUsed.toLocaleString('en-US')} 个祖源信息位点上与 {view.populations.length}{' '}
          个参考人群的等位基因频率比较，用监督混合模型（最大似然，EM 算法）估算各人群的占比；置信区间由分段重抽样得到。
        </p>
        <ReportLink to="/report/ancestry/nation/detail" className="ancestry-more">
          完整的方法说明与验证结果 <RightOutlined />
        </ReportLink>
      </section>
      {view.limits && <MethodSections sections={[view.limits]} />}
    </>
  );
}
