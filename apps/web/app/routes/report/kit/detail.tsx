import { LAB_TEST_LABELS, LAB_TYPE_SLUG } from '@jiyin/contracts/kitServices';
import { Crumbs } from '../../../components/report/CategoryView.tsx';
import { KitEmpty, KitResult } from '../../../components/report/kit/KitResult.tsx';
import { apiClient } from '../../../lib/api/index.ts';
import { pageTitle } from '../../../lib/brand.ts';
import { loadKitResults } from '../../../lib/kitTests/load.ts';
import { unwrap } from '../../../lib/loaders.ts';
import type { Route } from './+types/detail';

/**
 * §2.2 /report/hpv/detail, /report/hp/detail, /report/amh/detail/:id, /report/vade/detail/:id?: one
 * result by id (path or ?id=), else the current person's latest.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const data = await loadKitResults(request, context);
  const id = (params as { id?: string }).id ?? new URL(request.url).searchParams.get('id');
  if (!id || !data.loggedIn) return { ...data, result: data.results[0] ?? null };
  const res = await apiClient(context.api).kitResult(data.type, id);
  return { ...data, result: unwrap(res) };
}

export const meta = ({ data }: Route.MetaArgs) => [{ title: pageTitle(data ? `${LAB_TEST_LABELS[data.type]}报告` : undefined) }];

export default function KitDetailPage({ loaderData }: Route.ComponentProps) {
  const { type, loggedIn, result, results } = loaderData;
  // Tests with a list page (§2.2 /report/hp, /amh, /vade) link back to it.
  const list = type === 'HPV' ? null : `/report/${LAB_TYPE_SLUG[type]}`;
  return (
    <>
      <Crumbs
        trail={[
          { to: '/report', label: '个人首页' },
          ...(list && results.length > 1 ? [{ to: list, label: LAB_TEST_LABELS[type] }] : []),
          { label: `${LAB_TEST_LABELS[type]}报告` },
        ]}
      />
      {result ? <KitResult result={result} /> : <KitEmpty type={type} loggedIn={loggedIn} />}
    </>
  );
}
