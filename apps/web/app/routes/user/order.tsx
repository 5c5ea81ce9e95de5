import { isOk } from '@jiyin/contracts/envelope';
import { CODES } from '@jiyin/contracts/codes';
import { signinPath } from '@jiyin/contracts/guards';
import {
  canHide,
  ORDER_PAY_WINDOW_MS,
  PAY_TYPE_LABELS,
  type OrderView,
  type PayType,
  type PayResult,
  type PayStart,
  type WechatJsapiParams,
  wechatPayResult,
} from '@jiyin/contracts/shop';
import { App, Button, Descriptions, Popconfirm } from 'antd';
import { useState } from 'react';
import { data, useLocation, useNavigate, useRevalidator } from 'react-router';
import { DevCashier } from '../../components/shop/DevCashier.tsx';
import { OrderStateTag } from '../../components/shop/OrderStateTag.tsx';
import { PriceLines } from '../../components/shop/PriceLines.tsx';
import { apiClient } from '../../lib/api/index.ts';
import { formatPrice, pageTitle } from '../../lib/brand.ts';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { formatBeijingTime } from '../../lib/dates.ts';
import { unwrap } from '../../lib/loaders.ts';
import { useRootData } from '../../lib/rootData.ts';
import type { Route } from './+types/order';
import { LinkButton } from '../../components/LinkButton.tsx';

export async function loader({ context, params }: Route.LoaderArgs) {
  const api = apiClient(context.api);
  const res = await api.order(params.id);
  // §6: order-detail paths are open; a visitor is asked to sign in here rather than redirected.
  if (res.code === CODES.NOT_LOGGED_IN.code) return null;
  if (res.code === CODES.BAD_REQUEST.code) throw data(null, { status: 404 });
  const order = unwrap(res);
  const types = order.state === 'created' ? await api.payTypes() : null;
  return { order, payTypes: types && isOk(types) ? types.data.list : [] };
}

export const meta = () => [{ title: pageTitle('订单详情') }];

const PAY_MESSAGES: Record<PayResult, string> = { ok: '支付成功', fail: '支付失败，请重试', cancel: '已取消支付' };

type WeixinBridge = { invoke(name: string, params: WechatJsapiParams, cb: (res: { err_msg?: string }) => void): void };

/** WeChat Pay JSAPI inside the messaging app's browser (§4 results ok, fail, cancel). */
function payInMessagingApp(params: WechatJsapiParams): Promise<PayResult> {
  const bridge = (window as { WeixinJSBridge?: WeixinBridge }).WeixinJSBridge;
  if (!bridge) return Promise.resolve('fail');
  return new Promise((resolve) => bridge.invoke('getBrandWCPayRequest', params, (r) => resolve(wechatPayResult(r.err_msg))));
}

/** §2.3 order detail: what was bought, where it goes, paying, cancelling (with refund), invoice, hiding. */
export default function OrderDetailPage({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const { device } = useRootData();
  // JSAPI pay exists only in the messaging app's own browser; a mini-program's web view has no WeixinJSBridge pay.
  const canPayInPlace = device.isWechat && !device.isMiniProgram;
  if (!loaderData) {
    return (
      <div className="user-panel" data-testid="order-signin">
        <h2>订单详情</h2>
        <p>请登录下单时使用的账号后查看订单。</p>
        <LinkButton to={signinPath(pathname)} type="primary">
          登录
        </LinkButton>
      </div>
    );
  }
  return <OrderDetail order={loaderData.order} payTypes={loaderData.payTypes.filter((t) => t !== 'wechat' || canPayInPlace)} />;
}

function OrderDetail({ order, payTypes }: { order: OrderView; payTypes: PayType[] }) {
  const api = useBrowserApi();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const { message } = App.useApp();
  const [payment, setPayment] = useState<PayStart | null>(null);
  const [busy, setBusy] = useState(false);

  const startPay = async (payType: PayType) => {
    setBusy(true);
    const res = await api.pay(order.id, payType);
    setBusy(false);
    if (!isOk(res)) return message.error(res.msg);
    // A provider's cashier is its own page; the messaging app pays in place; the development cashier is a dialog here.
    if (res.data.redirectUrl) return window.location.assign(res.data.redirectUrl);
    if (res.data.jsapi) {
      const result = await payInMessagingApp(res.data.jsapi);
      (result === 'ok' ? message.success : message.info)(PAY_MESSAGES[result]);
      // The notification, not the page, settles the order: show what the server knows.
      return revalidate();
    }
    setPayment(res.data);
  };
  const finishPay = async (result: PayResult) => {
    if (!payment) return;
    setBusy(true);
    const res = await api.devPaySimulate(payment.paymentId, result);
    setBusy(false);
    setPayment(null);
    if (res.code !== 0) return message.error(res.msg);
    (result === 'ok' ? message.success : message.info)(PAY_MESSAGES[result]);
    await revalidate();
  };
  const setStatus = async (status: 'cancelled' | 'hidden') => {
    const res = await api.setOrderStatus(order.id, status);
    if (!isOk(res)) return message.error(res.msg);
    if (status === 'hidden') {
      message.success('订单已删除');
      return navigate('/user/orders');
    }
    message.success(res.data.state === 'refunded' ? '订单已取消，款项已原路退回' : '订单已取消');
    await revalidate();
  };

  return (
    <div className="user-panel order-detail" data-testid="order-detail">
      <div className="user-panel__head">
        <h2>订单详情</h2>
        <OrderStateTag state={order.state} service={order.targetBarcode !== null} />
      </div>
      <div className="order-line">
        {order.skuPicture && <img src={order.skuPicture} alt="" width={64} height={64} />}
        <div>
          <strong>{order.productName}</strong>
          <div className="muted">数量 {order.count}</div>
        </div>
      </div>
      <PriceLines price={order} />
      <Descriptions column={1} size="small" bordered className="section-gap">
        <Descriptions.Item label="订单编号">{order.id}</Descriptions.Item>
        <Descriptions.Item label="下单时间">{formatBeijingTime(order.createdAt)}</Descriptions.Item>
        {order.paidAt && <Descriptions.Item label="支付时间">{formatBeijingTime(order.paidAt)}</Descriptions.Item>}
        {order.address ? (
          <Descriptions.Item label="收货信息">
            {order.address.receiver} {order.address.phone}
            <br />
            {order.address.region} {order.address.detail}
          </Descriptions.Item>
        ) : (
          <Descriptions.Item label="服务的采样盒">{order.targetBarcode}（无需寄送）</Descriptions.Item>
        )}
        {order.payment?.refunded && <Descriptions.Item label="退款">已原路退回 {formatPrice(order.total)}</Descriptions.Item>}
        {order.invoice && (
          <Descriptions.Item label="发票">
            {order.invoice.info.companyName}（{order.invoice.info.invoiceContent}），将发送至 {order.invoice.email}
          </Descriptions.Item>
        )}
      </Descriptions>
      {order.state === 'created' && <p className="muted">请在下单后 {ORDER_PAY_WINDOW_MS / 60_000} 分钟内完成支付，超时订单将自动取消。</p>}
      <div className="order-detail__actions">
        {order.state === 'created' &&
          payTypes.map((t, i) => (
            <Button key={t} type={i === 0 ? 'primary' : 'default'} loading={busy} onClick={() => startPay(t)}>
              {payTypes.length > 1 ? PAY_TYPE_LABELS[t] : '立即支付'}
            </Button>
          ))}
        {order.state === 'created' && !payTypes.length && <span className="muted">在线支付暂未开通，请联系客服</span>}
        {(order.state === 'created' || order.state === 'paid') && (
          <Popconfirm
            title={order.state === 'paid' ? '取消订单后款项将原路退回，确定取消吗？' : '确定取消该订单吗？'}
            okText="确定取消"
            cancelText="再想想"
            onConfirm={() => setStatus('cancelled')}
          >
            <Button danger>{order.state === 'paid' ? '取消订单并退款' : '取消订单'}</Button>
          </Popconfirm>
        )}
        {!order.invoice && ['paid', 'shipped', 'bound', 'done'].includes(order.state) && (
          <LinkButton to={`/buy/invoice?orderId=${order.id}`}>申请发票</LinkButton>
        )}
        {canHide(order.state) && (
          <Popconfirm
            title="删除后订单不再显示在列表中，确定删除吗？"
            okText="删除"
            cancelText="取消"
            onConfirm={() => setStatus('hidden')}
          >
            <Button>删除订单</Button>
          </Popconfirm>
        )}
        <LinkButton to="/user/orders" type="link">
          返回订单列表
        </LinkButton>
      </div>
      <DevCashier payment={payment} busy={busy} onResult={finishPay} />
    </div>
  );
}
