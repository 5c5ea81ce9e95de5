import { isOk } from '@jiyin/contracts/envelope';
import type { ServiceKind, ServiceKitOffer } from '@jiyin/contracts/shop';
import { App, Button, Empty, Tag } from 'antd';
import { useState } from 'react';
import { redirect, useNavigate } from 'react-router';
import { AppLink } from '../../components/AppLink.tsx';
import { apiClient } from '../../lib/api/index.ts';
import { formatPrice, pageTitle } from '../../lib/brand.ts';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { unwrap } from '../../lib/loaders.ts';
import type { Route } from './+types/service';

/** The three /buy pages for a kit the customer already has, by path (§2.1). */
const PAGES: Record<string, { kind: ServiceKind; title: string; intro: string; note: string }> = {
  '/buy/upgrade': {
    kind: 'upgrade',
    title: '升级全能版',
    intro: '已检测祖源版或特质版的检测人，可用同一份芯片数据升级为全能版报告，无需再次采样。',
    note: '支付成功后立即开放全能版的全部报告模块；原有报告内容保留不变。',
  },
  '/buy/speed-package': {
    kind: 'speed',
    title: '加急检测',
    intro: '为已绑定、尚未出报告的采样盒购买加急服务，样本到达实验室后优先检测、优先出具报告。',
    note: '报告已出的采样盒无需也不能加急。加急不改变检测流程和质量标准。',
  },
  '/buy/y-full-no-return': {
    kind: 'noReturn',
    title: 'Y 染色体全序列（免回寄）',
    intro: '不寄新的采样盒：实验室使用你此前芯片检测时留存的 DNA 样本进行 Y 染色体深度测序。',
    note: '已有的芯片数据只用于确认检测人与样本（男性、芯片检测），不会用芯片数据推算全 Y 结果；若留存样本不足以测序，客服会联系你改为寄送采样盒或全额退款。',
  },
};

export async function loader({ context, request }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  const page = PAGES[path] ?? PAGES['/buy/upgrade'];
  const { list, yfullOwner } = unwrap(await apiClient(context.api).serviceOffers(page.kind));
  // §6: an owner of a Y full-sequencing kit buys another on /buy/y-full.
  if (yfullOwner) throw redirect('/buy/y-full');
  return { path, list };
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: pageTitle(PAGES[data?.path ?? '']?.title ?? '购买服务') }];

function KitCard({ kit, busy, onBuy }: { kit: ServiceKitOffer; busy: boolean; onBuy: () => void }) {
  return (
    <li className="service-kit" data-testid="service-kit" data-barcode={kit.barcode}>
      <div className="service-kit__who">
        <strong>{kit.personName}</strong>
        <span className="muted">
          {kit.productName} · {kit.barcode}
        </span>
        <span>
          {kit.hasReport ? <Tag color="green">报告已出</Tag> : <Tag>检测中</Tag>}
          {kit.expedited && <Tag color="red">已加急</Tag>}
        </span>
      </div>
      {kit.offer ? (
        <div className="service-kit__offer">
          <div>
            <div>{kit.offer.name}</div>
            <strong className="price">{formatPrice(kit.offer.price)}</strong>
            {kit.offer.originalPrice > kit.offer.price && <s className="muted"> {formatPrice(kit.offer.originalPrice)}</s>}
          </div>
          <Button type="primary" loading={busy} onClick={onBuy}>
            {kit.openOrderId ? '继续支付' : '立即购买'}
          </Button>
        </div>
      ) : (
        <p className="muted service-kit__refusal">{kit.refusal}</p>
      )}
    </li>
  );
}

/** §2.1 /buy/upgrade, /buy/speed-package, /buy/y-full-no-return: pick one of your kits; the server prices and checks it. */
export default function BuyService({ loaderData: { path, list } }: Route.ComponentProps) {
  const page = PAGES[path] ?? PAGES['/buy/upgrade'];
  const api = useBrowserApi();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);
  // One key per visit and kit: a double click or a retried request makes one order.
  const [keys] = useState(() => new Map<string, string>());

  const buy = async (kit: ServiceKitOffer) => {
    if (kit.openOrderId) return navigate(`/user/orders/${kit.openOrderId}`);
    const idempotencyKey = keys.get(kit.barcode) ?? crypto.randomUUID();
    keys.set(kit.barcode, idempotencyKey);
    setBusy(kit.barcode);
    const res = await api.createServiceOrder(page.kind, { barcode: kit.barcode, idempotencyKey });
    setBusy(null);
    if (!isOk(res)) return message.error(res.msg);
    navigate(`/user/orders/${res.data.id}`);
  };

  return (
    <div className="container buy-service" data-testid="buy-service">
      <h1>{page.title}</h1>
      <p>{page.intro}</p>
      {list.length ? (
        <ul className="service-kits">
          {list.map((kit) => (
            <KitCard key={kit.barcode} kit={kit} busy={busy === kit.barcode} onBuy={() => buy(kit)} />
          ))}
        </ul>
      ) : (
        <Empty description="你还没有已绑定检测人的采样盒">
          <AppLink to="/user/persons">去绑定采样盒</AppLink>
        </Empty>
      )}
      <p className="muted">{page.note}</p>
      <p className="muted">价格以商品目录为准，由服务器在下单时计算；只能为你自己账户下的检测人购买。</p>
    </div>
  );
}
