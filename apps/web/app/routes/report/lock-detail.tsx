import { LockOutlined } from '@ant-design/icons';
import { isOk } from '@jiyin/contracts/envelope';
import { PRODUCT_STATUS } from '@jiyin/contracts/reportApi';
import { Button, Result } from 'antd';
import { data } from 'react-router';
import { Crumbs } from '../../components/report/CategoryView.tsx';
import { ItemList } from '../../components/report/ItemList.tsx';
import { ReportLink } from '../../components/report/ReportLink.tsx';
import { ReportStatusView } from '../../components/report/ReportStatusView.tsx';
import { pageTitle } from '../../lib/brand.ts';
import { answerStatus, reportApi, reportContext } from '../../lib/reportContext.ts';
import { useReportLayoutData } from '../../lib/reportData.ts';
import { categoryOfPath, itemPath } from '../../lib/reportLevels.ts';
import type { Route } from './+types/lock-detail';
import { LinkButton } from '../../components/LinkButton.tsx';

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: pageTitle(loaderData?.title) }];

const SLIM_PLAN = '/report/fitness/lock-plan/slim';

/**
 * Locked content (§6 locked products): <category>/lock-detail/:id? for an item the product does not
 * unlock, and fitness/lock-plan/slim for the slimming plan. Says what is locked and how to unlock it.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const pathname = new URL(request.url).pathname;
  const category = categoryOfPath(pathname);
  if (!category) throw data(null, { status: 404 });
  const slim = pathname === SLIM_PLAN;
  const base = { page: category.page, slim, title: slim ? '减脂方案' : category.name, categoryName: category.name, item: null, view: null };
  const ctx = await reportContext(request, context);
  if (ctx.status !== 'out') return { ...base, status: ctx.status, message: ctx.statusMessage };
  const res = await reportApi(context, ctx).reportCategory(category.api, ctx.barcode);
  const view = isOk(res) ? res.data : null;
  const item = params.id ? (view?.items.find((i) => i.id === params.id) ?? null) : null;
  // An id the category does not hold is not found; without an id the page explains the category's lock.
  if (params.id && view && !item) return { ...base, status: 'notFound' as const, message: null };
  return { ...base, title: item?.title ?? base.title, ...answerStatus(ctx, res), item, view };
}

export default function LockDetailPage({ loaderData }: Route.ComponentProps) {
  const { ctx } = useReportLayoutData();
  const { status, message, item, view, slim, title, page, categoryName } = loaderData;
  if (status !== 'out' || !view) {
    return <ReportStatusView status={status === 'out' ? 'error' : status} loggedIn={ctx.loggedIn} message={message} />;
  }
  const unlocked = item && item.productStatus !== PRODUCT_STATUS.lock;
  const explanation = slim
    ? '减脂方案根据你的运动与代谢相关基因，给出饮食结构、运动方式和强度的个性化建议。升级产品后在 App 中解锁，可以按周跟踪执行。'
    : (item?.lockDescription ??
      `这一项属于升级内容：当前检测产品没有包含${item ? `「${item.title}」` : `${categoryName}的全部项目`}。升级产品后即可解锁，无需重新采样。`);
  return (
    <>
      <Crumbs trail={[{ to: '/report', label: '个人首页' }, { to: `/report/${page}`, label: categoryName }, { label: title }]} />
      <section className="report-section" data-testid="lock-detail">
        <Result
          icon={<LockOutlined style={{ color: '#faad14' }} />}
          title={unlocked ? `「${item.title}」已解锁` : `${title}尚未解锁`}
          subTitle={unlocked ? '你的检测产品已经包含这一项，可以直接查看。' : explanation}
          extra={
            unlocked ? (
              <ReportLink to={itemPath(view.category, item.id)}>
                <Button type="primary">查看结果</Button>
              </ReportLink>
            ) : (
              [
                // A visitor of the sample has nothing to upgrade yet: buying a kit unlocks it.
                ctx.mode === 'sample' ? (
                  <LinkButton key="buy" to="/shop/gene/product-select" type="primary">
                    购买检测
                  </LinkButton>
                ) : (
                  <LinkButton key="upgrade" to="/buy/upgrade" type="primary">
                    升级解锁
                  </LinkButton>
                ),
                <LinkButton key="app" to="/app">
                  在 App 中查看
                </LinkButton>,
              ]
            )
          }
        />
      </section>
      {slim && (
        <section className="report-section">
          <h2>你的运动健身结果</h2>
          <ItemList category={view.category} items={view.items} />
        </section>
      )}
    </>
  );
}
