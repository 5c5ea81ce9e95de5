import { isOk } from '@jiyin/contracts/envelope';
import type { NotificationView } from '@jiyin/contracts/reportApi';
import { NOTICES_PAGE_SIZE } from '@jiyin/contracts/social';
import { App, Button, Empty, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { formatBeijingTime } from '../../lib/dates.ts';
import { useLiveEvents } from '../../lib/live.tsx';

/** §9 community notice types whose deletion asks first (comment, answer, discuss). */
const COMMENT_TYPES = new Set([1, 2, 3]);
/** §9 load-more threshold: the next page loads this close (px) to the list's end. */
const LOAD_MORE_THRESHOLD = 88;

/** Opening a notice marks it read (§4), then goes where it points, or to the notification center. */
export function useOpenNotice() {
  const api = useBrowserApi();
  const navigate = useNavigate();
  return async (n: NotificationView) => {
    if (!n.readDate) await api.readNotification(n.id);
    navigate(n.webviewInfo?.url ?? `/user/notification-center?id=${encodeURIComponent(n.id)}`);
  };
}

type State = 'default' | 'loading' | 'empty' | 'end';

/**
 * §4 list loading of notices: 10 by cursor (the last item's id), more near the end, new ones live at
 * the top; each can be deleted (删除成功, or the server's message).
 */
export function NoticeList() {
  const api = useBrowserApi();
  const { message, modal } = App.useApp();
  const openNotice = useOpenNotice();
  const [items, setItems] = useState<NotificationView[]>([]);
  const [state, setState] = useState<State>('default');

  const loadMore = async (from: NotificationView[]) => {
    setState('loading');
    const res = await api.notifications(from.at(-1)?.id);
    // §8: a failed load falls back to an empty list.
    const page = isOk(res) ? res.data.list : [];
    const next = [...from, ...page];
    setItems(next);
    setState(next.length === 0 ? 'empty' : page.length < NOTICES_PAGE_SIZE ? 'end' : 'default');
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first page loads once
  useEffect(() => {
    void loadMore([]);
  }, []);
  useLiveEvents((e) => {
    if (e.type !== 'notice') return;
    setItems((list) => (list.some((n) => n.id === e.notice.id) ? list : [e.notice, ...list]));
    setState((s) => (s === 'empty' ? 'end' : s));
  });
  useEffect(() => {
    const onScroll = () => {
      const left = document.documentElement.scrollHeight - window.scrollY - window.innerHeight;
      if (left < LOAD_MORE_THRESHOLD && state === 'default') void loadMore(items);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  });

  const remove = async (n: NotificationView) => {
    const res = await api.deleteNotification(n.id);
    if (res.code !== 0) return void message.error(res.msg);
    message.success('删除成功');
    setItems((list) => {
      const next = list.filter((x) => x.id !== n.id);
      if (!next.length) setState('empty');
      return next;
    });
  };
  const askRemove = (n: NotificationView) => {
    if (!COMMENT_TYPES.has(n.type)) return void remove(n);
    modal.confirm({ title: '确认删除该条评论消息吗', okText: '确认删除', cancelText: '取消', onOk: () => remove(n) });
  };

  if (state === 'empty') return <Empty description="暂无任何通知" data-testid="notices-empty" />;
  return (
    <div className="notice-list" data-testid="notice-list">
      {items.map((n) => (
        <div key={n.id} className={n.readDate ? 'notice-item' : 'notice-item notice-item--unread'} data-testid="notice-item">
          <button
            type="button"
            className="notice-item__body"
            onClick={async () => {
              await openNotice(n);
            }}
          >
            <strong>{n.title}</strong>
            <span>{n.content}</span>
            <small className="muted">{formatBeijingTime(n.date)}</small>
          </button>
          <Button size="small" type="text" danger onClick={() => askRemove(n)}>
            删除
          </Button>
        </div>
      ))}
      {state === 'loading' && <Spin />}
      {state === 'default' && items.length > 0 && <Button onClick={() => loadMore(items)}>加载更多</Button>}
    </div>
  );
}
