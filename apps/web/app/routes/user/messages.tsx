import { formatUnread } from '@jiyin/contracts/constants';
import { isOk } from '@jiyin/contracts/envelope';
import { CHAT_TEXTS, type ChatThreadView, THREADS_PAGE_SIZE } from '@jiyin/contracts/social';
import { Badge, Button, Empty, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { pageTitle } from '../../lib/brand.ts';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { formatBeijingTime } from '../../lib/dates.ts';
import { useLive, useLiveEvents } from '../../lib/live.tsx';

export const meta = () => [{ title: pageTitle('私信') }];

/** §2.3 /user/messages: threads by page (10), latest first; a thread opens the chat dialog. */
export default function Messages() {
  const api = useBrowserApi();
  const { openChat } = useLive();
  const [threads, setThreads] = useState<ChatThreadView[] | null>(null);
  const [page, setPage] = useState(1);
  const [end, setEnd] = useState(false);
  const [loading, setLoading] = useState(false);

  const load = async (upTo: number) => {
    setLoading(true);
    // Reloads every page shown so far: a new message moves its thread to the top.
    const pages = await Promise.all(Array.from({ length: upTo }, (_, i) => api.messageThreads(i + 1)));
    setLoading(false);
    const lists = pages.map((res) => (isOk(res) ? res.data.list : []));
    setThreads(lists.flat());
    setEnd((lists.at(-1)?.length ?? 0) < THREADS_PAGE_SIZE);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads when the page count changes
  useEffect(() => {
    void load(page);
  }, [page]);
  useLiveEvents((e) => {
    if (e.type === 'message' || e.type === 'thread' || e.type === 'counts') void load(page);
  });

  return (
    <div className="user-panel">
      <h2>私信</h2>
      {threads === null ? (
        <Spin />
      ) : threads.length === 0 ? (
        <Empty description={CHAT_TEXTS.noThreads} data-testid="threads-empty" />
      ) : (
        <div className="notice-list" data-testid="thread-list">
          {threads.map((th) => (
            <button
              type="button"
              key={th.relatedId}
              className="thread-item"
              data-testid="thread-item"
              onClick={() => openChat(th.relatedId)}
            >
              <UserAvatar user={{ userId: '', userName: th.toUser.name || '?', avatarUrl: th.toUser.avatar as never }} size={40} />
              <span className="thread-item__text">
                <strong>{th.toUser.name}</strong>
                <span className="muted">{th.lastMessageType === 'image' ? '[图片]' : th.lastMessageContent}</span>
              </span>
              <span className="thread-item__side">
                <small className="muted">{th.lastMessageDate && formatBeijingTime(th.lastMessageDate)}</small>
                {th.newMsgNum > 0 && <Badge count={formatUnread(th.newMsgNum)} />}
              </span>
            </button>
          ))}
          {!end && (
            <Button loading={loading} onClick={() => setPage((p) => p + 1)}>
              加载更多
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
