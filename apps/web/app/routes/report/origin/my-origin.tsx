import { ORIGIN_CONFIDENCE_LABELS } from '@jiyin/contracts/originApi';
import { Alert, Descriptions } from 'antd';
import { loadOrigin, OriginPage, percent, UnavailableNotice } from '../../../components/origin/OriginParts.tsx';
import { Crumbs } from '../../../components/report/CategoryView.tsx';
import { ReportLink } from '../../../components/report/ReportLink.tsx';
import { pageTitle } from '../../../lib/brand.ts';
import type { Route } from './+types/my-origin';

export const meta = () => [{ title: pageTitle('我的祖源地') }];

const AGREEMENT = {
  same: '您的出生省份就是 DNA 推算的首要祖源地：家族很可能世代居住在本地。',
  among: '您的出生省份是 DNA 推算的祖源地之一，但不是占比最高的：家族可能在几代之内有过迁徙。',
  different: '您的出生省份没有出现在 DNA 推算的祖源地中：家族很可能是从外地迁来的。',
} as const;

/** §2.2 /report/gene-origin/my-origin: my stated birthplace against the DNA-suggested origin. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadOrigin(request, context, (api, barcode) => api.geneOriginMine(barcode));
}

export default function MyOriginPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Crumbs trail={[{ to: '/report/gene-origin', label: '基因溯源' }, { label: '我的祖源地' }]} />
      <OriginPage data={loaderData}>
        {(view) => (
          <section className="report-card" data-testid="gene-origin-mine">
            <h3>我的祖源地</h3>
            {view.unavailable ? (
              <UnavailableNotice why={view.unavailable} />
            ) : (
              <>
                <Descriptions
                  size="small"
                  column={1}
                  items={[
                    {
                      key: 'own',
                      label: '我填写的出生地',
                      children: view.birthplace
                        ? [view.birthplace.province.name, view.birthplace.city?.name].filter((x, i, a) => x && a.indexOf(x) === i).join(' ')
                        : '未填写',
                    },
                    {
                      key: 'dna',
                      label: 'DNA 推算的首要祖源地',
                      children: view.topOrigin ? `${view.topOrigin.name}（${percent(view.topOrigin.share)}）` : '暂无法推算',
                    },
                    ...(view.ownProvinceShare !== null
                      ? [{ key: 'mine', label: '我的出生省份在祖源中的占比', children: percent(view.ownProvinceShare) }]
                      : []),
                    ...(view.confidence ? [{ key: 'conf', label: '可信度', children: ORIGIN_CONFIDENCE_LABELS[view.confidence] }] : []),
                  ]}
                />
                {view.agreement ? (
                  <Alert
                    type="info"
                    showIcon
                    title={AGREEMENT[view.agreement]}
                    style={{ marginTop: 12 }}
                    data-testid="my-origin-agreement"
                  />
                ) : (
                  <Alert
                    type="info"
                    showIcon
                    style={{ marginTop: 12 }}
                    title={view.birthplace ? '还没有足够的远亲来推算祖源地' : '填写出生地后即可对比'}
                    action={view.birthplace ? undefined : <ReportLink to="/user/persons">去填写</ReportLink>}
                  />
                )}
              </>
            )}
          </section>
        )}
      </OriginPage>
    </>
  );
}
