import { COUPON_STATUSES, type CouponStatus } from '@jiyin/contracts/shop';
import { Empty, Segmented } from 'antd';
import { useNavigate } from 'react-router';
import { AppLink } from '../../../components/AppLink.tsx';
import { CouponCard } from '../../../components/shop/CouponCard.tsx';
import { apiClient } from '../../../lib/api/index.ts';
import { pageTitle } from '../../../lib/brand.ts';
import { SignInPrompt, signedIn } from '../../../lib/webview.tsx';
import type { Route } from './+types/index';

const TABS: { label: string; value: CouponStatus }[] = [
  { label: '可使用', value: 'unused' },
  { label: '已使用', value: 'used' },
  { label: '已过期', value: 'expired' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get('status');
  const status = COUPON_STATUSES.find((s) => s === asked) ?? 'unused';
  const res = signedIn(await apiClient(context.api).coupons(status), request, context);
  return { status, signin: res.signin, list: res.data?.list ?? [] };
}

export const meta = () => [{ title: pageTitle('优惠券') }];

/** §2.4 /webview/coupon: the user's coupons by status, in the app's web view. */
export default function WebviewCoupons({ loaderData: { status, signin, list } }: Route.ComponentProps) {
  const navigate = useNavigate();
  if (signin !== null) return <SignInPrompt signin={signin} />;
  return (
    <div className="wv-page" data-testid="webview-coupons">
      <Segmented block value={status} options={TABS} onChange={(v) => navigate(`/webview/coupon?status=${v}`, { replace: true })} />
      <div className="wv-coupons">
        {list.length === 0 ? <Empty description="暂无优惠券" /> : list.map((c) => <CouponCard key={c.id} coupon={c} />)}
      </div>
      <nav className="wv-links">
        <AppLink to="/webview/coupon/protocol">优惠券使用说明</AppLink>
      </nav>
    </div>
  );
}
