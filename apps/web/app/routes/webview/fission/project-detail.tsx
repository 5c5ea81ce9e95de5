import type { ActivityTopic } from '@jiyin/contracts/fission';
import { isOk } from '@jiyin/contracts/envelope';
import { ActivityHero, NoActivity } from '../../../components/fission/Activity.tsx';
import { apiClient } from '../../../lib/api/index.ts';
import { pageTitle } from '../../../lib/brand.ts';
import { unwrap } from '../../../lib/loaders.ts';
import type { Route } from './+types/project-detail';

const TOPIC_OF_PATH: Record<string, ActivityTopic> = {
  '/webview/fission/hearing': 'hearing',
  '/webview/fission/sleep': 'sleep',
};
const EMPTY: Record<ActivityTopic, string> = {
  fission: '当前没有进行中的邀请活动',
  hearing: '听力关爱活动暂未开放',
  sleep: '睡眠关爱活动暂未开放',
};

export const meta = ({ data }: Route.MetaArgs) => [{ title: pageTitle(data?.activity?.title ?? '活动详情') }];

/**
 * §2.4 /webview/fission/project-detail (?id= one activity, else the running campaign), and the themed
 * activity pages /webview/fission/hearing and /sleep: whatever staff run under that theme now.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const api = apiClient(context.api);
  const topic = TOPIC_OF_PATH[url.pathname] ?? 'fission';
  const id = url.searchParams.get('id');
  if (id && topic === 'fission') return { topic, activity: unwrap(await api.activity(id)) };
  const res = await api.currentActivities(topic);
  return { topic, activity: isOk(res) ? (res.data.list[0] ?? null) : null };
}

export default function ProjectDetail({ loaderData }: Route.ComponentProps) {
  const { topic, activity } = loaderData;
  if (!activity) return <NoActivity text={EMPTY[topic]} />;
  return (
    <div className="container fission" data-testid="project-detail">
      <ActivityHero activity={activity} />
      <div className="fission-text">{activity.description}</div>
      <h2 className="section-gap">活动规则</h2>
      <div className="fission-text">{activity.rules}</div>
    </div>
  );
}
