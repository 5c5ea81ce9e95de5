import { ORIGIN_CONFIDENCE_LABELS } from '@jiyin/contracts/originApi';
import { Alert, Space, Tag } from 'antd';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ChinaMap } from '../../../components/origin/ChinaMap.tsx';
import { loadOrigin, OriginPage, percent, ShareList, UnavailableNotice } from '../../../components/origin/OriginParts.tsx';
import { Crumbs } from '../../../components/report/CategoryView.tsx';
import { ReportLink } from '../../../components/report/ReportLink.tsx';
import { pageTitle } from '../../../lib/brand.ts';
import { useReportHref } from '../../../lib/reportData.ts';
import type { Route } from './+types/gene-origin';
import { OriginMethod } from '../../../components/origin/OriginMethod.tsx';

export const meta = () => [{ title: pageTitle('基因溯源') }];

const detailPath = (code: string) => `/report/gene-origin/detail?province=${code}`;

/** §2.2 /report/gene-origin (from=notice opens with a notice banner): where my ancestors likely came from. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadOrigin(request, context, (api, barcode) => api.geneOrigin(barcode));
}

export default function GeneOriginPage({ loaderData }: Route.ComponentProps) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const href = useReportHref();
  const fromNotice = new URLSearchParams(search).get('from') === 'notice';
  const values = useMemo(
    () => (loaderData.view?.provinces ?? []).map((p) => ({ code: p.code, value: Math.round(p.share * 1000) / 10 })),
    [loaderData.view],
  );
  return (
    <>
      <Crumbs trail={[{ to: '/report/ancestry', label: '祖源分析' }, { label: '基因溯源' }]} />
      {fromNotice && (
        <Alert
          type="success"
          showIcon
          closable
          data-testid="gene-origin-notice"
          title="您的基因溯源结果已更新"
          description="发现了新的基因亲人后，我们会用他们授权的出生地重新推算您的祖源地。"
          style={{ marginBottom: 12 }}
        />
      )}
      <OriginPage data={loaderData}>
        {(view) => {
          const top = view.provinces[0];
          return (
            <section className="report-card" data-testid="gene-origin">
              <h3>基因溯源</h3>
              {view.unavailable ? (
                <UnavailableNotice why={view.unavailable} />
              ) : !top ? (
                <Alert
                  type="info"
                  showIcon
                  title="暂时无法推算祖源地"
                  description={
                    view.closeExcluded
                      ? '目前找到的都是近亲（父母、兄弟姐妹、祖孙等），他们反映的是近几代的家庭，不用于推算更早的祖源地。找到更多远亲后会自动推算。'
                      : '还没有填写了出生地的远亲。随着更多亲人加入，结果会自动更新。'
                  }
                />
              ) : (
                <>
                  <p data-testid="gene-origin-top">
                    您的祖先很可能来自 <strong>{top.name}</strong>（占 {percent(top.share)}）
                    {view.confidence && (
                      <Tag
                        color={view.confidence === 'high' ? 'green' : view.confidence === 'medium' ? 'blue' : 'default'}
                        style={{ marginLeft: 8 }}
                      >
                        {ORIGIN_CONFIDENCE_LABELS[view.confidence]}
                      </Tag>
                    )}
                  </p>
                  <p className="muted">
                    依据 {view.relativesUsed} 位远亲（相当于 {view.effectiveRelatives} 位同等权重的亲人）
                    {view.closeExcluded ? `，未计入 ${view.closeExcluded} 位近亲` : ''}
                    {view.unknown ? `，${view.unknown} 位亲人未填写出生地` : ''}。
                  </p>
                  <ChinaMap
                    values={values}
                    format={(v) => `${v}%`}
                    onProvince={(code) => navigate(href(detailPath(code)))}
                    testId="gene-origin-map"
                  />
                  <ShareList items={view.provinces} link={detailPath} testId="gene-origin-provinces" />
                  {view.topCities.length > 0 && (
                    <>
                      <h4 style={{ marginTop: 16 }}>{top.name}内部</h4>
                      <ShareList items={view.topCities} />
                    </>
                  )}
                </>
              )}
              <Space wrap style={{ marginTop: 16 }}>
                <ReportLink to="/report/gene-origin/my-origin">我的祖源地</ReportLink>
                <ReportLink to="/report/gene-origin/common-list">按祖源地查看亲人</ReportLink>
                <ReportLink to="/report/ancestry/gene-relatives-distribution">亲人分布地图</ReportLink>
                <ReportLink to="/report/gene-origin/protocal">说明与条款</ReportLink>
              </Space>
            </section>
          );
        }}
      </OriginPage>
      <OriginMethod />
    </>
  );
}
