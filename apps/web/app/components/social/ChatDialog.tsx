import { CODES } from '@jiyin/contracts/codes';
import { isOk } from '@jiyin/contracts/envelope';
import {
  CHAT_PAGE_SIZE,
  CHAT_TEXT_MAX,
  CHAT_TEXTS,
  type ChatMessageView,
  chatBlockedText,
  sanitizeChatText,
  showsChatTimestamp,
} from '@jiyin/contracts/social';
import { PictureOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Empty, Input, Modal, Spin, Upload } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatPage } from '../../lib/api/social.ts';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { formatBeijingTime } from '../../lib/dates.ts';
import { useLiveEvents } from '../../lib/live.tsx';
import { UserAvatar } from '../UserAvatar.tsx';

const IMAGE_TYPES = ['image/png', 'image/jpeg'];

function Avatar({ user }: { user: { name: string; avatar: unknown } }) {
  return <UserAvatar user={{ userId: '', userName: user.name || '?', avatarUrl: user.avatar as never }} size={32} />;
}

/** Merges messages by id, in seq order (live ones, pages and catch-up may overlap). */
function merge(a: ChatMessageView[], b: ChatMessageView[]): ChatMessageView[] {
  const byId = new Map([...a, ...b].map((m) => [m.id, m]));
  return [...byId.values()].sort((x, y) => x.seq - y.seq);
}

/**
 * §2.6 chat dialog: the newest 10 messages, older ones when scrolled to the top, new ones live; text
 * and pictures; the §4 shield state blocks the input with its text; block and delete in the menu.
 * Messages are rendered as text (React escapes them), pictures only from our upload address.
 */
export function ChatDialog({ relatedId, onClose }: { relatedId: string; onClose: () => void }) {
  const api = useBrowserApi();
  const { message, modal } = App.useApp();
  const [head, setHead] = useState<ChatPage | null>(null);
  const [list, setList] = useState<ChatMessageView[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [olderDone, setOlderDone] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);

  const refresh = useCallback(async () => {
    const res = await api.chatMessages(relatedId);
    if (!isOk(res)) return setError(res.msg);
    setHead(res.data);
    setList((old) => merge(old, res.data.list));
    if (res.data.list.length < CHAT_PAGE_SIZE) setOlderDone(true);
  }, [api, relatedId]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  useEffect(() => {
    const el = scroller.current;
    if (el && stickToBottom.current) el.scrollTop = el.scrollHeight;
  });

  useLiveEvents((e) => {
    if (e.type === 'thread' && e.relatedId === relatedId) void refresh();
    if (e.type === 'message' && e.message.relatedId === relatedId) {
      stickToBottom.current = true;
      setList((old) => merge(old, [{ ...e.message, mine: e.message.user.id === head?.meId }]));
      // Reading it here clears the new count (the server does so when the chat is loaded).
      if (e.message.user.id !== head?.meId) void refresh();
    }
  });

  const loadOlder = async () => {
    if (olderDone || loadingOlder || !list.length) return;
    setLoadingOlder(true);
    const el = scroller.current;
    const before = el ? el.scrollHeight - el.scrollTop : 0;
    const res = await api.chatMessages(relatedId, list[0].seq);
    setLoadingOlder(false);
    if (!isOk(res)) return;
    if (res.data.list.length < CHAT_PAGE_SIZE) setOlderDone(true);
    stickToBottom.current = false;
    setList((old) => merge(res.data.list, old));
    // Keep the reader's place while older messages are put above.
    requestAnimationFrame(() => {
      if (el) el.scrollTop = el.scrollHeight - before;
    });
  };

  const send = async (type: 'text' | 'image', content: string) => {
    setSending(true);
    const res = await api.postChat(relatedId, type, content);
    setSending(false);
    if (!isOk(res)) {
      message.error(res.msg);
      if (res.code === CODES.CHAT_THEY_BLOCKED.code || res.code === CODES.CHAT_I_BLOCKED.code) void refresh();
      return false;
    }
    stickToBottom.current = true;
    setList((old) => merge(old, [res.data]));
    return true;
  };

  const sendText = async () => {
    // §5: what is empty after sanitising is not sent.
    const clean = sanitizeChatText(text);
    if (!clean) return;
    if (await send('text', clean)) setText('');
  };

  const sendImage = async (file: File) => {
    if (!IMAGE_TYPES.includes(file.type)) {
      message.error('仅支持 png、jpg、jpeg 格式的图片');
      return;
    }
    const up = await api.uploadImage(file, file.name, 'community_chat');
    if (!isOk(up)) return void message.error(up.msg);
    await send('image', up.data.uploadUrl);
  };

  const shield = head?.shieldState ?? 0;
  const iBlocked = shield === 1 || shield === 3;
  const toggleBlock = async () => {
    const res = await api.shieldChat(relatedId, !iBlocked);
    if (!isOk(res)) return void message.error(res.msg);
    setHead((h) => (h ? { ...h, shieldState: res.data.shieldState } : h));
  };
  const remove = () =>
    modal.confirm({
      title: '删除会话',
      content: CHAT_TEXTS.deleteConfirm,
      okText: '删除',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        const res = await api.deleteChat(relatedId);
        if (res.code !== 0) return void message.error(res.msg);
        message.success('删除成功');
        onClose();
      },
    });

  const blockedText = head ? (head.selfBound ? CHAT_TEXTS.self : chatBlockedText(head.shieldState)) : null;
  return (
    <Modal
      open
      onCancel={onClose}
      footer={null}
      width={520}
      destroyOnHidden
      title={
        <div className="chat-dialog__title">
          <span data-testid="chat-partner">{head?.toUser.name ?? '私信'}</span>
          {head && (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'block', label: iBlocked ? '取消屏蔽' : '屏蔽对方', onClick: toggleBlock },
                  { key: 'delete', label: '删除会话', danger: true, onClick: remove },
                ],
              }}
            >
              <Button size="small" type="text" data-testid="chat-menu">
                ···
              </Button>
            </Dropdown>
          )}
        </div>
      }
    >
      <div className="chat-dialog" data-testid="chat-dialog">
        <div
          className="chat-dialog__messages"
          ref={scroller}
          data-testid="chat-messages"
          onScroll={(e) => {
            const el = e.currentTarget;
            stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
            if (el.scrollTop < 24) void loadOlder();
          }}
        >
          {error ? (
            <Empty description={error} />
          ) : !head ? (
            <Spin />
          ) : list.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={CHAT_TEXTS.empty} />
          ) : (
            <>
              {loadingOlder && <Spin size="small" />}
              {list.map((m, i) => (
                <div key={m.id}>
                  {showsChatTimestamp(list[i - 1], m) && <div className="chat-dialog__time">{formatBeijingTime(m.date)}</div>}
                  <div className={m.mine ? 'chat-msg chat-msg--mine' : 'chat-msg'} data-testid="chat-message">
                    <Avatar user={m.user} />
                    <div className="chat-msg__bubble">
                      {m.type === 'image' ? <img src={m.content} alt="图片" className="chat-msg__image" /> : m.content}
                    </div>
                  </div>
                </div>
              ))}
            </>
          )}
        </div>
        {blockedText ? (
          <div className="chat-dialog__blocked" data-testid="chat-blocked">
            {blockedText}
          </div>
        ) : (
          <div className="chat-dialog__input">
            <Input.TextArea
              value={text}
              onChange={(e) => setText(e.target.value)}
              maxLength={CHAT_TEXT_MAX}
              autoSize={{ minRows: 1, maxRows: 4 }}
              placeholder="输入消息"
              data-testid="chat-input"
              onPressEnter={(e) => {
                if (!e.shiftKey) {
                  e.preventDefault();
                  void sendText();
                }
              }}
            />
            <Upload
              accept=".png,.jpg,.jpeg"
              showUploadList={false}
              beforeUpload={(file) => {
                void sendImage(file);
                return false;
              }}
            >
              <Button icon={<PictureOutlined />} aria-label="发送图片" disabled={sending} />
            </Upload>
            <Button type="primary" onClick={sendText} loading={sending} disabled={!sanitizeChatText(text)} data-testid="chat-send">
              发送
            </Button>
          </div>
        )}
      </div>
    </Modal>
  );
}
