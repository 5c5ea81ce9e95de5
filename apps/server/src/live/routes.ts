import type { LiveEvent, UnreadCounts } from '@jiyin/contracts/social';
import { SOCIAL_API_PATHS } from '@jiyin/contracts/social';
import { type Db, schema } from '@jiyin/db';
import { and, asc, eq, gt, max } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { parseInput } from '../http/errors.ts';
import { messagesSince, unreadMessagesOf } from '../messages/queries.ts';
import { notificationViews, unreadNoticesOf } from '../notifications/service.ts';
import { requireUser } from '../users/session.ts';

const { notifications, chatMessages } = schema;

/** Proxies and load balancers close idle streams; a comment line this often keeps it open. */
const KEEPALIVE_MS = 25_000;

const liveQuery = z.object({
  /** The highest message seq the client has seen. */
  after_seq: z.coerce.number().int().min(0).optional(),
  /** The newest notice date the client has seen (ISO). */
  notice_after: z.iso.datetime({ offset: true }).optional(),
});

/** The bell's and the message icon's counts (§2.6) of several users, read together (both reads in one round trip on Postgres). */
export async function unreadCountsOf(db: Db, userIds: string[]): Promise<Map<string, UnreadCounts>> {
  const [info, msg] = await Promise.all([unreadNoticesOf(db, userIds), unreadMessagesOf(db, userIds)]);
  return new Map(userIds.map((id) => [id, { info: info.get(id) ?? 0, msg: msg.get(id) ?? 0 }]));
}

/** One user's counts. */
export async function unreadCounts(db: Db, userId: string): Promise<UnreadCounts> {
  return (await unreadCountsOf(db, [userId])).get(userId) as UnreadCounts;
}

/**
 * §2.6 live badges and chat: a server-sent event stream of the caller's new messages, notices and
 * unread counts. A reconnecting client passes what it saw last and first gets what it missed; events
 * arriving meanwhile wait and are sent once, so nothing is lost or sent twice.
 */
export async function liveRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps.database;
  app.get(SOCIAL_API_PATHS.live, async (req, reply) => {
    const me = await requireUser(req, deps);
    const q = parseInput(liveQuery, req.query);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const sent = new Set<string>();
    const send = (e: LiveEvent) => {
      const key = e.type === 'message' ? `m:${e.message.id}` : e.type === 'notice' ? `n:${e.notice.id}` : null;
      if (key) {
        if (sent.has(key)) return;
        sent.add(key);
      }
      res.write(`event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`);
    };
    let pending: LiveEvent[] | null = [];
    const unsubscribe = deps.live.subscribe(me.userId, (e) => (pending ? pending.push(e) : send(e)));
    const keepalive = setInterval(() => res.write(': keepalive\n\n'), KEEPALIVE_MS);
    req.raw.on('close', () => {
      clearInterval(keepalive);
      unsubscribe();
    });
    try {
      if (q.after_seq !== undefined)
        for (const message of await messagesSince(db, me.userId, q.after_seq)) send({ type: 'message', message });
      if (q.notice_after) {
        const rows = await db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, me.userId), gt(notifications.createdAt, new Date(q.notice_after))))
          .orderBy(asc(notifications.createdAt))
          .limit(50);
        for (const notice of await notificationViews(db, rows)) send({ type: 'notice', notice });
      }
      const [last] = await db.select({ seq: max(chatMessages.seq) }).from(chatMessages);
      const cursor = { seq: Math.max(q.after_seq ?? 0, Number(last?.seq ?? 0)), at: deps.now().toISOString() };
      send({ type: 'counts', counts: await unreadCounts(db, me.userId), cursor });
    } catch (err) {
      req.log.warn({ err }, 'live: catch-up failed');
    }
    const queued = pending;
    pending = null;
    for (const e of queued) send(e);
  });
}
