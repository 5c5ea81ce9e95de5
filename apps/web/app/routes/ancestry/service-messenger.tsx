import { isOk } from '@jiyin/contracts/envelope';
import type { ChatThreadView } from '@jiyin/contracts/social';
import { Alert, Result } from 'antd';
import { apiClient } from '../../lib/api/index.ts';
import { pageTitle } from '../../lib/brand.ts';
import '../../components/trees/trees.css';
import type { Route } from './+types/service-messenger';
import { LinkButton } from '../../components/LinkButton.tsx';

export const meta = () => [{ title: pageTitle('联系家族成员') }];

/**
 * §2.1 /ancestry/service/messenger?to_user_id=&to_user_dpid=&to_user_barcode=: contact goes through the
 * private messages, which exist only between consenting gene relatives (§7.7); an existing thread with
 * the named member opens, anything else says plainly that contact is not open.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams;
  const target = { id: q.get('to_user_id'), dpId: q.get('to_user_dpid'), barcode: q.get('to_user_barcode') };
  const api = apiClient(context.api);
  const user = await api.userInfo();
  if (!isOk(user)) return { signedIn: false, target, thread: null as ChatThreadView | null };
  let thread: ChatThreadView | null = null;
  // Threads come 10 a page; a user's relatives are few, so a handful of pages covers them.
  for (let page = 1; page <= 10 && !thread; page++) {
    const res = await api.messageThreads(page);
    if (!isOk(res)) break;
    thread =
      res.data.list.find(
        (t) =>
          (target.id && t.toUser.id === target.id) ||
          (target.barcode && t.toUser.barcode === target.barcode) ||
          (target.dpId && t.toUser.id === target.dpId),
      ) ?? null;
    if (res.data.list.length < 10) break;
  }
  return { signedIn: true, target, thread };
}

export default function Messenger({ loaderData }: Route.ComponentProps) {
  const { signedIn, target, thread } = loaderData;
  const from = `/ancestry/service/messenger?${new URLSearchParams(Object.entries({ to_user_id: target.id, to_user_dpid: target.dpId, to_user_barcode: target.barcode }).filter((e): e is [string, string] => Boolean(e[1]))).toString()}`;
  return (
    <div className="service-page">
      <h1>联系家族成员</h1>
      {!signedIn ? (
        <Alert
          type="info"
          showIcon
          message="登录后才能联系家族成员"
          action={
            <LinkButton to={`/auth/signin?from=${encodeURIComponent(from)}`} type="primary">
              登录
            </LinkButton>
          }
        />
      ) : thread ? (
        <Result
          status="success"
          title={`与 ${thread.toUser.name} 的私信`}
          subTitle="你们互为基因亲人，可以通过私信联系。"
          extra={
            <LinkButton to="/user/messages" type="primary">
              打开私信
            </LinkButton>
          }
        />
      ) : (
        <Result
          status="info"
          title="暂未开放"
          subTitle="只能与同意参与基因亲人的亲人互发私信。请从基因亲人详情页发起私信，或通过寻亲平台登记线索。"
          extra={[
            <LinkButton key="rel" to="/report/gene-relatives" type="primary">
              查看基因亲人
            </LinkButton>,
            <LinkButton key="reunion" to="/ancestry/reunion/platform">
              寻亲平台
            </LinkButton>,
          ]}
        />
      )}
    </div>
  );
}
