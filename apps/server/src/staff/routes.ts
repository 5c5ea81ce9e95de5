import { auditActionLabel } from '@jiyin/contracts/accounts';
import { ok } from '@jiyin/contracts/envelope';
import { activitySchema } from '@jiyin/contracts/fission';
import { LAB_TEST_LABELS, LAB_TEST_TAGS, LAB_TYPE_SLUG, labResultSchema } from '@jiyin/contracts/kitServices';
import { REPORT_READY_NOTICE_TYPE } from '@jiyin/contracts/reportApi';
import {
  productEditSchema,
  STAFF_PATHS,
  type StaffAuditEntry,
  type StaffExpeditedKit,
  type StaffKitView,
  type StaffOrderView,
  type StaffProductView,
  type StaffSessionView,
  shipSchema,
  staffConfirmSchema,
  staffOrdersQuery,
} from '@jiyin/contracts/staff';
import { schema } from '@jiyin/db';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, like, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { audit } from '../auth/audit.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { catalogChanged } from '../catalog/cache.ts';
import { accountKey, throttledAttempt } from '../auth/throttle.ts';
import { newId } from '../auth/tokens.ts';
import { maskPhone } from '../auth/users.ts';
import type { Deps } from '../deps.ts';
import { activityView } from '../fission/routes.ts';
import { rewardReferral } from '../fission/rewards.ts';
import { ApiError, parseInput } from '../http/errors.ts';
import { resultOfKit } from '../kitServices/queries.ts';
import { notify } from '../notifications/service.ts';
import { cancelOrder } from '../payments/logic.ts';
import { moveOrder, type OrderRow, orderView } from '../orders/queries.ts';
import { requireStaff, requireStaffSession } from '../users/session.ts';

const { orders, kits, persons, products, labResults, users, sessions, auditLog, activities, reportResults } = schema;
const orderParams = z.object({ id: z.uuid('订单不存在') });
const barcodeParams = z.object({
  barcode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}\d{10}$/, '条码格式不正确'),
});
const productParams = z.object({ id: z.string().min(1).max(64) });

/**
 * The staff back office (issue scope 8): orders along the state machine (ship with kits, bound,
 * done, refund), kits and their lab results, products, activities. Every call passes the staff
 * sign-in policy (requireStaffSession) and every change is written to the audit log.
 */
export async function staffBackOfficeRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps.database;

  async function order(id: string): Promise<OrderRow> {
    const [row] = await db.select().from(orders).where(eq(orders.id, id));
    if (!row) throw new ApiError('NOT_FOUND', '订单不存在');
    return row;
  }
  async function staffOrderView(o: OrderRow): Promise<StaffOrderView> {
    const [buyer] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, o.userId));
    const sent = await db.select({ barcode: kits.barcode }).from(kits).where(eq(kits.orderId, o.id)).orderBy(asc(kits.barcode));
    return { ...(await orderView(db, o)), buyerPhone: buyer ? maskPhone(buyer.phone) : '', barcodes: sent.map((k) => k.barcode) };
  }

  app.get(STAFF_PATHS.session, async (req) => {
    const me = await requireStaff(req, deps);
    const [row] = await db
      .select({ name: users.name, confirmedAt: sessions.staffConfirmedAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, me.sessionId));
    const windowMs = deps.config.staff.confirmMinutes * 60_000;
    const until = row?.confirmedAt ? new Date(row.confirmedAt.getTime() + windowMs) : null;
    const view: StaffSessionView = {
      name: row?.name ?? '',
      confirmed: Boolean(until && until > deps.now()),
      confirmedUntil: until?.toISOString() ?? null,
      confirmMinutes: deps.config.staff.confirmMinutes,
    };
    return ok(view);
  });

  /** The password again (throttled like sign-in); a session past the age limit must sign in anew instead. */
  app.post(STAFF_PATHS.confirm, async (req) => {
    const me = await requireStaff(req, deps);
    const { password } = parseInput(staffConfirmSchema, req.body);
    const [row] = await db
      .select({ createdAt: sessions.createdAt, hash: users.passwordHash, nationCode: users.nationCode, phone: users.phone })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, me.sessionId));
    if (!row || deps.now().getTime() - row.createdAt.getTime() > deps.config.staff.sessionMaxHours * 3600_000)
      throw new ApiError('STAFF_SIGNIN_REQUIRED');
    await throttledAttempt(
      deps,
      [accountKey(row.nationCode, row.phone)],
      async () => Boolean(row.hash) && (await verifyPassword(row.hash, password)),
      new ApiError('SIGNIN_FAILED', '密码错误'),
    );
    await db.update(sessions).set({ staffConfirmedAt: deps.now() }).where(eq(sessions.id, me.sessionId));
    await audit(deps, req, me.userId, 'staff-confirm');
    return ok({ confirmed: true });
  });

  app.get(STAFF_PATHS.orders, async (req) => {
    await requireStaffSession(req, deps);
    const { state, page, size } = parseInput(staffOrdersQuery, req.query);
    const where = state ? eq(orders.state, state) : undefined;
    const rows = await db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(size)
      .offset((page - 1) * size);
    const [{ total }] = await db.select({ total: count() }).from(orders).where(where);
    return ok({ list: await Promise.all(rows.map(staffOrderView)), total, page, size });
  });

  /** paid → shipped with the kits sent: known unsent kits of the order's product, or new barcodes registered for it. */
  app.post(STAFF_PATHS.ship, async (req) => {
    const me = await requireStaffSession(req, deps);
    const { id } = parseInput(orderParams, req.params);
    const { barcodes } = parseInput(shipSchema, req.body);
    const o = await order(id);
    if (o.targetBarcode) throw new ApiError('BAD_REQUEST', '服务订单无需发货：实验室处理完成后标记为已完成');
    if (barcodes.length !== o.count) throw new ApiError('BAD_REQUEST', `该订单有 ${o.count} 件，请填写 ${o.count} 个条码`);
    const now = deps.now();
    await db.transaction(async (tx) => {
      if (!(await moveOrder(tx, o, 'shipped', now))) throw new ApiError('BAD_REQUEST', '订单状态已变化，请刷新后重试');
      const known = await tx.select().from(kits).where(inArray(kits.barcode, barcodes));
      for (const k of known) {
        if (k.productId !== o.productId) throw new ApiError('BAD_REQUEST', `条码 ${k.barcode} 不是该订单商品的采样盒`);
        if (k.orderId || k.personId) throw new ApiError('BARCODE_BOUND', `条码 ${k.barcode} 已寄出或已绑定`);
      }
      const fresh = barcodes.filter((b) => !known.some((k) => k.barcode === b));
      if (fresh.length) await tx.insert(kits).values(fresh.map((barcode) => ({ barcode, productId: o.productId, orderId: o.id })));
      if (known.length)
        await tx
          .update(kits)
          .set({ orderId: o.id })
          .where(
            inArray(
              kits.barcode,
              known.map((k) => k.barcode),
            ),
          );
    });
    await audit(deps, req, me.userId, 'staff-order-ship', { orderId: o.id, barcodes });
    return ok(await staffOrderView(await order(id)));
  });

  /** shipped → bound, once one of its kits is bound to a person (binding a kit also does this by itself). */
  app.post(STAFF_PATHS.bind, async (req) => {
    const me = await requireStaffSession(req, deps);
    const o = await order(parseInput(orderParams, req.params).id);
    const [bound] = await db
      .select({ barcode: kits.barcode })
      .from(kits)
      .where(and(eq(kits.orderId, o.id), isNotNull(kits.personId)));
    if (o.state === 'shipped' && !bound) throw new ApiError('BAD_REQUEST', '该订单的采样盒还没有绑定检测人');
    if (!(await moveOrder(db, o, 'bound', deps.now()))) throw new ApiError('BAD_REQUEST', '订单状态已变化，请刷新后重试');
    await audit(deps, req, me.userId, 'staff-order-bind', { orderId: o.id });
    return ok(await staffOrderView(await order(o.id)));
  });

  /** bound → done; the buyer's inviter is rewarded in the same transaction, once per order. */
  app.post(STAFF_PATHS.done, async (req) => {
    const me = await requireStaffSession(req, deps);
    const o = await order(parseInput(orderParams, req.params).id);
    const now = deps.now();
    const reward = await db.transaction(async (tx) => {
      if (!(await moveOrder(tx, o, 'done', now))) throw new ApiError('BAD_REQUEST', '订单状态已变化，请刷新后重试');
      return rewardReferral(tx, o, now);
    });
    await audit(deps, req, me.userId, 'staff-order-done', { orderId: o.id, referralReward: reward });
    return ok(await staffOrderView(await order(o.id)));
  });

  app.post(STAFF_PATHS.refund, async (req) => {
    const me = await requireStaffSession(req, deps);
    const o = await order(parseInput(orderParams, req.params).id);
    // Only money taken and no kit sent: the state machine has paid → refunded and nothing later.
    if (o.state !== 'paid') throw new ApiError('BAD_REQUEST', '只有已支付、未发货的订单可以退款');
    await cancelOrder(deps, o);
    await audit(deps, req, me.userId, 'staff-order-refund', { orderId: o.id, amount: o.total });
    return ok(await staffOrderView(await order(o.id)));
  });

  /** The lab's priority queue: paid speed packages whose kit has no report yet. */
  app.get(STAFF_PATHS.expeditedKits, async (req) => {
    await requireStaffSession(req, deps);
    const rows = await db
      .select({ barcode: kits.barcode, productName: products.name, expeditedAt: kits.expeditedAt })
      .from(kits)
      .innerJoin(products, eq(products.id, kits.productId))
      .leftJoin(reportResults, eq(reportResults.barcode, kits.barcode))
      .where(and(isNotNull(kits.expeditedAt), isNull(reportResults.barcode)))
      .orderBy(asc(kits.expeditedAt))
      .limit(200);
    const list: StaffExpeditedKit[] = rows.map((r) => ({ ...r, expeditedAt: (r.expeditedAt as Date).toISOString() }));
    return ok({ list });
  });

  // A lab result is health data: staff reads are logged like changes.
  app.get(STAFF_PATHS.kit, async (req) => {
    const me = await requireStaffSession(req, deps);
    const { barcode } = parseInput(barcodeParams, req.params);
    const [row] = await db
      .select({ kit: kits, productName: products.name, person: { id: persons.id, name: persons.name } })
      .from(kits)
      .innerJoin(products, eq(products.id, kits.productId))
      .leftJoin(persons, eq(persons.id, kits.personId))
      .where(eq(kits.barcode, barcode));
    if (!row) throw new ApiError('BARCODE_UNKNOWN');
    const view: StaffKitView = {
      barcode: row.kit.barcode,
      productId: row.kit.productId,
      productName: row.productName,
      orderId: row.kit.orderId,
      person: row.person?.id ? { id: row.person.id, name: row.person.name } : null,
      boundAt: row.kit.boundAt?.toISOString() ?? null,
      expeditedAt: row.kit.expeditedAt?.toISOString() ?? null,
      result: await resultOfKit(db, barcode),
    };
    await audit(deps, req, me.userId, 'staff-kit-view', { barcode });
    return ok(view);
  });

  /** A lab result for a kit bound to a person, of the test its product carries; a second entry corrects the first. */
  app.post(STAFF_PATHS.labResults, async (req) => {
    const me = await requireStaffSession(req, deps);
    const input = parseInput(labResultSchema, req.body);
    const [row] = await db
      .select({ kit: kits, tag: products.commodityTag, ownerUserId: persons.ownerUserId })
      .from(kits)
      .innerJoin(products, eq(products.id, kits.productId))
      .leftJoin(persons, eq(persons.id, kits.personId))
      .where(eq(kits.barcode, input.barcode));
    if (!row) throw new ApiError('BARCODE_UNKNOWN');
    if (!row.kit.personId || !row.ownerUserId) throw new ApiError('BAD_REQUEST', '该采样盒尚未绑定检测人，不能录入结果');
    if (row.tag !== LAB_TEST_TAGS[input.testType])
      throw new ApiError('BAD_REQUEST', `该采样盒的商品不是${LAB_TEST_LABELS[input.testType]}`);
    const now = deps.now();
    const values = {
      testType: input.testType,
      items: input.items,
      conclusion: input.conclusion,
      labName: input.labName,
      // Calendar dates as the lab printed them, kept at UTC midnight so they read back unchanged.
      sampledAt: input.sampledAt ? new Date(`${input.sampledAt}T00:00:00Z`) : null,
      reportedAt: new Date(`${input.reportedAt}T00:00:00Z`),
      enteredBy: me.userId,
      updatedAt: now,
    };
    const ownerUserId = row.ownerUserId;
    const personId = row.kit.personId;
    const [saved] = await db.transaction(async (tx) => {
      const rows = await tx
        .insert(labResults)
        .values({ id: newId(), barcode: input.barcode, createdAt: now, ...values })
        .onConflictDoUpdate({ target: labResults.barcode, set: values })
        .returning();
      await notify(tx, [
        {
          userId: ownerUserId,
          type: REPORT_READY_NOTICE_TYPE,
          title: `${LAB_TEST_LABELS[input.testType]}结果已出`,
          content: `{person}的${LAB_TEST_LABELS[input.testType]}结果已出，请查看报告。`,
          personId,
          relatedId: input.barcode,
          webviewUrl: `/report/${LAB_TYPE_SLUG[input.testType]}${input.testType === 'HPV' ? '/detail' : ''}`,
          createdAt: now,
        },
      ]);
      return rows;
    });
    await audit(deps, req, me.userId, 'staff-lab-result', { barcode: input.barcode, testType: input.testType, resultId: saved.id });
    return ok(await resultOfKit(db, input.barcode));
  });

  app.get(STAFF_PATHS.products, async (req) => {
    await requireStaffSession(req, deps);
    const rows = await db.select().from(products).orderBy(asc(products.sort), asc(products.id));
    const list: StaffProductView[] = rows.map((p) => ({
      id: p.id,
      name: p.name,
      commodityTag: p.commodityTag,
      price: p.skuInfos[0]?.actualPrice ?? 0,
      online: p.online,
      stock: p.stock,
    }));
    return ok({ list });
  });

  app.put(STAFF_PATHS.product, async (req) => {
    const me = await requireStaffSession(req, deps);
    const { id } = parseInput(productParams, req.params);
    const edit = parseInput(productEditSchema, req.body);
    const [row] = await db.transaction(async (tx) => {
      const updated = await tx
        .update(products)
        .set({ ...edit, updatedAt: deps.now() })
        .where(eq(products.id, id))
        .returning({ id: products.id });
      if (updated.length) await catalogChanged(tx);
      return updated;
    });
    if (!row) throw new ApiError('NOT_FOUND', '商品不存在');
    // This process forgets the old lists now; the others when the notification reaches them.
    deps.catalog.clear();
    await audit(deps, req, me.userId, 'staff-product-edit', { productId: id, ...edit });
    return ok({ id, ...edit });
  });

  app.get(STAFF_PATHS.activities, async (req) => {
    await requireStaffSession(req, deps);
    const rows = await db.select().from(activities).orderBy(desc(activities.startDate)).limit(100);
    return ok({ list: rows.map((a) => activityView(a, deps.now())) });
  });

  app.post(STAFF_PATHS.activities, async (req) => {
    const me = await requireStaffSession(req, deps);
    const a = parseInput(activitySchema, req.body);
    const [row] = await db
      .insert(activities)
      .values({
        id: newId(),
        ...a,
        startDate: new Date(a.startDate),
        endDate: new Date(a.endDate),
        createdBy: me.userId,
        createdAt: deps.now(),
      })
      .returning();
    await audit(deps, req, me.userId, 'staff-activity-create', { activityId: row.id, title: row.title });
    return ok(activityView(row, deps.now()));
  });

  app.get(STAFF_PATHS.audit, async (req) => {
    await requireStaffSession(req, deps);
    const rows = await db
      .select({ log: auditLog, name: users.name })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.userId))
      .where(or(like(auditLog.action, 'staff-%'), eq(auditLog.action, 'relatives-release')))
      .orderBy(desc(auditLog.createdAt))
      .limit(200);
    const list: StaffAuditEntry[] = rows.map(({ log, name }) => ({
      id: log.id,
      staffName: name ?? '',
      action: log.action,
      actionLabel: auditActionLabel(log.action),
      detail: log.detail ?? null,
      createdAt: log.createdAt.toISOString(),
    }));
    return ok({ list });
  });
}
