import { createHash } from 'node:crypto';
import {
  CHAT_PAGE_SIZE,
  type ChatMessageView,
  type ChatThreadView,
  type ChatUserView,
  THREADS_PAGE_SIZE,
  shieldState,
} from '@jiyin/contracts/social';
import { type Db, schema } from '@jiyin/db';
import { and, desc, eq, gt, gte, inArray, lt, or, sql, sum } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { newId } from '../auth/tokens.ts';
import { ApiError } from '../http/errors.ts';
import { displayName, relativeAvatar, showingFullName } from '../relatives/profile.ts';
import { matchId } from '../relatives/queries.ts';

const { chatThreads, chatMembers, chatMessages, persons } = schema;
const other = alias(chatMembers, 'other');

export type Member = typeof chatMembers.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;

/** Unread private messages of users (the message icon's count), in one read; users without any are left out. */
export async function unreadMessagesOf(db: Db, userIds: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ userId: chatMembers.userId, n: sum(chatMembers.newCount) })
    .from(chatMembers)
    .where(inArray(chatMembers.userId, userIds))
    .groupBy(chatMembers.userId);
  return new Map(rows.map((r) => [r.userId, Number(r.n ?? 0)]));
}

/** The thread of two persons (made on first use, with both sides' member rows); answers its id. */
export async function openThread(
  db: Db,
  now: Date,
  me: { userId: string; personId: string },
  them: { userId: string; personId: string },
): Promise<string> {
  const [personLow, personHigh] = [me.personId, them.personId].sort();
  await db.insert(chatThreads).values({ id: newId(), personLow, personHigh, createdAt: now }).onConflictDoNothing();
  const [thread] = await db
    .select({ id: chatThreads.id })
    .from(chatThreads)
    .where(and(eq(chatThreads.personLow, personLow), eq(chatThreads.personHigh, personHigh)));
  await db
    .insert(chatMembers)
    .values([
      { threadId: thread.id, userId: me.userId, personId: me.personId, otherPersonId: them.personId, otherUserId: them.userId },
      { threadId: thread.id, userId: them.userId, personId: them.personId, otherPersonId: me.personId, otherUserId: me.userId },
    ])
    .onConflictDoNothing();
  return thread.id;
}

/** The caller's side of a thread; someone else's thread answers like a missing one. */
export async function memberOf(db: Db, threadId: string, userId: string): Promise<Member> {
  const [row] = await db
    .select()
    .from(chatMembers)
    .where(and(eq(chatMembers.threadId, threadId), eq(chatMembers.userId, userId)));
  if (!row) throw new ApiError('NOT_FOUND', '会话不存在');
  return row;
}

/** For sending: both sides of a thread as they stand (the write re-checks the blocks under lock); the caller's side must exist. */
export async function sidesOf(db: Db, threadId: string, userId: string): Promise<{ me: Member; other: Member }> {
  const rows = await db.select().from(chatMembers).where(eq(chatMembers.threadId, threadId));
  const me = rows.find((r) => r.userId === userId);
  if (!me) throw new ApiError('NOT_FOUND', '会话不存在');
  return { me, other: rows.find((r) => r.userId === me.otherUserId) ?? me };
}

/** What `insertMessage` stamps into the live payload where the message's seq goes (a seq is never negative). */
export const SEQ_PLACEHOLDER = -1;

/**
 * Writes a message in one statement (one round trip, its own transaction): locks both sides of the
 * thread in one order (two people writing to each other at once queue instead of deadlocking),
 * re-checks their blocks, inserts the message, moves the thread's date and the recipient's new count,
 * and sends `payload` (see livePayload) through NOTIFY with the seq put in for SEQ_PLACEHOLDER. The
 * seq is taken under the lock, so sends of a thread commit in seq order: catching up "after seq"
 * never skips one. Answers the seq, or null and both sides' blocks when it wrote nothing.
 */
export async function insertMessage(
  db: Db,
  m: { id: string; threadId: string; senderUserId: string; otherUserId: string; kind: string; content: string; createdAt: Date },
  channel: string,
  payload: string,
): Promise<{ seq: number | null; iBlocked: boolean; theyBlocked: boolean }> {
  // The placeholder can only match the message's own seq key: inside a JSON string every quote is escaped.
  const placeholder = `"seq":${SEQ_PLACEHOLDER}`;
  const result = await db.execute(sql`
    with sides as (
      select ${chatMembers.userId} as user_id, ${chatMembers.blocked} as blocked from ${chatMembers}
      where ${chatMembers.threadId} = ${m.threadId} order by ${chatMembers.userId} for update
    ), msg as (
      insert into ${chatMessages} (id, thread_id, sender_user_id, kind, content, created_at)
      select ${m.id}, ${m.threadId}, ${m.senderUserId}, ${m.kind}, ${m.content}, ${m.createdAt.toISOString()}::timestamptz
      where exists (select 1 from sides where user_id = ${m.senderUserId}) and not exists (select 1 from sides where blocked)
      returning seq
    ), thread as (
      update ${chatThreads} set last_message_at = ${m.createdAt.toISOString()}::timestamptz
      where ${chatThreads.id} = ${m.threadId} and exists (select 1 from msg)
    ), unread as (
      update ${chatMembers} set new_count = new_count + 1
      where thread_id = ${m.threadId} and user_id = ${m.otherUserId} and exists (select 1 from msg)
    )
    select
      (select seq from msg) as seq,
      coalesce((select blocked from sides where user_id = ${m.senderUserId}), false) as i_blocked,
      coalesce((select blocked from sides where user_id = ${m.otherUserId}), false) as they_blocked,
      (select pg_notify(${channel}, replace(${payload}, ${placeholder}, '"seq":' || seq)) from msg) as notified
  `);
  // postgres.js answers the rows themselves, PGlite an object holding them.
  const rows = (Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows) as {
    seq: string | number | null;
    i_blocked: boolean;
    they_blocked: boolean;
  }[];
  const [row] = rows;
  return { seq: row.seq === null ? null : Number(row.seq), iBlocked: row.i_blocked, theyBlocked: row.they_blocked };
}

/** Whether the other side blocked this member. */
export async function blockedByOther(db: Db, m: Member): Promise<boolean> {
  const [row] = await db
    .select({ blocked: chatMembers.blocked })
    .from(chatMembers)
    .where(and(eq(chatMembers.threadId, m.threadId), eq(chatMembers.userId, m.otherUserId)));
  return row?.blocked ?? false;
}

/** A thread member's sender id as both sides see it: opaque, stable within the thread, never an account id. */
export function senderId(threadId: string, userId: string): string {
  return createHash('sha256').update(`chat:${threadId}:${userId}`).digest('hex').slice(0, 16);
}

type Profiles = Map<string, { name: string; avatar: unknown }>;

/** Persons as chat partners see them: the shown name (privacy switch) and the relatives avatar. */
export async function profiles(db: Db, personIds: string[]): Promise<Profiles> {
  if (!personIds.length) return new Map();
  // Both reads at once: on Postgres they share one round trip (pipelined on the connection).
  const [rows, full] = await Promise.all([
    db.select({ id: persons.id, name: persons.name, gender: persons.gender }).from(persons).where(inArray(persons.id, personIds)),
    showingFullName(db, personIds),
  ]);
  return new Map(rows.map((p) => [p.id, { name: displayName(p, full.has(p.id)), avatar: relativeAvatar(p.gender) }]));
}

/** Messages as both sides see them, given their threads' members and those members' profiles. */
export function messageView(rows: MessageRow[], members: Member[], shown: Profiles): Omit<ChatMessageView, 'mine'>[] {
  const personOf = new Map(members.map((m) => [`${m.threadId}:${m.userId}`, m.personId]));
  return rows.map((r) => {
    const person = shown.get(personOf.get(`${r.threadId}:${r.senderUserId}`) ?? '');
    const user: ChatUserView = { id: senderId(r.threadId, r.senderUserId), name: person?.name ?? '', avatar: person?.avatar ?? null };
    return { id: r.id, seq: r.seq, relatedId: r.threadId, user, type: r.kind, content: r.content, date: r.createdAt.toISOString() };
  });
}

export async function messageViews(db: Db, rows: MessageRow[], members: Member[]): Promise<Omit<ChatMessageView, 'mine'>[]> {
  return messageView(rows, members, await profiles(db, [...new Set(members.map((m) => m.personId))]));
}

/** Both sides of a thread, the caller's first. */
export async function membersOf(db: Db, m: Member): Promise<Member[]> {
  const rows = await db.select().from(chatMembers).where(eq(chatMembers.threadId, m.threadId));
  return [m, ...rows.filter((r) => r.userId !== m.userId)];
}

/**
 * A page of the caller's messages in a thread, oldest first: the newest 10, those before `beforeSeq`
 * (scrolling up), or those after `afterSeq` (catching up after a reconnect). Cleared ones never come back.
 */
export async function messagesPage(
  db: Db,
  m: Member,
  cursor: { beforeSeq?: number; afterSeq?: number },
): Promise<Omit<ChatMessageView, 'mine'>[]> {
  const mine = and(eq(chatMessages.threadId, m.threadId), gt(chatMessages.seq, m.clearedSeq));
  const rows =
    cursor.afterSeq !== undefined
      ? await db
          .select()
          .from(chatMessages)
          .where(and(mine, gt(chatMessages.seq, cursor.afterSeq)))
          .orderBy(chatMessages.seq)
          .limit(100)
      : (
          await db
            .select()
            .from(chatMessages)
            .where(and(mine, cursor.beforeSeq !== undefined ? lt(chatMessages.seq, cursor.beforeSeq) : undefined))
            .orderBy(desc(chatMessages.seq))
            .limit(CHAT_PAGE_SIZE)
        ).reverse();
  return messageViews(db, rows, await membersOf(db, m));
}

/** The other side of a thread as the caller sees it, with the shield state and the self-bound flag. */
export async function threadHead(
  db: Db,
  m: Member,
): Promise<Omit<ChatThreadView, 'lastMessageContent' | 'lastMessageType' | 'lastMessageDate'>> {
  const shown = (await profiles(db, [m.otherPersonId])).get(m.otherPersonId);
  return {
    relatedId: m.threadId,
    toUser: { id: matchId(m.personId, m.otherPersonId), name: shown?.name ?? '', avatar: shown?.avatar ?? null, barcode: null },
    newMsgNum: m.newCount,
    shieldState: shieldState(m.blocked, await blockedByOther(db, m)),
    selfBound: m.otherUserId === m.userId,
  };
}

/** §7.7 getMsgList: the caller's threads that hold messages they have not cleared, latest first, 10 a page. */
export async function threadsPage(db: Db, userId: string, page: number): Promise<ChatThreadView[]> {
  // Each thread's last seq through the (thread_id, seq) index, for the caller's threads only.
  const lastSeq = sql<number>`(select max(${chatMessages.seq}) from ${chatMessages} where ${chatMessages.threadId} = ${chatMembers.threadId})`;
  const rows = await db
    .select({ member: chatMembers, theyBlocked: other.blocked, lastSeq: lastSeq.mapWith(Number) })
    .from(chatMembers)
    .innerJoin(chatThreads, eq(chatThreads.id, chatMembers.threadId))
    .innerJoin(other, and(eq(other.threadId, chatMembers.threadId), eq(other.userId, chatMembers.otherUserId)))
    .where(and(eq(chatMembers.userId, userId), sql`${lastSeq} > ${chatMembers.clearedSeq}`))
    .orderBy(desc(chatThreads.lastMessageAt), desc(chatThreads.id))
    .limit(THREADS_PAGE_SIZE)
    .offset((page - 1) * THREADS_PAGE_SIZE);
  const lastMessages = new Map(
    rows.length
      ? (
          await db
            .select()
            .from(chatMessages)
            .where(
              inArray(
                chatMessages.seq,
                rows.map((r) => r.lastSeq),
              ),
            )
        ).map((r) => [r.threadId, r])
      : [],
  );
  const shown = await profiles(
    db,
    rows.map((r) => r.member.otherPersonId),
  );
  return rows.map(({ member: m, theyBlocked }) => {
    const lastMessage = lastMessages.get(m.threadId);
    const person = shown.get(m.otherPersonId);
    return {
      relatedId: m.threadId,
      toUser: { id: matchId(m.personId, m.otherPersonId), name: person?.name ?? '', avatar: person?.avatar ?? null, barcode: null },
      lastMessageContent: lastMessage?.content ?? null,
      lastMessageType: lastMessage?.kind ?? null,
      lastMessageDate: lastMessage?.createdAt.toISOString() ?? null,
      newMsgNum: m.newCount,
      shieldState: shieldState(m.blocked, theyBlocked),
      selfBound: m.otherUserId === m.userId,
    };
  });
}

/**
 * How long a send's transaction may take between stamping its message and committing it. Seqs are
 * taken in that transaction, so a message can become visible after a higher seq was already seen;
 * catch-up re-reads this much before the last seen message and the client drops ids it already has.
 */
const COMMIT_SLACK_MS = 60_000;
/** Without the last seen message (deleted since), catch-up falls back to this many seqs before it. */
const CATCHUP_SEQ_OVERLAP = 100;

/**
 * Catch-up after a reconnect: the user's messages (all threads) after the last seq the client saw,
 * and those that may have committed late (see COMMIT_SLACK_MS), oldest first, at most 200.
 */
export async function messagesSince(db: Db, userId: string, afterSeq: number): Promise<Omit<ChatMessageView, 'mine'>[]> {
  const [seen] = await db.select({ at: chatMessages.createdAt }).from(chatMessages).where(eq(chatMessages.seq, afterSeq));
  const after = seen
    ? or(gt(chatMessages.seq, afterSeq), gte(chatMessages.createdAt, new Date(seen.at.getTime() - COMMIT_SLACK_MS)))
    : gt(chatMessages.seq, Math.max(0, afterSeq - CATCHUP_SEQ_OVERLAP));
  const rows = await db
    .select({ message: chatMessages })
    .from(chatMessages)
    .innerJoin(chatMembers, and(eq(chatMembers.threadId, chatMessages.threadId), eq(chatMembers.userId, userId)))
    .where(and(after, gt(chatMessages.seq, chatMembers.clearedSeq)))
    .orderBy(chatMessages.seq)
    .limit(200);
  if (!rows.length) return [];
  const threadIds = [...new Set(rows.map((r) => r.message.threadId))];
  const members = await db.select().from(chatMembers).where(inArray(chatMembers.threadId, threadIds));
  return messageViews(
    db,
    rows.map((r) => r.message),
    members,
  );
}
