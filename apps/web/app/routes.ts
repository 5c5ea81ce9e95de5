import { type RouteConfig, layout, route } from '@react-router/dev/routes';
import { type LayoutId, PAGE_ROUTES, routeId } from '@jiyin/contracts/routes';
import { PENDING_ROUTES } from './routes.pending.ts';

/** Routes with a real page, by path; every other route of the table is in routes.pending.ts. */
export const REAL_PAGES: Record<string, string> = {
  '/': 'routes/home.tsx',
  '/topics': 'routes/topic.tsx',
  '/topics/disease': 'routes/topic.tsx',
  '/topics/ancestry': 'routes/topic.tsx',
  '/topics/drugs': 'routes/topic.tsx',
  '/topics/traits': 'routes/topic.tsx',
  '/topics/fitness': 'routes/topic.tsx',
  '/topics/carrier-status': 'routes/topic.tsx',
  '/white-papers': 'routes/topic.tsx',
  '/irb': 'routes/topic.tsx',
  '/protocol/user': 'routes/topic.tsx',
  '/app': 'routes/topic.tsx',
  '/shop/gene/product-select': 'routes/product-select.tsx',
  '/shop/yfull': 'routes/shop/yfull.tsx',
  '/shop/yfull-noreport': 'routes/shop/yfull.tsx',
  '/shop/ngs': 'routes/shop/ngs.tsx',
  '/shop/group': 'routes/shop/group.tsx',
  '/buy/:productId/order': 'routes/buy/order.tsx',
  '/buy/standard/order': 'routes/buy/order.tsx',
  '/buy/invoice': 'routes/buy/invoice.tsx',
  '/user/orders': 'routes/user/orders.tsx',
  '/user/orders/:id': 'routes/user/order.tsx',
  '/user/coupon': 'routes/user/coupon.tsx',
  '/auth/signin': 'routes/auth/signin.tsx',
  '/auth/signup': 'routes/auth/signup.tsx',
  '/auth/modify': 'routes/auth/modify.tsx',
  '/auth/reset': 'routes/auth/reset.tsx',
  '/user': 'routes/user/home.tsx',
  '/user/persons': 'routes/user/persons.tsx',
  '/user/info': 'routes/user/info.tsx',
  '/user/settings': 'routes/user/settings.tsx',
  '/user/notices': 'routes/user/notices.tsx',
  '/user/messages': 'routes/user/messages.tsx',
  '/user/notification-center': 'routes/user/notification-center.tsx',
  '/notice': 'routes/user/notices.tsx',
  '/import': 'routes/import/index.tsx',
  '/import/chip': 'routes/import/chip.tsx',
  '/import/yfull': 'routes/import/yfull.tsx',
  '/webview/interlocution/privacy': 'routes/topic.tsx',
  '/webview/topics/ancestry': 'routes/topic.tsx',
  '/webview/topics/disease': 'routes/topic.tsx',
  '/webview/topics/drug': 'routes/topic.tsx',
  '/webview/topics/trait': 'routes/topic.tsx',
  '/webview/topics/fitness': 'routes/topic.tsx',
  '/webview/topics/carrier-status': 'routes/topic.tsx',
  '/report': 'routes/report/dashboard.tsx',
  '/report/overview': 'routes/report/overview.tsx',
  '/report/old-risk': 'routes/report/old-risk.tsx',
  '/report/disease': 'routes/report/category.tsx',
  '/report/disease/detail/:id': 'routes/report/detail.tsx',
  '/report/disease/lock-detail/:id?': 'routes/report/lock-detail.tsx',
  '/report/traits': 'routes/report/category.tsx',
  '/report/traits/detail/:id': 'routes/report/detail.tsx',
  '/report/traits/lock-detail/:id?': 'routes/report/lock-detail.tsx',
  '/report/carrier-status': 'routes/report/category.tsx',
  '/report/carrier-status/detail/:id': 'routes/report/detail.tsx',
  '/report/drug': 'routes/report/category.tsx',
  '/report/drug/class/:categoryId': 'routes/report/drug-class.tsx',
  '/report/drug/detail/:id': 'routes/report/detail.tsx',
  '/report/nutrition': 'routes/report/category.tsx',
  '/report/nutrition/detail/:id': 'routes/report/detail.tsx',
  '/report/fitness': 'routes/report/category.tsx',
  '/report/fitness/detail/:id?': 'routes/report/detail.tsx',
  '/report/fitness/lock-plan/slim': 'routes/report/lock-detail.tsx',
  '/report/tumor': 'routes/report/category.tsx',
  '/report/tumor/detail/:id?': 'routes/report/detail.tsx',
  '/report/tumor/lock-detail/:id?': 'routes/report/lock-detail.tsx',
  '/report/electronic-report': 'routes/report/electronic-report.tsx',
  '/ancestry/ytree': 'routes/ancestry/ytree.tsx',
  '/ancestry/family-tree': 'routes/ancestry/family-tree.tsx',
  '/ancestry/reunion/platform': 'routes/ancestry/reunion-platform.tsx',
  '/ancestry/reunion': 'routes/ancestry/reunion.tsx',
  '/ancestry/reunion/list': 'routes/ancestry/reunion-list.tsx',
  '/ancestry/reunion/edit/:id?': 'routes/ancestry/reunion-edit.tsx',
  '/ancestry/service': 'routes/ancestry/service.tsx',
  '/ancestry/service/messenger': 'routes/ancestry/service-messenger.tsx',
  '/genestory': 'routes/genestory.tsx',
  '/report/ancestry': 'routes/report/ancestry/index.tsx',
  '/report/ancestry/nation': 'routes/report/ancestry/nation.tsx',
  '/report/ancestry/nation/detail': 'routes/report/ancestry/nation.tsx',
  '/report/ancestry/paternal': 'routes/report/ancestry/line.tsx',
  '/report/ancestry/maternal': 'routes/report/ancestry/line.tsx',
  '/report/ancestry/eastern-zhou': 'routes/report/ancestry/lineage-tree.tsx',
  '/report/ancestry/neolithic': 'routes/report/ancestry/lineage-tree.tsx',
  '/report/ancestry/family': 'routes/report/origin/family.tsx',
  '/report/ancestry/more-clues': 'routes/report/origin/more-clues.tsx',
  '/report/ancestry/gene-relatives-distribution': 'routes/report/origin/distribution.tsx',
  '/report/ancestry/gene-relatives-distribution/city-list': 'routes/report/origin/city-list.tsx',
  '/report/gene-origin': 'routes/report/origin/gene-origin.tsx',
  '/report/gene-origin/common-list': 'routes/report/origin/common-list.tsx',
  '/report/gene-origin/common-origin': 'routes/report/origin/common-origin.tsx',
  '/report/gene-origin/detail': 'routes/report/origin/detail.tsx',
  '/report/gene-origin/my-origin': 'routes/report/origin/my-origin.tsx',
  '/report/gene-origin/protocal': 'routes/report/origin/protocal.tsx',
  '/report/gene-relatives': 'routes/report/relatives/list.tsx',
  '/report/gene-relatives/protocol': 'routes/report/relatives/protocol.tsx',
  '/report/gene-relatives/detail/:id?': 'routes/report/relatives/detail.tsx',
};

const LAYOUT_FILES: Record<LayoutId, string> = {
  default: 'layouts/default.tsx',
  'default-gray': 'layouts/default-gray.tsx',
  'mobile-only-view': 'layouts/mobile-only-view.tsx',
  report: 'layouts/report.tsx',
  'user-home': 'layouts/user-home.tsx',
};

const pending = new Set(PENDING_ROUTES);

function pageFile(path: string): string {
  const real = REAL_PAGES[path];
  if (real && pending.has(path)) throw new Error(`route ${path} is both real and pending`);
  if (real) return real;
  if (pending.has(path)) return 'routes/pending.tsx';
  throw new Error(`route ${path} has no page: add it to REAL_PAGES or routes.pending.ts`);
}

/** §2.1–§2.4, grouped by layout (§2.6); the splat renders the 404 page inside the default layout. */
export default [
  ...(Object.keys(LAYOUT_FILES) as LayoutId[]).map((id) =>
    layout(
      LAYOUT_FILES[id],
      { id: `layout.${id}` },
      PAGE_ROUTES.filter((r) => r.layout === id).map((r) => route(r.path, pageFile(r.path), { id: routeId(r.path) })),
    ),
  ),
  route('*', 'routes/not-found.tsx', { id: 'not-found' }),
] satisfies RouteConfig;
