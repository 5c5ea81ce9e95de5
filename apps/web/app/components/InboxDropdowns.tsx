import { formatUnread } from '@jiyin/contracts/constants';
import { isOk } from '@jiyin/contracts/envelope';
import { BellOutlined, MessageOutlined } from '@ant-design/icons';
import { Badge, Dropdown, Empty, Spin } from 'antd';
import { useState } from 'react';
import type { NoticeItem } from '../lib/api/index.ts';
import { useBrowserApi } from '../lib/browserApi.ts';
import { AppLink } from './AppLink.tsx';

interface Props {
  title: string;
  emptyText: string;
  count: number;
  icon: React.ReactNode;
  viewAll: string;
  load: () => Promise<NoticeItem[]>;
}

/** A header dropdown that loads its first page when opened while empty (§4 List loading). */
function InboxDropdown({ title, emptyText, count, icon, viewAll, load }: Props) {
  const [items, setItems] = useState<NoticeItem[] | null>(null);
  const [loading, setLoading] = useState(false);
  const onOpenChange = async (open: boolean) => {
    if (!open || items?.length || loading) return;
    setLoading(true);
    setItems(await load());
    setLoading(false);
  };
  return (
    <Dropdown
      trigger={['click']}
      onOpenChange={onOpenChange}
      popupRender={() => (
        <div className="inbox-panel">
          <div className="inbox-panel__head">
            <strong>{title}</strong>
            <AppLink to={viewAll}>查看全部</AppLink>
          </div>
          {loading ? (
            <Spin />
          ) : items?.length ? (
            items.map((n) => (
              <div key={n.id} className={n.readDate ? 'inbox-panel__item' : 'inbox-panel__item inbox-panel__item--unread'}>
                <div>{n.title}</div>
                <small>{n.content}</small>
              </div>
            ))
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
          )}
        </div>
      )}
    >
      <button type="button" className="icon-button" aria-label={title}>
        <Badge count={count ? formatUnread(count) : 0} size="small">
          {icon}
        </Badge>
      </button>
    </Dropdown>
  );
}

/** Notification bell (通知) and private messages (私信) of the site header (§2.6). */
export function InboxDropdowns({ infoCount, msgCount }: { infoCount: number; msgCount: number }) {
  const api = useBrowserApi();
  // §8: a failed list load falls back to an empty list.
  const loadNotices = async () => {
    const res = await api.notifications();
    return isOk(res) ? res.data.list : [];
  };
  const loadThreads = async () => {
    const res = await api.messageThreads();
    return isOk(res) ? res.data.list : [];
  };
  return (
    <>
      <InboxDropdown
        title="通知"
        emptyText="暂无任何通知"
        count={infoCount}
        icon={<BellOutlined />}
        viewAll="/user/notices"
        load={loadNotices}
      />
      <InboxDropdown
        title="私信"
        emptyText="暂无任何私信"
        count={msgCount}
        icon={<MessageOutlined />}
        viewAll="/user/messages"
        load={loadThreads}
      />
    </>
  );
}
