import type { NotificationView } from '@jiyin/contracts/reportApi';
import { type Db, schema } from '@jiyin/db';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { newId } from '../auth/tokens.ts';
import { publish } from '../live/hub.ts';

const { notifications, persons } = schema;

type NoticeRow = typeof notifications.$inferSelect;
export type NewNotice = Omit<typeof notifications.$inferInsert, 'id'>;

/** §8: what a notice says in place of a tested person who has since been deleted. */
export const DELETED_PERSON_LABEL = '[检测人已删除]';
/** The place a notice's content names its person; filled in when read, so renames and deletions show. */
export const PERSON_SLOT = '{person}';

/**
 * The one way any domain notifies users: stores the notices and sends them live (delivered when the
 * caller's transaction commits, so a rolled-back job notifies no one).
 */
export async function notify(db: Db, notices: NewNotice[]): Promise<void> {
  if (!notices.length) return;
  const rows = await db
    .insert(notifications)
    .values(notices.map((n) => ({ id: newId(), ...n })))
    .returning();
  const views = await notificationViews(db, rows);
  for (const [i, row] of rows.entries()) await publish(db, [row.userId], { type: 'notice', notice: views[i] });
}

/** Unread notices of a user (the header's bell, §3 User.infoCount), optionally of one module and some types. */
export async function unreadCount(db: Db, userId: string, filter: { module?: string; types?: number[] } = {}): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        filter.module ? eq(notifications.module, filter.module) : undefined,
        filter.types ? inArray(notifications.type, filter.types) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

/** Unread notices of the bell's module for several users in one read (the live counts); users without any are left out. */
export async function unreadNoticesOf(db: Db, userIds: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ userId: notifications.userId, n: count() })
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), isNull(notifications.readAt), eq(notifications.module, 'notification')))
    .groupBy(notifications.userId);
  return new Map(rows.map((r) => [r.userId, Number(r.n)]));
}

/** Views of notices with their person's current name put in (one read for all of them). */
export async function notificationViews(db: Db, rows: NoticeRow[]): Promise<NotificationView[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.personId ? [r.personId] : [])))];
  const names = new Map(
    ids.length
      ? (await db.select({ id: persons.id, name: persons.name }).from(persons).where(inArray(persons.id, ids))).map((p) => [p.id, p.name])
      : [],
  );
  return rows.map((n) => ({
    id: n.id,
    type: n.type,
    title: n.title,
    content: n.content.replaceAll(PERSON_SLOT, (n.personId && names.get(n.personId)) || DELETED_PERSON_LABEL),
    date: n.createdAt.toISOString(),
    readDate: n.readAt?.toISOString() ?? null,
    relatedId: n.relatedId,
    module: n.module,
    fromUser: n.fromUser ?? null,
    webviewInfo: n.webviewUrl ? { url: n.webviewUrl } : null,
  }));
}
