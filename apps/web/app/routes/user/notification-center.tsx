import { isOk } from '@jiyin/contracts/envelope';
import { Result } from 'antd';
import { useEffect } from 'react';
import { AppLink } from '../../components/AppLink.tsx';
import { apiClient } from '../../lib/api/index.ts';
import { pageTitle } from '../../lib/brand.ts';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { formatBeijingTime } from '../../lib/dates.ts';
import type { Route } from './+types/notification-center';
import { LinkButton } from '../../components/LinkButton.tsx';

export const meta = () => [{ title: pageTitle('通知中心') }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get('id');
  if (!id) return { notice: null, msg: '消息不存在' };
  const res = await apiClient(context.api).notification(id);
  return isOk(res) ? { notice: res.data, msg: null } : { notice: null, msg: res.msg };
}

/** §2.3 /user/notification-center?id=: one notice in full; opening it marks it read. */
export default function NotificationCenter({ loaderData }: Route.ComponentProps) {
  const api = useBrowserApi();
  const { notice, msg } = loaderData;
  useEffect(() => {
    if (notice && !notice.readDate) void api.readNotification(notice.id);
  }, [api, notice]);
  if (!notice) {
    return <Result status="404" title={msg} extra={<LinkButton to="/user/notices">查看全部通知</LinkButton>} />;
  }
  return (
    <div className="user-panel" data-testid="notification-center">
      <h2>{notice.title}</h2>
      <p className="muted">{formatBeijingTime(notice.date)}</p>
      <p>{notice.content}</p>
      {notice.webviewInfo && (
        <LinkButton to={notice.webviewInfo.url} type="primary">
          查看详情
        </LinkButton>
      )}
      <p className="section-gap">
        <AppLink to="/user/notices">查看全部通知</AppLink>
      </p>
    </div>
  );
}
