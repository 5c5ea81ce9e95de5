import type { ApiTransport } from '@jiyin/contracts/api';
import type { Envelope } from '@jiyin/contracts/envelope';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import type { NotificationView } from '@jiyin/contracts/reportApi';
import { REPORT_API_PATHS } from '@jiyin/contracts/reportApi';
import { type ChatMessageView, type ChatThreadView, NOTICES_PAGE_SIZE, SOCIAL_API_PATHS, THREADS_PAGE_SIZE } from '@jiyin/contracts/social';

/** What getChatList answers: the thread's head, the caller's sender id, and a page of messages. */
export type ChatPage = Omit<ChatThreadView, 'lastMessageContent' | 'lastMessageType' | 'lastMessageDate'> & {
  meId: string;
  list: ChatMessageView[];
};

/** §7.7 notifications and private messages. */
export function socialClient(api: ApiTransport) {
  return {
    /** getInfoList: 10 by cursor (the last item's id), refresh mode -1. */
    notifications: (baselineId?: string): Promise<Envelope<{ list: NotificationView[] }>> =>
      api({
        method: 'GET',
        path: REPORT_API_PATHS.notifications,
        query: { module: 'notification', count: NOTICES_PAGE_SIZE, refresh_mode: -1, baseline_id: baselineId },
      }),
    notification: (id: string): Promise<Envelope<NotificationView>> =>
      api({ method: 'GET', path: fillPattern(SOCIAL_API_PATHS.notification, { id }) }),
    readNotification: (id: string): Promise<Envelope<NotificationView>> =>
      api({ method: 'PUT', path: fillPattern(REPORT_API_PATHS.notificationRead, { id }) }),
    deleteNotification: (id: string): Promise<Envelope<null>> =>
      api({ method: 'DELETE', path: fillPattern(SOCIAL_API_PATHS.notificationDelete, { id }), query: { module: 'notification' } }),
    /** getMsgList: threads by page number, 10 a page. */
    messageThreads: (page = 1): Promise<Envelope<{ list: ChatThreadView[] }>> =>
      api({ method: 'GET', path: SOCIAL_API_PATHS.threads, query: { page, size: THREADS_PAGE_SIZE } }),
    openChatWithRelative: (barcode: string, id: string): Promise<Envelope<{ relatedId: string }>> =>
      api({ method: 'POST', path: SOCIAL_API_PATHS.openWithRelative, body: { barcode, id } }),
    /** getChatList: the newest 10 (opening clears the new count), or the 10 before a seq. */
    chatMessages: (relatedId: string, beforeSeq?: number): Promise<Envelope<ChatPage>> =>
      api({ method: 'GET', path: fillPattern(SOCIAL_API_PATHS.chat, { relatedId }), query: { before_seq: beforeSeq } }),
    postChat: (relatedId: string, type: 'text' | 'image', content: string): Promise<Envelope<ChatMessageView>> =>
      api({ method: 'POST', path: fillPattern(SOCIAL_API_PATHS.postChat, { relatedId }), body: { type, content } }),
    shieldChat: (relatedId: string, blocked: boolean): Promise<Envelope<Omit<ChatPage, 'meId' | 'list'>>> =>
      api({ method: 'PUT', path: fillPattern(SOCIAL_API_PATHS.shield, { relatedId }), body: { blocked } }),
    deleteChat: (relatedId: string): Promise<Envelope<null>> =>
      api({ method: 'DELETE', path: fillPattern(SOCIAL_API_PATHS.deleteChat, { relatedId }) }),
  };
}
