import { isOk } from '@jiyin/contracts/envelope';
import { signinPath } from '@jiyin/contracts/guards';
import { Statistic } from 'antd';
import { ActivityHero, NoActivity } from '../../../components/fission/Activity.tsx';
import { AppLink } from '../../../components/AppLink.tsx';
import { apiClient } from '../../../lib/api/index.ts';
import { formatPrice, pageTitle } from '../../../lib/brand.ts';
import type { Route } from './+types/index';
import { LinkButton } from '../../../components/LinkButton.tsx';

export const meta = () => [{ title: pageTitle('邀请有礼') }];

/** §2.4 /webview/fission: the running referral campaign, and the signed-in user's code and earnings. */
export async function loader({ context }: Route.LoaderArgs) {
  const api = apiClient(context.api);
  const [current, me] = await Promise.all([api.currentActivities('fission'), api.fissionMe()]);
  return { activity: isOk(current) ? (current.data.list[0] ?? null) : null, me: isOk(me) ? me.data : null };
}

export default function FissionHome({ loaderData }: Route.ComponentProps) {
  const { activity, me } = loaderData;
  if (!activity) return <NoActivity text="当前没有进行中的邀请活动" />;
  return (
    <div className="container fission">
      <ActivityHero activity={activity} />
      <p>{activity.description}</p>
      {me ? (
        <section className="fission-card" data-testid="fission-me">
          <div className="fission-stats">
            <Statistic title="已邀请好友" value={me.invitees.length} suffix="人" />
            <Statistic title="累计奖励" value={formatPrice(me.rewardTotal)} />
          </div>
          <p>
            我的邀请码 <strong className="fission-code">{me.code}</strong>
          </p>
          <LinkButton to="/webview/fission/invitation-friend" type="primary" block size="large">
            邀请好友
          </LinkButton>
        </section>
      ) : (
        <LinkButton to={signinPath('/webview/fission')} type="primary" block size="large">
          登录后邀请好友
        </LinkButton>
      )}
      <nav className="fission-links">
        <AppLink to="/webview/fission/invitation-rule">邀请规则</AppLink>
        <AppLink to="/webview/fission/rule">活动规则</AppLink>
        <AppLink to={`/webview/fission/project-detail?id=${activity.id}`}>活动详情</AppLink>
      </nav>
    </div>
  );
}
