import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { persons } from './persons.ts';

/** §3 Notification, for the bell, /user/notices and the notification center. */
export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** §9 notification types; report-ready notices use REPORT_READY_NOTICE_TYPE of contracts. */
    type: integer('type').notNull(),
    module: text('module').notNull().default('notification'),
    title: text('title').notNull(),
    /** May hold `{person}`: the view puts in the person's current name, or [检测人已删除] once deleted (§8). */
    content: text('content').notNull(),
    /** The recipient's tested person the notice is about; null for none, or once that person is deleted. */
    personId: text('person_id').references(() => persons.id, { onDelete: 'set null' }),
    relatedId: text('related_id'),
    fromUser: jsonb('from_user').$type<{ name: string; avatar: unknown; barcode?: string }>(),
    webviewUrl: text('webview_url'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);
