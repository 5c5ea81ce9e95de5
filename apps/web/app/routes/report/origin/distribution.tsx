import { CITY_MIN_RELATIVES } from '@jiyin/contracts/originApi';
import { List } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { ChinaMap } from '../../../components/origin/ChinaMap.tsx';
import { loadOrigin, OriginPage, UnavailableNotice } from '../../../components/origin/OriginParts.tsx';
import { Crumbs } from '../../../components/report/CategoryView.tsx';
import { ReportLink } from '../../../components/report/ReportLink.tsx';
import { pageTitle } from '../../../lib/brand.ts';
import { useReportHref } from '../../../lib/reportData.ts';
import type { Route } from './+types/distribution';

export const meta = () => [{ title: pageTitle('基因亲人分布') }];

const cityListPath = (code: string) => `/report/ancestry/gene-relatives-distribution/city-list?province=${code}`;

/** §2.2 /report/ancestry/gene-relatives-distribution: where my consenting relatives were born, by province. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadOrigin(request, context, (api, barcode) => api.relativesDistribution(barcode));
}

export default function DistributionPage({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const href = useReportHref();
  const values = useMemo(() => (loaderData.view?.provinces ?? []).map((p) => ({ code: p.code, value: p.count })), [loaderData.view]);
  return (
    <>
      <Crumbs trail={[{ to: '/report/ancestry', label: '祖源分析' }, { label: '基因亲人分布' }]} />
      <OriginPage data={loaderData}>
        {(view) => (
          <section className="report-card" data-testid="relatives-distribution">
            <h3>基因亲人分布</h3>
            {view.unavailable ? (
              <UnavailableNotice why={view.unavailable} />
            ) : (
              <>
                <p>
                  共 {view.total} 位基因亲人，其中 {view.total - view.unknown} 位填写了出生地
                  {view.unknown ? `，${view.unknown} 位未填写` : ''}。颜色越深，出生在该省的亲人越多；点击省份查看城市分布。
                </p>
                <ChinaMap values={values} format={(v) => `${v} 位亲人`} onProvince={(code) => navigate(href(cityListPath(code)))} />
                <List
                  data-testid="distribution-provinces"
                  dataSource={view.provinces}
                  locale={{ emptyText: '还没有填写了出生地的基因亲人' }}
                  renderItem={(p) => (
                    <List.Item key={p.code}>
                      <div className="origin-count-row">
                        <ReportLink to={cityListPath(p.code)}>{p.name}</ReportLink>
                        <span>{p.count} 位</span>
                      </div>
                    </List.Item>
                  )}
                />
                <p className="muted">
                  只统计已开启基因亲人功能的亲人，出生地只精确到省、市；为避免定位到个人，亲人少于 {CITY_MIN_RELATIVES}{' '}
                  位的城市合并显示为“其他城市”。
                </p>
              </>
            )}
          </section>
        )}
      </OriginPage>
    </>
  );
}
