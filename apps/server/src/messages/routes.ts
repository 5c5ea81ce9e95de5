import { ok } from '@jiyin/contracts/envelope';
import { postChatSchema, SOCIAL_API_PATHS } from '@jiyin/contracts/social';
import { schema } from '@jiyin/db';
import { and, count, eq, gt, max } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { newId } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { ApiError, parseInput } from '../http/errors.ts';
import { LIVE_CHANNEL, livePayload, publish } from '../live/hub.ts';
import { areRelatives, matchedPersonOf } from '../relatives/queries.ts';
import { userReportSubject } from '../reports/access.ts';
import { requireUser } from '../users/session.ts';
import {
  insertMessage,
  memberOf,
  messagesPage,
  messageView,
  openThread,
  profiles,
  SEQ_PLACEHOLDER,
  senderId,
  sidesOf,
  threadHead,
  threadsPage,
} from './queries.ts';

const { chatMembers, chatMessages, persons } = schema;

const threadParams = z.object({ relatedId: z.uuid('会话不存在') });
const pageQuery = z.object({
  page: z.coerce.number().int('页码不正确').min(1, '页码不正确').max(10_000, '页码不正确').default(1),
  size: z.coerce
    .number()
    .int()
    .refine((n) => n === 10, '条数不正确')
    .default(10),
});
const seq = z.coerce.number().int('消息序号不正确').min(0, '消息序号不正确');
const chatQuery = z.object({ before_seq: seq.optional(), after_seq: seq.optional() });
const relativeBody = z.object({
  barcode: z.string({ error: '缺少条码' }).trim().min(1, '缺少条码').max(64, '条码不正确'),
  id: z.string({ error: '基因亲人不存在' }).regex(/^[0-9a-f]{32}$/, '基因亲人不存在'),
});
const shieldBody = z.object({ blocked: z.boolean({ error: '参数不正确' }) });

/**
 * §7.7 private messages between consenting gene relatives. Every call works on the caller's own
 * side of a thread (chat_members); another user's thread id answers like a missing one.
 */
export async function messageRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps.database;
  const own = async (req: FastifyRequest) => {
    const me = await requireUser(req, deps);
    const { relatedId } = parseInput(threadParams, req.params);
    return { me, member: await memberOf(db, relatedId, me.userId) };
  };

  app.get(SOCIAL_API_PATHS.threads, async (req) => {
    const me = await requireUser(req, deps);
    const q = parseInput(pageQuery, req.query);
    return ok({ list: await threadsPage(db, me.userId, q.page) });
  });

  /** 发私信 on a relative's detail: the caller's own person and one of its visible relatives. */
  app.post(SOCIAL_API_PATHS.openWithRelative, async (req) => {
    const me = await requireUser(req, deps);
    const body = parseInput(relativeBody, req.body);
    const subject = await userReportSubject(deps, me.userId, body.barcode);
    if (subject.via !== 'owner') throw new ApiError('NO_PERMISSION', '只有检测人的创建者可以发私信');
    const relativePersonId = await matchedPersonOf(db, subject.person.personId, body.id);
    if (!relativePersonId) throw new ApiError('NOT_FOUND', '这位基因亲人不存在或已退出基因亲人');
    const [owner] = await db.select({ userId: persons.ownerUserId }).from(persons).where(eq(persons.id, relativePersonId));
    if (owner.userId === me.userId) throw new ApiError('CHAT_SELF');
    const relatedId = await openThread(
      db,
      deps.now(),
      { userId: me.userId, personId: subject.person.personId },
      { userId: owner.userId, personId: relativePersonId },
    );
    return ok({ relatedId });
  });

  /**
   * getChatList: without a cursor the newest 10, and opening clears the caller's new count;
   * before_seq pages older ones, after_seq catches up after a reconnect.
   */
  app.get(SOCIAL_API_PATHS.chat, async (req) => {
    const { me, member } = await own(req);
    const q = parseInput(chatQuery, req.query);
    const list = await messagesPage(db, member, { beforeSeq: q.before_seq, afterSeq: q.after_seq });
    if (member.newCount > 0 && q.before_seq === undefined) {
      await db.transaction(async (tx) => {
        await tx
          .update(chatMembers)
          .set({ newCount: 0 })
          .where(and(eq(chatMembers.threadId, member.threadId), eq(chatMembers.userId, me.userId)));
        await publish(tx, [me.userId], null);
      });
      member.newCount = 0;
    }
    // The caller's own sender id: live messages are shown as one's own when they carry it.
    const meId = senderId(member.threadId, me.userId);
    return ok({ ...(await threadHead(db, member)), meId, list: list.map((m) => ({ ...m, mine: m.user.id === meId })) });
  });

  app.post(SOCIAL_API_PATHS.postChat, async (req) => {
    const me = await requireUser(req, deps);
    const { relatedId } = parseInput(threadParams, req.params);
    const body = parseInput(postChatSchema, req.body);
    const now = deps.now();
    // Reads first, without a transaction: independent reads go together (on Postgres each group is one
    // round trip, pipelined); the write is then one statement that re-checks the blocks under lock.
    const { me: member, other } = await sidesOf(db, relatedId, me.userId);
    if (member.blocked) throw new ApiError('CHAT_I_BLOCKED');
    if (other.blocked) throw new ApiError('CHAT_THEY_BLOCKED');
    if (member.otherUserId === me.userId) throw new ApiError('CHAT_SELF');
    const [relatives, [{ n }], shown] = await Promise.all([
      areRelatives(db, member.personId, member.otherPersonId),
      db
        .select({ n: count() })
        .from(chatMessages)
        .where(and(eq(chatMessages.senderUserId, me.userId), gt(chatMessages.createdAt, new Date(now.getTime() - 60_000)))),
      profiles(db, [member.personId, other.personId]),
    ]);
    if (!relatives) throw new ApiError('CHAT_NOT_ALLOWED');
    if (Number(n) >= deps.config.chatMessagesPerMinute) throw new ApiError('RATE_LIMITED', '发送消息过于频繁，请稍后再试');
    const row = { id: newId(), threadId: relatedId, senderUserId: me.userId, kind: body.type, content: body.content, createdAt: now };
    const [message] = messageView([{ ...row, seq: SEQ_PLACEHOLDER }], [member, other], shown);
    // Only the recipient's unread count moves.
    const payload = livePayload([me.userId, member.otherUserId], { type: 'message', message }, [member.otherUserId]);
    const written = await insertMessage(db, { ...row, otherUserId: member.otherUserId }, LIVE_CHANNEL, payload);
    if (written.iBlocked) throw new ApiError('CHAT_I_BLOCKED');
    if (written.theyBlocked) throw new ApiError('CHAT_THEY_BLOCKED');
    if (written.seq === null) throw new ApiError('NOT_FOUND', '会话不存在');
    const view = { ...message, seq: written.seq };
    return ok({ ...view, mine: true });
  });

  /** Blocks or unblocks the other side; both sides' dialogs learn the new shield state live. */
  app.put(SOCIAL_API_PATHS.shield, async (req) => {
    const { me, member } = await own(req);
    const { blocked } = parseInput(shieldBody, req.body);
    await db.transaction(async (tx) => {
      await tx
        .update(chatMembers)
        .set({ blocked })
        .where(and(eq(chatMembers.threadId, member.threadId), eq(chatMembers.userId, me.userId)));
      // A block changes no unread count.
      await publish(tx, [me.userId, member.otherUserId], { type: 'thread', relatedId: member.threadId }, []);
    });
    return ok(await threadHead(db, { ...member, blocked }));
  });

  /** deleteChat: clears every message so far for the caller only (the other side keeps theirs). */
  app.delete(SOCIAL_API_PATHS.deleteChat, async (req) => {
    const { me, member } = await own(req);
    await db.transaction(async (tx) => {
      const [last] = await tx
        .select({ seq: max(chatMessages.seq) })
        .from(chatMessages)
        .where(eq(chatMessages.threadId, member.threadId));
      await tx
        .update(chatMembers)
        .set({ clearedSeq: Number(last?.seq ?? 0), newCount: 0 })
        .where(and(eq(chatMembers.threadId, member.threadId), eq(chatMembers.userId, me.userId)));
      await publish(tx, [me.userId], null);
    });
    return ok(null);
  });
}
