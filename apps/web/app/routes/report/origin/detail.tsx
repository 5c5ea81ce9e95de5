import { OTHER_CITIES_NAME } from '@jiyin/contracts/originApi';
import { Descriptions } from 'antd';
import { loadOrigin, OriginPage, percent, RelativeList, UnavailableNotice } from '../../../components/origin/OriginParts.tsx';
import { Crumbs } from '../../../components/report/CategoryView.tsx';
import { pageTitle } from '../../../lib/brand.ts';
import type { Route } from './+types/detail';

export const meta = () => [{ title: pageTitle('基因溯源详情') }];

/** §2.2 /report/gene-origin/detail?province=: one province, its share of my origin and its relatives. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const province = new URL(request.url).searchParams.get('province') ?? '';
  return loadOrigin(request, context, (api, barcode) => api.geneOriginDetail(province, barcode));
}

export default function OriginDetailPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Crumbs trail={[{ to: '/report/gene-origin', label: '基因溯源' }, { label: loaderData.view?.province.name ?? '详情' }]} />
      <OriginPage data={loaderData}>
        {(view) => (
          <section className="report-card" data-testid="gene-origin-detail">
            <h3>{view.province.name}</h3>
            {view.unavailable ? (
              <UnavailableNotice why={view.unavailable} />
            ) : (
              <>
                <Descriptions
                  size="small"
                  column={{ xs: 1, sm: 2 }}
                  items={[
                    { key: 'share', label: '在您祖源中的占比', children: percent(view.share) },
                    { key: 'count', label: '出生在这里的亲人', children: `${view.relatives.length} 位` },
                    {
                      key: 'cities',
                      label: '城市',
                      children:
                        [
                          ...view.cities.map((c) => `${c.name} ${c.count} 位`),
                          ...(view.otherCities ? [`${OTHER_CITIES_NAME} ${view.otherCities} 位`] : []),
                        ].join('，') || '—',
                    },
                  ]}
                />
                <RelativeList relatives={view.relatives} />
              </>
            )}
          </section>
        )}
      </OriginPage>
    </>
  );
}
