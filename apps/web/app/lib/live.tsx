import { type LiveEvent, SOCIAL_API_PATHS, type UnreadCounts } from '@jiyin/contracts/social';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { ChatDialog } from '../components/social/ChatDialog.tsx';
import { signedSearch } from './api/transport.ts';
import { useRootData } from './rootData.ts';

type Listener = (e: LiveEvent) => void;

interface Live {
  counts: UnreadCounts;
  /** Every live event (messages, notices, thread changes) while the page is open. */
  subscribe(fn: Listener): () => void;
  /** Opens the one chat dialog on a thread (header, messages page, relatives detail). */
  openChat(relatedId: string): void;
}

const LiveContext = createContext<Live | null>(null);

/** Waits after a dropped stream before connecting again: 1 s, doubling to 30 s. */
const RETRY_MS = [1000, 2000, 4000, 8000, 16_000, 30_000];

/**
 * The live stream of a signed-in page (§2.6): unread counts, new messages and notices without reload.
 * A new signed URL is made for each connection (signatures expire); it carries the last message seq and
 * notice date seen, so the server first sends what was missed. Ids already seen are dropped here too.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const { user, signKeys } = useRootData();
  const [counts, setCounts] = useState<UnreadCounts>({ info: user?.infoCount ?? 0, msg: user?.msgCount ?? 0 });
  const [chat, setChat] = useState<string | null>(null);
  const listeners = useRef(new Set<Listener>());
  const userId = user?.userId;
  // The root loader runs again on every navigation: its counts are fresh then.
  useEffect(() => setCounts({ info: user?.infoCount ?? 0, msg: user?.msgCount ?? 0 }), [user?.infoCount, user?.msgCount]);

  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let closed = false;
    let lastSeq: number | undefined;
    let lastNotice: string | undefined;
    const seen = new Set<string>();
    const onEvent = (raw: MessageEvent<string>) => {
      const e = JSON.parse(raw.data) as LiveEvent;
      attempt = 0;
      if (e.type === 'counts') {
        lastSeq = Math.max(lastSeq ?? 0, e.cursor?.seq ?? 0);
        if (e.cursor && (!lastNotice || e.cursor.at > lastNotice)) lastNotice = e.cursor.at;
        return setCounts(e.counts);
      }
      if (e.type === 'message') {
        if (seen.has(`m:${e.message.id}`)) return;
        seen.add(`m:${e.message.id}`);
        lastSeq = Math.max(lastSeq ?? 0, e.message.seq);
      }
      if (e.type === 'notice') {
        if (seen.has(`n:${e.notice.id}`)) return;
        seen.add(`n:${e.notice.id}`);
        if (!lastNotice || e.notice.date > lastNotice) lastNotice = e.notice.date;
      }
      for (const fn of listeners.current) fn(e);
    };
    const connect = async () => {
      const path = SOCIAL_API_PATHS.live;
      // The first connection catches nothing up (the page's lists are fresh); later ones from the last cursor.
      const search = await signedSearch({
        method: 'GET',
        path,
        query: { after_seq: lastSeq, notice_after: lastNotice },
        body: null,
        keys: signKeys,
        nowMs: Date.now(),
      });
      if (closed) return;
      source = new EventSource(`/proxy${path}?${search}`);
      for (const type of ['counts', 'message', 'notice', 'thread']) source.addEventListener(type, onEvent as EventListener);
      source.onerror = () => {
        source?.close();
        if (closed) return;
        timer = setTimeout(connect, RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)]);
      };
    };
    void connect();
    return () => {
      closed = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [userId, signKeys]);

  const subscribe = useCallback((fn: Listener) => {
    listeners.current.add(fn);
    return () => {
      listeners.current.delete(fn);
    };
  }, []);
  const value = useMemo(() => ({ counts, subscribe, openChat: setChat }), [counts, subscribe]);
  return (
    <LiveContext.Provider value={value}>
      {children}
      {chat && <ChatDialog relatedId={chat} onClose={() => setChat(null)} />}
    </LiveContext.Provider>
  );
}

/** Outside the provider (the root error page): no stream, no counts. */
const OFFLINE: Live = { counts: { info: 0, msg: 0 }, subscribe: () => () => {}, openChat: () => {} };

export function useLive(): Live {
  return useContext(LiveContext) ?? OFFLINE;
}

/** Calls `fn` for each live event while mounted. */
export function useLiveEvents(fn: Listener): void {
  const { subscribe } = useLive();
  const ref = useRef(fn);
  ref.current = fn;
  useEffect(() => subscribe((e) => ref.current(e)), [subscribe]);
}
