import { z } from 'zod';
import type { NotificationView } from './reportApi.ts';

/** §7.7 private messages and the live stream (notification list, unread and read are REPORT_API_PATHS). */
export const SOCIAL_API_PATHS = {
  /** deleteCommunityMessage(id, module). */
  notificationDelete: '/api/community/messages/:id',
  /** One notice by id (the notification center, ?id=); opening it marks it read. */
  notification: '/api/community/messages/:id',
  /** getMsgList {page, size 10}. */
  threads: '/api/user_chat',
  threadsUnread: '/api/user_chat/unread',
  /** Opens (or finds) the thread with a gene relative, by the relative's match id as the viewer sees it. */
  openWithRelative: '/api/user_chat/relative',
  /** getChatList {recipientId}: the thread's messages, newest 10 first, older by before_seq. */
  chat: '/api/user_chat/:relatedId/messages',
  /** postChat {content, type}. */
  postChat: '/api/user_chat/:relatedId/messages',
  /** Block or unblock the other side. */
  shield: '/api/user_chat/:relatedId/shield',
  /** deleteChat(relatedId): clears the thread for the caller only. */
  deleteChat: '/api/user_chat/:relatedId',
  /** Server-sent events: new messages, notices and unread counts. */
  live: '/api/live',
} as const;

/** §9 page sizes. */
export const NOTICES_PAGE_SIZE = 10;
export const THREADS_PAGE_SIZE = 10;
export const CHAT_PAGE_SIZE = 10;
/** §9: a time stamp when a message is more than 10 minutes after the previous one. */
export const CHAT_TIMESTAMP_GAP_MS = 600_000;
export const CHAT_TEXT_MAX = 500;

/** §9: whether a message shows a time stamp above it (the first one, or > 10 minutes after the previous). */
export function showsChatTimestamp(previous: { date: string } | undefined, message: { date: string }): boolean {
  return !previous || Date.parse(message.date) - Date.parse(previous.date) > CHAT_TIMESTAMP_GAP_MS;
}
/** §5 chat pictures are scaled to at most 250 × 250. */
export const CHAT_IMAGE_MAX_SIDE = 250;

/** §4 Chat shield state: 0 none, 1 I blocked the other, 2 the other blocked me, 3 both. */
export type ShieldState = 0 | 1 | 2 | 3;
export const shieldState = (iBlocked: boolean, theyBlocked: boolean): ShieldState =>
  ((iBlocked ? 1 : 0) + (theyBlocked ? 2 : 0)) as ShieldState;

/** §8 chat texts. */
export const CHAT_TEXTS = {
  iBlocked: '你已屏蔽对方',
  theyBlocked: '对方已停止接收私信',
  self: '该检测人已绑定在当前账户下，暂不支持私信',
  empty: '和 TA 聊聊你的家族历史吧',
  noThreads: '暂无任何私信',
  deleteConfirm: '删除后所有聊天记录将被清除',
} as const;

/** The input's blocked text for a shield state, or null when the user may write (§5). */
export function chatBlockedText(state: ShieldState): string | null {
  if (state === 1 || state === 3) return CHAT_TEXTS.iBlocked;
  if (state === 2) return CHAT_TEXTS.theyBlocked;
  return null;
}

/** Control and zero-width characters out, ends trimmed; what is left empty is not sent (§5). */
export function sanitizeChatText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2060\ufeff]/g, '').trim();
}

/** A chat picture's address as the upload call answers it (§7.3); anything else is refused. */
export const CHAT_IMAGE_URL = /^\/uploads\/chat\/[0-9a-f-]{36}\.(png|jpg)$/;

export const postChatSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('text'),
    content: z
      .string({ error: '消息不能为空' })
      .transform(sanitizeChatText)
      .pipe(z.string().min(1, '消息不能为空').max(CHAT_TEXT_MAX, `消息不能超过 ${CHAT_TEXT_MAX} 字`)),
  }),
  z.object({ type: z.literal('image'), content: z.string().regex(CHAT_IMAGE_URL, '图片地址不正确') }),
]);

export interface ChatUserView {
  id: string;
  name: string;
  avatar: unknown;
}

/** §3 Chat message. `seq` orders messages and is the cursor for older pages and catch-up. */
export interface ChatMessageView {
  id: string;
  seq: number;
  relatedId: string;
  user: ChatUserView;
  type: 'text' | 'image';
  content: string;
  date: string;
  mine: boolean;
}

/** §3 Private-message thread. */
export interface ChatThreadView {
  relatedId: string;
  toUser: { id: string; name: string; avatar: unknown; barcode: string | null };
  lastMessageContent: string | null;
  lastMessageType: 'text' | 'image' | null;
  lastMessageDate: string | null;
  newMsgNum: number;
  shieldState: ShieldState;
  /** Set when the other person is bound to the caller's own account (§5): messaging is refused. */
  selfBound: boolean;
}

/** Unread counts of the bell and the message icon. */
export interface UnreadCounts {
  info: number;
  msg: number;
}

/** What the live stream sends (SSE `event:` names and data). */
export type LiveEvent =
  | { type: 'message'; message: Omit<ChatMessageView, 'mine'> }
  | { type: 'notice'; notice: NotificationView }
  | { type: 'thread'; relatedId: string }
  /** `cursor`, sent first on every connection: where a later reconnect catches up from if nothing newer was seen. */
  | { type: 'counts'; counts: UnreadCounts; cursor?: { seq: number; at: string } };
