import { isOk } from '@jiyin/contracts/envelope';
import { apiClient } from '../../../lib/api/index.ts';
import { formatPrice, pageTitle } from '../../../lib/brand.ts';
import type { Route } from './+types/invitation-rule';

export const meta = () => [{ title: pageTitle('邀请规则') }];

export async function loader({ context }: Route.LoaderArgs) {
  const res = await apiClient(context.api).currentActivities('fission');
  return { reward: isOk(res) ? (res.data.list[0]?.rewardAmount ?? null) : null };
}

/** §2.4 /webview/fission/invitation-rule: how an invitation counts, as the server applies it. */
export default function InvitationRule({ loaderData }: Route.ComponentProps) {
  const reward = loaderData.reward === null ? '活动规定的奖励' : formatPrice(loaderData.reward);
  return (
    <div className="container fission" data-testid="invitation-rule">
      <h1>邀请规则</h1>
      <ol className="fission-rules">
        <li>好友通过你的邀请码或邀请链接接受邀请，接受邀请前未在本站下过单。</li>
        <li>每位好友只能接受一次邀请，不能邀请自己。</li>
        <li>好友在活动期间下单，订单完成（检测完成）后，每笔订单奖励 {reward}，记入你的账户余额。</li>
        <li>订单取消或退款的，不发放奖励；同一笔订单只奖励一次。</li>
        <li>余额可在“我的余额”中查看和提现。</li>
      </ol>
    </div>
  );
}
