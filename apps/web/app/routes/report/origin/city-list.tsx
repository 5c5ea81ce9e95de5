import { CITY_MIN_RELATIVES, OTHER_CITIES_NAME } from '@jiyin/contracts/originApi';
import { List } from 'antd';
import { loadOrigin, OriginPage, UnavailableNotice } from '../../../components/origin/OriginParts.tsx';
import { Crumbs } from '../../../components/report/CategoryView.tsx';
import { ReportLink } from '../../../components/report/ReportLink.tsx';
import { pageTitle } from '../../../lib/brand.ts';
import type { Route } from './+types/city-list';

export const meta = () => [{ title: pageTitle('基因亲人城市分布') }];

/** §2.2 .../gene-relatives-distribution/city-list?province=: one province's relatives by city. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const province = new URL(request.url).searchParams.get('province') ?? '';
  return loadOrigin(request, context, (api, barcode) => api.relativesCities(province, barcode));
}

export default function CityListPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Crumbs
        trail={[
          { to: '/report/ancestry', label: '祖源分析' },
          { to: '/report/ancestry/gene-relatives-distribution', label: '基因亲人分布' },
          { label: loaderData.view?.province.name ?? '城市分布' },
        ]}
      />
      <OriginPage data={loaderData}>
        {(view) => {
          const rows = [
            ...view.cities.map((c) => ({ key: c.code, name: c.name, count: c.count })),
            ...(view.otherCities ? [{ key: 'other', name: OTHER_CITIES_NAME, count: view.otherCities }] : []),
            ...(view.noCity ? [{ key: 'none', name: '未填写城市', count: view.noCity }] : []),
          ];
          return (
            <section className="report-card" data-testid="relatives-city-list">
              <h3>{view.province.name}的基因亲人</h3>
              {view.unavailable ? (
                <UnavailableNotice why={view.unavailable} />
              ) : (
                <>
                  <p>
                    共 {view.total} 位亲人出生在{view.province.name}。
                  </p>
                  <List
                    dataSource={rows}
                    locale={{ emptyText: '这里还没有基因亲人' }}
                    renderItem={(r) => (
                      <List.Item key={r.key} data-testid="city-row">
                        <div className="origin-count-row">
                          <span>{r.name}</span>
                          <span>{r.count} 位</span>
                        </div>
                      </List.Item>
                    )}
                  />
                  <p className="muted">
                    亲人少于 {CITY_MIN_RELATIVES} 位的城市合并为“{OTHER_CITIES_NAME}
                    ”，以免从城市推断出某一位亲人。想了解这个省份的亲人与您祖源的关系，可以看
                    <ReportLink to={`/report/gene-origin/detail?province=${view.province.code}`}>基因溯源详情</ReportLink>。
                  </p>
                </>
              )}
            </section>
          );
        }}
      </OriginPage>
    </>
  );
}
