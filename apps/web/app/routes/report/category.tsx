import { isOk } from '@jiyin/contracts/envelope';
import { PAGE_ROUTES } from '@jiyin/contracts/routes';
import { data } from 'react-router';
import { CategoryView } from '../../components/report/CategoryView.tsx';
import { ReportStatusView } from '../../components/report/ReportStatusView.tsx';
import { pageTitle } from '../../lib/brand.ts';
import { answerStatus, reportApi, reportContext } from '../../lib/reportContext.ts';
import { useReportLayoutData } from '../../lib/reportData.ts';
import { categoryOfPath } from '../../lib/reportLevels.ts';
import type { Route } from './+types/category';

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: pageTitle(loaderData?.title) }];

/** The category's list: /report/{disease,traits,carrier-status,drug,nutrition,fitness,tumor} (§2.2, §7.10). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const pathname = new URL(request.url).pathname;
  const category = categoryOfPath(pathname);
  if (!category) throw data(null, { status: 404 });
  const title = PAGE_ROUTES.find((r) => r.path === `/report/${category.page}`)?.title ?? category.name;
  const ctx = await reportContext(request, context);
  if (ctx.status !== 'out') return { title, status: ctx.status, message: ctx.statusMessage, view: null };
  const res = await reportApi(context, ctx).reportCategory(category.api, ctx.barcode);
  return { title, ...answerStatus(ctx, res), view: isOk(res) ? res.data : null };
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { ctx } = useReportLayoutData();
  const { status, message, view } = loaderData;
  if (status !== 'out' || !view) {
    return <ReportStatusView status={status === 'out' ? 'error' : status} loggedIn={ctx.loggedIn} message={message} />;
  }
  return <CategoryView view={view} />;
}
