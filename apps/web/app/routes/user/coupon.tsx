import { COUPON_STATUSES, type CouponStatus } from '@jiyin/contracts/shop';
import { isOk } from '@jiyin/contracts/envelope';
import { App, Button, Empty, Input, Segmented } from 'antd';
import { useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { CouponCard } from '../../components/shop/CouponCard.tsx';
import { apiClient } from '../../lib/api/index.ts';
import { pageTitle } from '../../lib/brand.ts';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { unwrap } from '../../lib/loaders.ts';
import type { Route } from './+types/coupon';

const TABS: { label: string; value: CouponStatus }[] = [
  { label: '可使用', value: 'unused' },
  { label: '已使用', value: 'used' },
  { label: '已过期', value: 'expired' },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get('status');
  const status = COUPON_STATUSES.find((s) => s === asked) ?? 'unused';
  return { status, list: unwrap(await apiClient(context.api).coupons(status)).list };
}

export const meta = () => [{ title: pageTitle('优惠券') }];

/** §2.3 /user/coupon: the user's coupons by status, and redeeming a code. */
export default function Coupons({ loaderData: { status, list } }: Route.ComponentProps) {
  const api = useBrowserApi();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const { message } = App.useApp();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  const redeem = async () => {
    setBusy(true);
    const res = await api.redeemCoupon(code);
    setBusy(false);
    if (!isOk(res)) return message.error(res.msg);
    message.success(`兑换成功：${res.data.title}`);
    setCode('');
    if (status === 'unused') await revalidate();
    else navigate('/user/coupon');
  };

  return (
    <div className="user-panel" data-testid="coupons">
      <h2>优惠券</h2>
      <div className="coupon-redeem">
        <Input
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder="输入兑换码"
          maxLength={32}
          aria-label="兑换码"
          onPressEnter={redeem}
        />
        <Button type="primary" loading={busy} disabled={!code.trim()} onClick={redeem}>
          兑换
        </Button>
      </div>
      <Segmented value={status} options={TABS} onChange={(v) => navigate(`/user/coupon?status=${v}`, { replace: true })} />
      <div className="coupon-list">
        {list.map((c) => (
          <CouponCard key={c.id} coupon={c} />
        ))}
      </div>
      {!list.length && <Empty description="暂无优惠券" />}
    </div>
  );
}
