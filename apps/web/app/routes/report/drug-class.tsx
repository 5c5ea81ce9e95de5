import { isOk } from '@jiyin/contracts/envelope';
import { CategoryView } from '../../components/report/CategoryView.tsx';
import { ReportStatusView } from '../../components/report/ReportStatusView.tsx';
import { pageTitle } from '../../lib/brand.ts';
import { answerStatus, reportApi, reportContext } from '../../lib/reportContext.ts';
import { useReportLayoutData } from '../../lib/reportData.ts';
import type { Route } from './+types/drug-class';

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: pageTitle(loaderData?.title ?? '药物分类') }];

/** §2.2 /report/drug/class/{categoryId}: the drugs of one class. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const ctx = await reportContext(request, context);
  if (ctx.status !== 'out') return { title: null, status: ctx.status, message: ctx.statusMessage, view: null };
  const res = await reportApi(context, ctx).drugClass(params.categoryId, ctx.barcode);
  const view = isOk(res) ? res.data : null;
  return { title: view?.name ?? null, ...answerStatus(ctx, res), view };
}

export default function DrugClassPage({ loaderData }: Route.ComponentProps) {
  const { ctx } = useReportLayoutData();
  const { status, message, view } = loaderData;
  if (status !== 'out' || !view) {
    return <ReportStatusView status={status === 'out' ? 'error' : status} loggedIn={ctx.loggedIn} message={message} />;
  }
  return <CategoryView view={view} />;
}
