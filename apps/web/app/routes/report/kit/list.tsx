import { LAB_TEST_LABELS } from '@jiyin/contracts/kitServices';
import { List, Tag } from 'antd';
import { Crumbs } from '../../../components/report/CategoryView.tsx';
import { KitEmpty } from '../../../components/report/kit/KitResult.tsx';
import { ReportLink } from '../../../components/report/ReportLink.tsx';
import { pageTitle } from '../../../lib/brand.ts';
import { loadKitResults, resultPath } from '../../../lib/kitTests/load.ts';
import type { Route } from './+types/list';

/** §2.2 /report/hp, /report/amh, /report/vade: the user's results of one kit service, newest first. */
export const loader = ({ request, context }: Route.LoaderArgs) => loadKitResults(request, context);

export const meta = ({ data }: Route.MetaArgs) => [{ title: pageTitle(data ? LAB_TEST_LABELS[data.type] : undefined) }];

export default function KitListPage({ loaderData }: Route.ComponentProps) {
  const { type, loggedIn, results } = loaderData;
  return (
    <>
      <Crumbs trail={[{ to: '/report', label: '个人首页' }, { label: LAB_TEST_LABELS[type] }]} />
      {results.length === 0 ? (
        <KitEmpty type={type} loggedIn={loggedIn} />
      ) : (
        <section className="report-section" data-testid="kit-list">
          <h2>
            {LAB_TEST_LABELS[type]} <span className="report-section__count">共 {results.length} 份</span>
          </h2>
          <List
            dataSource={results}
            renderItem={(r) => (
              <List.Item key={r.id} data-testid="kit-list-item">
                <List.Item.Meta
                  title={
                    <ReportLink to={resultPath(type, r.id)}>
                      {r.personName} · {r.reportedAt}
                    </ReportLink>
                  }
                  description={r.conclusion}
                />
                <Tag>{r.barcode}</Tag>
              </List.Item>
            )}
          />
        </section>
      )}
    </>
  );
}
