import { isOk } from '@jiyin/contracts/envelope';
import { ActivityPeriod, NoActivity } from '../../../components/fission/Activity.tsx';
import { apiClient } from '../../../lib/api/index.ts';
import { pageTitle } from '../../../lib/brand.ts';
import type { Route } from './+types/rule';

export const meta = () => [{ title: pageTitle('活动规则') }];

export async function loader({ context }: Route.LoaderArgs) {
  const res = await apiClient(context.api).currentActivities('fission');
  return { activity: isOk(res) ? (res.data.list[0] ?? null) : null };
}

/** §2.4 /webview/fission/rule: the running campaign's own rules, as staff wrote them. */
export default function ActivityRule({ loaderData }: Route.ComponentProps) {
  const { activity } = loaderData;
  if (!activity) return <NoActivity text="当前没有进行中的邀请活动" />;
  return (
    <div className="container fission" data-testid="activity-rule">
      <h1>活动规则</h1>
      <h2>{activity.title}</h2>
      <ActivityPeriod activity={activity} />
      <div className="fission-text">{activity.rules}</div>
    </div>
  );
}
