import { ok } from '@jiyin/contracts/envelope';
import {
  type ClanBaseInfo,
  type ClanRelationsView,
  type ClanUnavailable,
  CLAN_PAGE_SIZE,
  type CommonOriginView,
  clanBaseInfoSchema,
  clanQuerySchema,
  commonOriginQuerySchema,
  ORIGIN_API_PATHS,
  type OriginUnavailable,
  originQuerySchema,
  provinceQuerySchema,
} from '@jiyin/contracts/originApi';
import { reportAccess } from '@jiyin/contracts/reports';
import { schema } from '@jiyin/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit } from '../auth/audit.ts';
import type { Deps } from '../deps.ts';
import { ApiError, parseInput } from '../http/errors.ts';
import { personFor } from '../persons/queries.ts';
import { type ReportSubject, resolveReportSubject, userReportSubject } from '../reports/access.ts';
import { matchId } from '../relatives/queries.ts';
import { requireUser } from '../users/session.ts';
import { clanGroups, clanMembers, sortClan } from './clan.ts';
import { clanCandidates, consentingRelatives, liveConsent, matchesAmong, type RelativeRow, showFullNameOf } from './queries.ts';
import {
  cityDistribution,
  commonList,
  commonOriginPlaces,
  distribution,
  geneOrigin,
  myOrigin,
  originDetail,
  originRelative,
  provinceByCode,
} from './service.ts';

const { persons, privacySwitches, relativeConsents } = schema;

/** Relatives' data is shown to the person's own account only: not to shared readers nor share links. */
const ownerOnly = () => new ApiError('NO_PERMISSION', '基因亲人相关内容仅限检测人本人的账号查看');
const relativeNotFound = () => new ApiError('NOT_FOUND', '亲人不存在');
const provinceNotFound = () => new ApiError('NOT_FOUND', '省份不存在');

type Origin = { subject: ReportSubject; unavailable: OriginUnavailable | null };

/**
 * §2.2 relatives distribution, gene origin and clan relations. The subject comes from the one report
 * access function (foreign barcodes answer like missing ones); then only the owner reads, and only
 * while their own gene-relatives consent is live. Every relative counted or listed consents too.
 */
export async function originRoutes(app: FastifyInstance, deps: Deps) {
  const originOf = async (req: FastifyRequest, barcode: string | undefined): Promise<Origin> => {
    const subject = await resolveReportSubject(req, deps, barcode);
    if (subject.sample) return { subject, unavailable: 'sample' };
    if (subject.via !== 'owner') throw ownerOnly();
    if (!reportAccess(subject.reportType).ancestry) throw new ApiError('SHOULD_UPGRADE', '祖源报告需要升级产品后查看');
    const consent = await liveConsent(deps, subject.person.personId);
    return { subject, unavailable: consent ? null : 'notJoined' };
  };
  const relativesOf = (o: Origin): Promise<RelativeRow[]> =>
    o.unavailable ? Promise.resolve([]) : consentingRelatives(deps, o.subject.person.barcode, o.subject.person.personId);

  app.get(ORIGIN_API_PATHS.distribution, async (req) => {
    const { barcode } = parseInput(originQuerySchema, req.query);
    const o = await originOf(req, barcode);
    return ok({ ...distribution(await relativesOf(o)), unavailable: o.unavailable });
  });

  app.get(ORIGIN_API_PATHS.distributionCities, async (req) => {
    const q = parseInput(provinceQuerySchema, req.query);
    const province = provinceByCode(q.province);
    if (!province) throw provinceNotFound();
    const o = await originOf(req, q.barcode);
    return ok({ ...cityDistribution(await relativesOf(o), province), unavailable: o.unavailable });
  });

  app.get(ORIGIN_API_PATHS.geneOrigin, async (req) => {
    const { barcode } = parseInput(originQuerySchema, req.query);
    const o = await originOf(req, barcode);
    return ok({ ...geneOrigin(await relativesOf(o)), unavailable: o.unavailable });
  });

  app.get(ORIGIN_API_PATHS.geneOriginCommonList, async (req) => {
    const { barcode } = parseInput(originQuerySchema, req.query);
    const o = await originOf(req, barcode);
    return ok({ ...commonList(o.subject.person.personId, await relativesOf(o)), unavailable: o.unavailable });
  });

  app.get(ORIGIN_API_PATHS.geneOriginDetail, async (req) => {
    const q = parseInput(provinceQuerySchema, req.query);
    const province = provinceByCode(q.province);
    if (!province) throw provinceNotFound();
    const o = await originOf(req, q.barcode);
    return ok({ ...originDetail(o.subject.person.personId, await relativesOf(o), province), unavailable: o.unavailable });
  });

  app.get(ORIGIN_API_PATHS.geneOriginCommon, async (req) => {
    const q = parseInput(commonOriginQuerySchema, req.query);
    const o = await originOf(req, q.barcode);
    if (o.unavailable) return ok<CommonOriginView>({ unavailable: o.unavailable, relative: null, sharedRelatives: 0, places: [] });
    if (!q.relative) throw new ApiError('BAD_REQUEST', '请选择一位亲人');
    // Only one of my own consenting relatives can be chosen; anyone else is "not found".
    const me = o.subject.person.personId;
    const rows = await relativesOf(o);
    const chosen = rows.find((r) => matchId(me, r.personId) === q.relative);
    if (!chosen) throw relativeNotFound();
    const others = rows.filter((r) => r.personId !== chosen.personId);
    const theirs = await matchesAmong(
      deps,
      chosen.barcode,
      others.map((r) => r.barcode),
    );
    const shared = others.filter((r) => theirs.has(r.barcode));
    return ok<CommonOriginView>({
      unavailable: null,
      relative: originRelative(me, chosen),
      sharedRelatives: shared.length,
      places: commonOriginPlaces(shared),
    });
  });

  app.get(ORIGIN_API_PATHS.geneOriginMine, async (req) => {
    const { barcode } = parseInput(originQuerySchema, req.query);
    const o = await originOf(req, barcode);
    const [own] = o.subject.sample
      ? []
      : await deps.database.db.select({ birthplace: persons.birthplace }).from(persons).where(eq(persons.id, o.subject.person.personId));
    return ok({ ...myOrigin(await relativesOf(o), own?.birthplace ?? null), unavailable: o.unavailable });
  });

  app.get(ORIGIN_API_PATHS.clanRelations, async (req) => {
    const q = parseInput(clanQuerySchema, req.query);
    const o = await originOf(req, q.barcode);
    const empty: ClanRelationsView = {
      unavailable: null,
      haplogroup: o.subject.person.yHaplogroup,
      maxYear: q.maxYear,
      sort: q.sort,
      total: 0,
      page: q.page,
      pageSize: CLAN_PAGE_SIZE,
      groups: [],
      list: [],
    };
    const why: ClanUnavailable | null =
      o.unavailable ??
      (o.subject.person.gender !== 'male'
        ? 'female'
        : !o.subject.person.yHaplogroup
          ? 'noY'
          : (await liveConsent(deps, o.subject.person.personId))?.openClanRelation
            ? null
            : 'clanClosed');
    if (why) return ok({ ...empty, unavailable: why });
    const relatives = await relativesOf(o);
    const gradeOf = new Map(relatives.map((r) => [r.personId, r.grade]));
    const members = clanMembers(
      { personId: o.subject.person.personId, haplogroup: o.subject.person.yHaplogroup as string },
      await clanCandidates(deps, o.subject.person.personId),
      gradeOf,
      q.maxYear,
    );
    const sorted = sortClan(members, q.sort);
    const start = (q.page - 1) * CLAN_PAGE_SIZE;
    return ok<ClanRelationsView>({
      ...empty,
      total: sorted.length,
      groups: clanGroups(sorted, q.sort),
      list: sorted.slice(start, start + CLAN_PAGE_SIZE),
    });
  });

  // §3 Clan relation base info: the owner reads and changes it; anyone else gets "not found".
  const ownSubject = async (req: FastifyRequest, barcode: string) => {
    const me = await requireUser(req, deps);
    const s = await userReportSubject(deps, me.userId, barcode);
    if (s.via !== 'owner') throw ownerOnly();
    return { me, s };
  };
  const baseInfo = async (s: ReportSubject): Promise<ClanBaseInfo> => {
    const consent = await liveConsent(deps, s.person.personId);
    return {
      barcode: s.person.barcode,
      showFullName: await showFullNameOf(deps, s.person.personId),
      openClanRelation: consent?.openClanRelation ?? false,
      consented: consent !== null,
    };
  };

  app.get(ORIGIN_API_PATHS.clanBaseInfo, async (req) => {
    const { barcode } = parseInput(originQuerySchema, req.query);
    if (!barcode) throw new ApiError('BAD_REQUEST', '缺少条码');
    const { s } = await ownSubject(req, barcode);
    return ok(await baseInfo(s));
  });

  app.put(ORIGIN_API_PATHS.clanBaseInfo, async (req) => {
    const b = parseInput(clanBaseInfoSchema, req.body);
    if (b.showFullName === undefined && b.openClanRelation === undefined) throw new ApiError('BAD_REQUEST', '没有要修改的设置');
    const { me, s } = await ownSubject(req, b.barcode);
    const personId = s.person.personId;
    await personFor(deps, me.userId, personId, 'write');
    if (b.openClanRelation !== undefined && !(await liveConsent(deps, personId))) {
      throw new ApiError('BAD_REQUEST', '请先在基因亲人协议页开启基因亲人功能');
    }
    const { db } = deps.database;
    await db.transaction(async (tx) => {
      if (b.showFullName !== undefined) {
        await tx
          .insert(privacySwitches)
          .values({ personId, feature: 'showFullName', open: b.showFullName, updatedAt: deps.now() })
          .onConflictDoUpdate({
            target: [privacySwitches.personId, privacySwitches.feature],
            set: { open: b.showFullName, updatedAt: deps.now() },
          });
      }
      if (b.openClanRelation !== undefined) {
        await tx.update(relativeConsents).set({ openClanRelation: b.openClanRelation }).where(eq(relativeConsents.personId, personId));
      }
    });
    for (const [feature, open] of [
      ['showFullName', b.showFullName],
      ['openClanRelation', b.openClanRelation],
    ] as const) {
      if (open !== undefined) await audit(deps, req, me.userId, 'privacy-switch', { personId, feature, open });
    }
    return ok(await baseInfo(s));
  });
}
