import type { ActivityView } from '@jiyin/contracts/fission';
import { Empty } from 'antd';
import { formatPrice } from '../../lib/brand.ts';
import { formatBeijingTime } from '../../lib/dates.ts';

/** §3 Activity period, as Beijing dates. */
export function ActivityPeriod({ activity }: { activity: ActivityView }) {
  return (
    <p className="fission-period">
      活动时间：{formatBeijingTime(activity.startDate).slice(0, 10)} 至 {formatBeijingTime(activity.endDate).slice(0, 10)}
    </p>
  );
}

/** An activity's head: its title, period, reward and its 3 pictures (§3: shown only when exactly 3, checkPass). */
export function ActivityHero({ activity }: { activity: ActivityView }) {
  return (
    <section className="fission-hero" data-testid="activity">
      <h1>{activity.title}</h1>
      <ActivityPeriod activity={activity} />
      {activity.topic === 'fission' && activity.rewardAmount > 0 && (
        <p className="fission-reward">好友每完成一笔订单，你得 {formatPrice(activity.rewardAmount)} 奖励</p>
      )}
      {activity.checkPass && (
        <div className="fission-pics">
          {activity.picInfos.map((p) => (
            <figure key={p.url}>
              <img src={p.url} alt={p.title} loading="lazy" />
              {p.title && <figcaption>{p.title}</figcaption>}
            </figure>
          ))}
        </div>
      )}
    </section>
  );
}

export function NoActivity({ text = '当前没有进行中的活动' }: { text?: string }) {
  return (
    <div className="container" data-testid="no-activity">
      <Empty description={text} />
    </div>
  );
}
