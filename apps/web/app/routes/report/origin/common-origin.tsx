import { Alert } from 'antd';
import { loadOrigin, OriginPage, RelativeList, ShareList, UnavailableNotice } from '../../../components/origin/OriginParts.tsx';
import { Crumbs } from '../../../components/report/CategoryView.tsx';
import { pageTitle } from '../../../lib/brand.ts';
import type { Route } from './+types/common-origin';

export const meta = () => [{ title: pageTitle('共同祖源') }];

/** §2.2 /report/gene-origin/common-origin?relative=: where the relatives I share with one relative come from. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const relative = new URL(request.url).searchParams.get('relative') ?? '';
  return loadOrigin(request, context, (api, barcode) => api.geneOriginCommon(relative, barcode));
}

export default function CommonOriginPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Crumbs
        trail={[
          { to: '/report/gene-origin', label: '基因溯源' },
          { to: '/report/gene-origin/common-list', label: '共同祖源列表' },
          { label: '共同祖源' },
        ]}
      />
      <OriginPage data={loaderData}>
        {(view) =>
          view.unavailable || !view.relative ? (
            <section className="report-card" data-testid="gene-origin-common">
              <h3>共同祖源</h3>
              <UnavailableNotice why={view.unavailable ?? 'notJoined'} />
            </section>
          ) : (
            <section className="report-card" data-testid="gene-origin-common">
              <h3>与 {view.relative.name} 的共同祖源</h3>
              <RelativeList relatives={[view.relative]} withCommonOrigin={false} />
              {view.places.length ? (
                <>
                  <p>你们共同的基因亲人有 {view.sharedRelatives} 位，按他们与您共享的 DNA 计权，来自：</p>
                  <ShareList items={view.places} />
                </>
              ) : (
                <Alert
                  type="info"
                  showIcon
                  title={view.sharedRelatives ? '共同亲人都未填写出生地' : '暂未发现共同的基因亲人'}
                  description="共同亲人是同时与您和这位亲人有共享 DNA 片段、并已开启基因亲人功能的人。"
                />
              )}
            </section>
          )
        }
      </OriginPage>
    </>
  );
}
