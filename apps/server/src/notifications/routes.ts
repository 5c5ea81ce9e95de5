import { ok } from '@jiyin/contracts/envelope';
import { REPORT_API_PATHS } from '@jiyin/contracts/reportApi';
import { schema } from '@jiyin/db';
import { and, desc, eq, gt, inArray, lt, or } from 'drizzle-orm';
import { SOCIAL_API_PATHS } from '@jiyin/contracts/social';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { ApiError, parseInput } from '../http/errors.ts';
import { publish } from '../live/hub.ts';
import { requireUser } from '../users/session.ts';
import { notificationViews, unreadCount } from './service.ts';

const { notifications } = schema;

/** `types` as the pages send it: repeated (types=1&types=2) or comma-separated. */
const typesParam = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    const list = (Array.isArray(v) ? v : v.split(',')).filter(Boolean).map(Number);
    if (list.some((n) => !Number.isInteger(n))) {
      ctx.addIssue({ code: 'custom', message: '消息类型不正确' });
      return z.NEVER;
    }
    return list.length ? list : undefined;
  });

const listQuery = z.object({
  module: z.string().max(40).default('notification'),
  types: typesParam,
  count: z.coerce.number().int('条数不正确').min(1, '条数不正确').max(50, '条数不正确').default(10),
  /** -1 loads older notices than the baseline (load more), 1 newer ones (refresh). */
  refresh_mode: z.coerce
    .number()
    .refine((n) => n === -1 || n === 1, '刷新方式不正确')
    .default(-1),
  baseline_id: z.string().max(64).optional(),
});
const unreadQuery = z.object({ module: z.string().max(40).default('notification'), types: typesParam });
const idParams = z.object({ id: z.uuid('消息不存在') });

/** §7.7 notices: the user's own only; someone else's id answers like a missing one. */
export async function notificationRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps.database;

  app.get(REPORT_API_PATHS.notifications, async (req) => {
    const me = await requireUser(req, deps);
    const q = parseInput(listQuery, req.query);
    const mine = and(
      eq(notifications.userId, me.userId),
      eq(notifications.module, q.module),
      q.types ? inArray(notifications.type, q.types) : undefined,
    );
    let cursor: ReturnType<typeof or>;
    if (q.baseline_id) {
      const [base] = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.id, q.baseline_id), eq(notifications.userId, me.userId)));
      if (!base) throw new ApiError('NOT_FOUND', '消息不存在');
      const before = q.refresh_mode === -1;
      const cmp = before ? lt : gt;
      cursor = or(
        cmp(notifications.createdAt, base.createdAt),
        and(eq(notifications.createdAt, base.createdAt), cmp(notifications.id, base.id)),
      );
    }
    const rows = await db
      .select()
      .from(notifications)
      .where(and(mine, cursor))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(q.count);
    return ok({ list: await notificationViews(db, rows) });
  });

  app.get(REPORT_API_PATHS.notificationsUnread, async (req) => {
    const me = await requireUser(req, deps);
    const q = parseInput(unreadQuery, req.query);
    return ok({ result: await unreadCount(db, me.userId, q) });
  });

  /** The caller's own notice by id; someone else's answers like a missing one. */
  async function ownNotice(req: FastifyRequest, userId: string) {
    const { id } = parseInput(idParams, req.params);
    const [row] = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
    if (!row) throw new ApiError('NOT_FOUND', '消息不存在');
    return row;
  }

  app.get(SOCIAL_API_PATHS.notification, async (req) => {
    const me = await requireUser(req, deps);
    const [view] = await notificationViews(db, [await ownNotice(req, me.userId)]);
    return ok(view);
  });

  /** Opening a notice marks it read (the first reading time stays); the bell follows live. */
  app.put(REPORT_API_PATHS.notificationRead, async (req) => {
    const me = await requireUser(req, deps);
    const row = await ownNotice(req, me.userId);
    if (row.readAt) return ok((await notificationViews(db, [row]))[0]);
    const read = await db.transaction(async (tx) => {
      const [updated] = await tx.update(notifications).set({ readAt: deps.now() }).where(eq(notifications.id, row.id)).returning();
      await publish(tx, [me.userId], null);
      return updated;
    });
    return ok((await notificationViews(db, [read]))[0]);
  });

  app.delete(SOCIAL_API_PATHS.notificationDelete, async (req) => {
    const me = await requireUser(req, deps);
    const row = await ownNotice(req, me.userId);
    await db.transaction(async (tx) => {
      await tx.delete(notifications).where(eq(notifications.id, row.id));
      await publish(tx, [me.userId], null);
    });
    return ok(null);
  });
}
