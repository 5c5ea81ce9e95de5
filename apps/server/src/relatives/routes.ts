import { ok } from '@jiyin/contracts/envelope';
import {
  RELATIVES_API_PATHS,
  RELATIVES_PAGE_SIZE,
  type RelativesListView,
  relativeDetailParamsSchema,
  relativesBarcodeQuerySchema,
  relativesConsentBodySchema,
  relativesListQuerySchema,
  relativesRecheckBodySchema,
} from '@jiyin/contracts/relativesApi';
import { reportAccess } from '@jiyin/contracts/reports';
import { schema } from '@jiyin/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit } from '../auth/audit.ts';
import type { Deps } from '../deps.ts';
import { ApiError, parseInput } from '../http/errors.ts';
import { type ReportSubject, userReportSubject } from '../reports/access.ts';
import { requireUser } from '../users/session.ts';
import { verifySmsCode } from '../auth/smsCodes.ts';
import { checkReadBudget, requireRelativesSession, watchViews } from './access.ts';
import { consentOf, consentView, isLive, joinRelatives, matchedBarcodeOf, withdrawRelatives } from './consent.ts';
import { holdOf } from './guard.ts';
import { staffRoutes } from './staff.ts';
import { GRADE_TABLE, isGrade, relativeDetail, relativesPage } from './queries.ts';

/**
 * A barcode of the caller's own person or one shared with them (report access rules); anything
 * else answers exactly like a missing report. Share links and sample mode never reach relatives.
 */
async function subjectOf(req: FastifyRequest, deps: Deps, barcode: string, reading = false): Promise<ReportSubject & { userId: string }> {
  // Reading others' profiles needs a recent sign-in and a token allowed to (access.ts).
  const me = reading ? await requireRelativesSession(req, deps) : await requireUser(req, deps);
  const subject = await userReportSubject(deps, me.userId, barcode);
  return { ...subject, userId: me.userId };
}

/** Gene relatives belong to the ancestry report (§6): other report kinds are asked to upgrade. */
function requireAncestry(s: ReportSubject): void {
  if (!reportAccess(s.reportType).ancestry) throw new ApiError('SHOULD_UPGRADE', '当前检测产品不含祖源报告，升级后可使用基因亲人');
}

function requireOwner(s: ReportSubject): void {
  if (s.via !== 'owner') throw new ApiError('NO_PERMISSION', '只有检测人的创建者可以加入或退出基因亲人');
}

async function viewOf(deps: Deps, s: ReportSubject) {
  const [owner] = await deps.database.db
    .select({ id: schema.persons.ownerUserId })
    .from(schema.persons)
    .where(eq(schema.persons.id, s.person.personId));
  const matched = await matchedBarcodeOf(deps, s.person.personId);
  return consentView(
    await consentOf(deps, s.person.personId),
    { personId: s.person.personId, name: s.person.name, barcode: s.person.barcode },
    s.via === 'owner',
    matched && owner ? await holdOf(deps, matched, owner.id) : null,
  );
}

/** §2.2 gene relatives: consent (protocol page), the paged list and one match's detail. */
export async function relativesRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps.database;

  app.get(RELATIVES_API_PATHS.consent, async (req) => {
    const { barcode } = parseInput(relativesBarcodeQuerySchema, req.query);
    return ok(await viewOf(deps, await subjectOf(req, deps, barcode)));
  });

  app.post(RELATIVES_API_PATHS.consent, async (req) => {
    const body = parseInput(relativesConsentBodySchema, req.body);
    const s = await subjectOf(req, deps, body.barcode);
    requireOwner(s);
    requireAncestry(s);
    const row = await joinRelatives(deps, { personId: s.person.personId, ownerUserId: s.userId }, body.protocolVersion);
    await audit(deps, req, s.userId, 'relatives-consent', { personId: s.person.personId, protocolVersion: row.protocolVersion });
    return ok(await viewOf(deps, s));
  });

  app.delete(RELATIVES_API_PATHS.consent, async (req) => {
    const { barcode } = parseInput(relativesBarcodeQuerySchema, req.query);
    const s = await subjectOf(req, deps, barcode);
    requireOwner(s);
    const before = await consentOf(deps, s.person.personId);
    await withdrawRelatives(deps, s.person.personId);
    if (isLive(before)) await audit(deps, req, s.userId, 'relatives-withdraw', { personId: s.person.personId });
    return ok(await viewOf(deps, s));
  });

  app.get(RELATIVES_API_PATHS.list, async (req) => {
    const q = parseInput(relativesListQuerySchema, req.query);
    if (q.grade !== undefined && !isGrade(q.grade)) throw new ApiError('BAD_REQUEST', '关系等级不正确');
    const s = await subjectOf(req, deps, q.barcode, true);
    requireAncestry(s);
    await checkReadBudget(deps, s.userId);
    await audit(deps, req, s.userId, 'relatives-list', { personId: s.person.personId, page: q.page });
    const consent = await viewOf(deps, s);
    const grade = q.grade ?? null;
    // Someone who has not joined, or is held or paused, sees no one (and learns nothing about who has).
    const page =
      consent.joined && !consent.hold
        ? await relativesPage(db, s.person.personId, { page: q.page, sort: q.sort, grade })
        : { total: 0, list: [] };
    const view: RelativesListView = {
      consent,
      page: q.page,
      size: RELATIVES_PAGE_SIZE,
      total: page.total,
      sort: q.sort,
      grade,
      list: page.list,
      grades: GRADE_TABLE,
    };
    return ok(view);
  });

  app.get(RELATIVES_API_PATHS.detail, async (req) => {
    const { id } = parseInput(relativeDetailParamsSchema, req.params);
    const { barcode } = parseInput(relativesBarcodeQuerySchema, req.query);
    const s = await subjectOf(req, deps, barcode, true);
    requireAncestry(s);
    await checkReadBudget(deps, s.userId);
    // Every view of a relative is an audit event, found or not (probing ids is visible too).
    await audit(deps, req, s.userId, 'relatives-detail', { personId: s.person.personId, id });
    await watchViews(deps, s.userId, req.log);
    if ((await viewOf(deps, s)).hold?.scope === 'account') throw new ApiError('RELATIVES_PAUSED');
    // The viewer's own consent is part of every read (visible() joins on it too).
    const detail = await relativeDetail(db, s.person.personId, id, s.userId);
    if (!detail) throw new ApiError('NOT_FOUND', '这位基因亲人不存在或已退出基因亲人');
    return ok(detail);
  });

  /** The SMS re-check of an older session: a code sent for purpose 'recheck' to the account's phone. */
  app.post(RELATIVES_API_PATHS.recheck, async (req) => {
    const me = await requireUser(req, deps);
    const { authCode } = parseInput(relativesRecheckBodySchema, req.body);
    const [user] = await db.select().from(schema.users).where(eq(schema.users.id, me.userId));
    await verifySmsCode(deps, { nationCode: user.nationCode, phone: user.phone, purpose: 'recheck' }, authCode, true);
    await db.update(schema.sessions).set({ recheckedAt: deps.now() }).where(eq(schema.sessions.id, me.sessionId));
    await audit(deps, req, me.userId, 'relatives-recheck');
    return ok({ recheckedAt: deps.now().toISOString() });
  });

  await staffRoutes(app, deps);
}
