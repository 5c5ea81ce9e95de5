import { bigint, bigserial, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { persons } from './persons.ts';

/**
 * §3 Private-message thread between two tested persons (a chat is about a gene relative, so an account
 * with several persons has one thread per pair). `personLow` < `personHigh` keeps the pair unique.
 */
export const chatThreads = pgTable(
  'chat_threads',
  {
    id: text('id').primaryKey(),
    personLow: text('person_low')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    personHigh: text('person_high')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('chat_threads_pair_uq').on(t.personLow, t.personHigh)],
);

/** Each side's own view of a thread: its new count, its block, and what it cleared (delete thread). */
export const chatMembers = pgTable(
  'chat_members',
  {
    threadId: text('thread_id')
      .notNull()
      .references(() => chatThreads.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** This member's own person in the thread, and the other side's. */
    personId: text('person_id').notNull(),
    otherPersonId: text('other_person_id').notNull(),
    otherUserId: text('other_user_id').notNull(),
    /** §4 shield: this member blocked the other. */
    blocked: boolean('blocked').notNull().default(false),
    newCount: integer('new_count').notNull().default(0),
    /** Messages up to this seq are gone for this member (deleted thread); 0 keeps all. */
    clearedSeq: bigint('cleared_seq', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.userId] }), index('chat_members_user_idx').on(t.userId)],
);

/** §3 Chat message: text, or an uploaded picture's address. `seq` orders a thread and is the catch-up cursor. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: text('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    threadId: text('thread_id')
      .notNull()
      .references(() => chatThreads.id, { onDelete: 'cascade' }),
    senderUserId: text('sender_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().$type<'text' | 'image'>(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('chat_messages_seq_uq').on(t.seq),
    index('chat_messages_thread_idx').on(t.threadId, t.seq),
    index('chat_messages_sender_idx').on(t.senderUserId, t.createdAt),
  ],
);
