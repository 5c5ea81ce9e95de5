import type { NotificationView } from '@jiyin/contracts/reportApi';
import { schema } from '@jiyin/db';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Deps } from '../deps.ts';

const { notifications } = schema;

/** Unread notices of a user (the header's bell, §3 User.infoCount), optionally of one module and some types. */
export async function unreadCount(deps: Deps, userId: string, filter: { module?: string; types?: number[] } = {}): Promise<number> {
  const [row] = await deps.database.db
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

export function notificationView(n: typeof notifications.$inferSelect): NotificationView {
  return {
    id: n.id,
    type: n.type,
    title: n.title,
    content: n.content,
    date: n.createdAt.toISOString(),
    readDate: n.readAt?.toISOString() ?? null,
    relatedId: n.relatedId,
    module: n.module,
    fromUser: n.fromUser ?? null,
    webviewInfo: n.webviewUrl ? { url: n.webviewUrl } : null,
  };
}
