import { Collapse } from 'antd';
import { loadOrigin, OriginPage, RelativeList, UnavailableNotice } from '../../../components/origin/OriginParts.tsx';
import { Crumbs } from '../../../components/report/CategoryView.tsx';
import { ReportLink } from '../../../components/report/ReportLink.tsx';
import { pageTitle } from '../../../lib/brand.ts';
import type { Route } from './+types/common-list';

export const meta = () => [{ title: pageTitle('共同祖源列表') }];

/** §2.2 /report/gene-origin/common-list: my relatives grouped by their birth province. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadOrigin(request, context, (api, barcode) => api.geneOriginCommonList(barcode));
}

export default function CommonListPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Crumbs trail={[{ to: '/report/gene-origin', label: '基因溯源' }, { label: '共同祖源列表' }]} />
      <OriginPage data={loaderData}>
        {(view) => (
          <section className="report-card" data-testid="gene-origin-common-list">
            <h3>按祖源地查看亲人</h3>
            {view.unavailable ? (
              <UnavailableNotice why={view.unavailable} />
            ) : (
              <>
                <p className="muted">选择一位亲人，可以看你们共同的亲人来自哪里。</p>
                <Collapse
                  defaultActiveKey={view.groups[0] ? [view.groups[0].province.code] : []}
                  items={[
                    ...view.groups.map((g) => ({
                      key: g.province.code,
                      label: (
                        <span data-testid="common-list-group">
                          {g.province.name} · {g.count} 位亲人
                        </span>
                      ),
                      extra: <ReportLink to={`/report/gene-origin/detail?province=${g.province.code}`}>详情</ReportLink>,
                      children: <RelativeList relatives={g.relatives} />,
                    })),
                    ...(view.unknown.length
                      ? [
                          {
                            key: 'unknown',
                            label: `未填写出生地 · ${view.unknown.length} 位亲人`,
                            children: <RelativeList relatives={view.unknown} />,
                          },
                        ]
                      : []),
                  ]}
                />
                {!view.groups.length && !view.unknown.length && <p>还没有基因亲人。</p>}
              </>
            )}
          </section>
        )}
      </OriginPage>
    </>
  );
}
