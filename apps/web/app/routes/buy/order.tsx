import { isOk } from '@jiyin/contracts/envelope';
import { type CouponView, MAX_ORDER_COUNT, quote, STANDARD_CHOICE_TAGS, standardPriceRange } from '@jiyin/contracts/shop';
import { App, Button, InputNumber, Radio, Select } from 'antd';
import { useEffect, useState } from 'react';
import { data, useNavigate } from 'react-router';
import { AppLink } from '../../components/AppLink.tsx';
import { AddressBook } from '../../components/user/AddressBook.tsx';
import { PriceLines } from '../../components/shop/PriceLines.tsx';
import { apiClient } from '../../lib/api/index.ts';
import { formatPrice, pageTitle } from '../../lib/brand.ts';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { unwrap } from '../../lib/loaders.ts';
import type { Route } from './+types/order';

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const products = unwrap(await apiClient(context.api).commodityList()).list;
  const url = new URL(request.url);
  // §2.1 /buy/y-full buys the Y full-sequencing product (commodity tag y_full).
  const yfull = url.pathname === '/buy/y-full';
  // /buy/standard/order has no productId: it offers the versions whose price range §9 gives.
  const standard = !params.productId && !yfull;
  const choices = yfull
    ? products.filter((p) => p.commodityTag === 'y_full')
    : standard
      ? products.filter((p) => (STANDARD_CHOICE_TAGS as readonly string[]).includes(p.commodityTag))
      : products.filter((p) => p.id === params.productId);
  if (!choices.some((p) => p.skuInfos.length)) throw data(null, { status: 404 });
  const asked = Number(url.searchParams.get('count'));
  const count = Number.isInteger(asked) ? Math.min(Math.max(asked, 1), MAX_ORDER_COUNT) : 1;
  return { choices, count, range: standard ? standardPriceRange(products) : null };
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('确认订单') }];

/** §2.1 /buy/{productId}/order, /buy/standard/order and /buy/y-full: version, quantity, address; the server prices it. */
export default function BuyOrder({ loaderData: { choices, count: initialCount, range } }: Route.ComponentProps) {
  const api = useBrowserApi();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [productId, setProductId] = useState(choices[0].id);
  const [count, setCount] = useState(initialCount);
  const [addressId, setAddressId] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // One key per visit of this page: a double click or a retried request makes one order.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const product = choices.find((p) => p.id === productId) ?? choices[0];
  const sku = product.skuInfos[0];
  // Usable coupons come from the server for this very purchase, best first; the best is preselected.
  const [coupons, setCoupons] = useState<(CouponView & { discount: number })[]>([]);
  const [couponId, setCouponId] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void api.recommendCoupons({ productId: product.id, sku: sku.sku, count }).then((res) => {
      if (!live) return;
      const list = isOk(res) ? res.data.list : [];
      setCoupons(list);
      setCouponId(list[0]?.id ?? null);
    });
    return () => {
      live = false;
    };
  }, [api, product.id, sku.sku, count]);
  const coupon = coupons.find((c) => c.id === couponId);
  const price = quote(product, sku.sku, count, coupon?.discount ?? 0);

  const submit = async () => {
    if (!addressId) return message.error('请先添加收货地址');
    setSubmitting(true);
    const res = await api.createOrder({ productId: product.id, sku: sku.sku, count, addressId, couponId: coupon?.id, idempotencyKey });
    setSubmitting(false);
    if (!isOk(res)) return message.error(res.msg);
    navigate(`/user/orders/${res.data.id}`);
  };

  return (
    <div className="container buy-order" data-testid="buy-order">
      <h1>确认订单</h1>
      {range && (
        <p className="muted">
          全能版系列 {formatPrice(range.min)} – {formatPrice(range.max)}，按所选版本计价
        </p>
      )}
      <section className="buy-order__product">
        <img src={sku.skuPicture} alt="" width={96} height={96} />
        <div>
          <h2>{product.name}</h2>
          <p className="muted">{product.summary}</p>
          {choices.length > 1 && (
            <Radio.Group
              className="buy-order__versions"
              value={productId}
              onChange={(e) => setProductId(e.target.value)}
              options={choices.map((p) => ({ label: `${p.name} ${formatPrice(p.skuInfos[0]?.actualPrice ?? 0)}`, value: p.id }))}
            />
          )}
        </div>
      </section>
      <section className="buy-order__count">
        <span>数量</span>
        <InputNumber
          min={1}
          max={MAX_ORDER_COUNT}
          precision={0}
          value={count}
          onChange={(v) => setCount(Math.min(Math.max(Math.trunc(v ?? 1), 1), MAX_ORDER_COUNT))}
          aria-label="数量"
        />
        {product.packages
          .filter((t) => t.promotion)
          .map((t) => (
            <span key={t.minCount} className="muted">
              {t.minCount} 件{t === product.packages.at(-1) ? '及以上' : ''}：{t.promotion}
            </span>
          ))}
      </section>
      <section className="buy-order__coupon">
        <span>优惠券</span>
        <Select
          aria-label="优惠券"
          value={couponId ?? ''}
          onChange={(v) => setCouponId(v || null)}
          options={[
            { label: coupons.length ? '不使用优惠券' : '暂无可用优惠券', value: '' },
            ...coupons.map((c) => ({ label: `${c.title}（-${formatPrice(c.discount)}）`, value: c.id })),
          ]}
        />
        <AppLink to="/user/coupon">兑换优惠券</AppLink>
      </section>
      <AddressBook selected={addressId} onSelect={setAddressId} />
      {price && <PriceLines price={price} />}
      <div className="buy-order__submit">
        <span>
          应付 <strong className="price">{price ? formatPrice(price.total) : '—'}</strong>
        </span>
        <Button type="primary" size="large" loading={submitting} disabled={!addressId} onClick={submit}>
          提交订单
        </Button>
      </div>
      <p className="muted">价格以提交时服务器计算为准；采样盒含往返快递。</p>
    </div>
  );
}
