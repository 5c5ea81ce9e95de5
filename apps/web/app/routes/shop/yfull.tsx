import { isOk } from '@jiyin/contracts/envelope';
import { yfullShopPath } from '@jiyin/contracts/shop';
import { Alert } from 'antd';
import { redirect } from 'react-router';
import { AppLink } from '../../components/AppLink.tsx';
import { ProductCard } from '../../components/ProductCard.tsx';
import { apiClient } from '../../lib/api/index.ts';
import { pageTitle } from '../../lib/brand.ts';
import { unwrap } from '../../lib/loaders.ts';
import { pickBarcode, readCookie, switcherEntries } from '../../lib/reportContext.ts';
import { COOKIES } from '@jiyin/contracts/constants';
import type { Route } from './+types/yfull';

/** The current person's sex and product type, or null for a visitor or a user without a detection. */
async function currentDetection(api: ReturnType<typeof apiClient>, request: Request) {
  const res = await api.persons();
  if (!isOk(res)) return null;
  const barcode = pickBarcode(
    switcherEntries(res.data.list),
    new URL(request.url).searchParams.get('barcode'),
    readCookie(request.headers.get('cookie'), COOKIES.barcode.name),
  );
  for (const p of res.data.list) {
    const d = p.detections.find((x) => x.barcode === barcode);
    if (d) return { gender: p.gender, productType: d.product.type };
  }
  return null;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const api = apiClient(context.api);
  const noReport = new URL(request.url).pathname.startsWith('/shop/yfull-noreport');
  // §6: only /shop/yfull checks the person; the no-report page is open to everyone.
  if (!noReport && yfullShopPath(await currentDetection(api, request)) !== '/shop/yfull') throw redirect('/shop/yfull-noreport');
  const [product] = unwrap(await api.commodityList(['y_full'])).list;
  return { product: product ?? null, noReport };
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Y 染色体全序列') }];

/** §2.1 /shop/yfull and /shop/yfull-noreport: the full Y-chromosome sequencing product. */
export default function YFull({ loaderData: { product, noReport } }: Route.ComponentProps) {
  return (
    <div className="container shop-page" data-testid="shop-yfull">
      <h1>Y 染色体全序列</h1>
      <p className="muted">对 Y 染色体进行深度测序，检出你独有的父系突变，把父系分支定位到最新的末端，并与同一分支的宗亲比较分支年代。</p>
      {noReport ? (
        <Alert
          type="info"
          showIcon
          message="你当前还没有芯片检测报告"
          description={
            <>
              购买后我们会寄出采样盒，采样寄回后完成测序。已有检测报告的用户，请先<AppLink to="/user/persons">绑定采样盒</AppLink>或
              <AppLink to="/import/chip">导入芯片数据</AppLink>。
            </>
          }
        />
      ) : (
        <Alert type="success" showIcon message="你已有芯片检测报告：测序结果会与现有父系单倍群对照，直接更新你的父系分支。" />
      )}
      {product ? (
        <div className="shop-page__product">
          <ProductCard product={product} detailed />
        </div>
      ) : (
        <p className="muted">该产品暂未开售。</p>
      )}
    </div>
  );
}
