import { formatUnread } from '@jiyin/contracts/constants';
import { isOk } from '@jiyin/contracts/envelope';
import type { NotificationView } from '@jiyin/contracts/reportApi';
import { CHAT_TEXTS, type ChatThreadView } from '@jiyin/contracts/social';
import { BellOutlined, MessageOutlined } from '@ant-design/icons';
import { Badge, Dropdown, Empty, Spin } from 'antd';
import { type ReactNode, useState } from 'react';
import { useBrowserApi } from '../lib/browserApi.ts';
import { useLive, useLiveEvents } from '../lib/live.tsx';
import { AppLink } from './AppLink.tsx';
import { useOpenNotice } from './social/NoticeList.tsx';

interface Props<T> {
  title: string;
  emptyText: string;
  count: number;
  icon: ReactNode;
  viewAll: string;
  items: T[] | null;
  load: () => Promise<void>;
  render: (item: T, close: () => void) => ReactNode;
  testId: string;
}

/** A header dropdown that loads its first page when opened while empty (§4 List loading). */
function InboxDropdown<T>({ title, emptyText, count, icon, viewAll, items, load, render, testId }: Props<T>) {
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const onOpenChange = async (next: boolean) => {
    setOpen(next);
    if (!next || items?.length || loading) return;
    setLoading(true);
    await load();
    setLoading(false);
  };
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={onOpenChange}
      popupRender={() => (
        <div className="inbox-panel" data-testid={`${testId}-panel`}>
          <div className="inbox-panel__head">
            <strong>{title}</strong>
            <AppLink to={viewAll} onClick={() => setOpen(false)}>
              查看全部
            </AppLink>
          </div>
          {loading ? (
            <Spin />
          ) : items?.length ? (
            items.map((item) => render(item, () => setOpen(false)))
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
          )}
        </div>
      )}
    >
      <button type="button" className="icon-button" aria-label={title} data-testid={testId}>
        <Badge count={count ? formatUnread(count) : 0} size="small" data-testid={`${testId}-count`}>
          {icon}
        </Badge>
      </button>
    </Dropdown>
  );
}

/** Notification bell (通知) and private messages (私信) of the site header (§2.6), their counts live. */
export function InboxDropdowns() {
  const api = useBrowserApi();
  const { counts, openChat } = useLive();
  const openNotice = useOpenNotice();
  const [notices, setNotices] = useState<NotificationView[] | null>(null);
  const [threads, setThreads] = useState<ChatThreadView[] | null>(null);
  useLiveEvents((e) => {
    if (e.type === 'notice') setNotices((list) => (list ? [e.notice, ...list] : list));
    // Thread order and previews change with every message: reloaded on the next opening.
    if (e.type === 'message' || e.type === 'thread') setThreads(null);
  });
  // §8: a failed list load falls back to an empty list.
  const loadNotices = async () => {
    const res = await api.notifications();
    setNotices(isOk(res) ? res.data.list : []);
  };
  const loadThreads = async () => {
    const res = await api.messageThreads();
    setThreads(isOk(res) ? res.data.list : []);
  };
  return (
    <>
      <InboxDropdown
        title="通知"
        emptyText="暂无任何通知"
        count={counts.info}
        icon={<BellOutlined />}
        viewAll="/user/notices"
        items={notices}
        load={loadNotices}
        testId="inbox-notices"
        render={(n, close) => (
          <button
            type="button"
            key={n.id}
            className={n.readDate ? 'inbox-panel__item' : 'inbox-panel__item inbox-panel__item--unread'}
            onClick={async () => {
              close();
              await openNotice(n);
              setNotices(
                (list) => list?.map((x) => (x.id === n.id ? { ...x, readDate: x.readDate ?? new Date().toISOString() } : x)) ?? null,
              );
            }}
          >
            <div>{n.title}</div>
            <small>{n.content}</small>
          </button>
        )}
      />
      <InboxDropdown
        title="私信"
        emptyText={CHAT_TEXTS.noThreads}
        count={counts.msg}
        icon={<MessageOutlined />}
        viewAll="/user/messages"
        items={threads}
        load={loadThreads}
        testId="inbox-messages"
        render={(th, close) => (
          <button
            type="button"
            key={th.relatedId}
            className={th.newMsgNum ? 'inbox-panel__item inbox-panel__item--unread' : 'inbox-panel__item'}
            onClick={() => {
              close();
              setThreads(null);
              openChat(th.relatedId);
            }}
          >
            <div>
              {th.toUser.name}
              {th.newMsgNum > 0 && <Badge count={formatUnread(th.newMsgNum)} size="small" style={{ marginLeft: 8 }} />}
            </div>
            <small>{th.lastMessageType === 'image' ? '[图片]' : th.lastMessageContent}</small>
          </button>
        )}
      />
    </>
  );
}
