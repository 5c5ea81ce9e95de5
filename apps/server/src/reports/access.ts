import { SAMPLE_HEADER, SHARE_TOKEN_HEADER } from '@jiyin/contracts/api';
import { type ReportPerson, SAMPLE_BARCODE, SAMPLE_PERSON_NAME } from '@jiyin/contracts/reportApi';
import { type ReportType, reportType, STANDARD_SUBMODULES } from '@jiyin/contracts/reports';
import type { ItemResult } from '@jiyin/genome';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sha256 } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { personFor } from '../persons/queries.ts';
import { currentUser, requireUser } from '../users/session.ts';
import { type DetectionRow, detectionRow, type ShareTokenRow, shareTokenByHash, userHasReport } from './queries.ts';
import { sampleGenome } from './sample.ts';

/** How the caller reached a report: their own person, a person shared with them, a share link, the sample. */
export type ReportVia = 'owner' | 'shared' | 'shareLink' | 'sample';

/** Whose report a request reads, and with which rights. */
export interface ReportSubject {
  via: ReportVia;
  /** The signed-in reader; null for share-link and anonymous sample viewers. */
  userId: string | null;
  person: ReportPerson;
  reportType: ReportType;
  /** Report submodules the detection's product carries (§6 locked products). */
  submodules: ReadonlySet<string>;
  /** Stored results by item id; null while the detection has no report yet ('none'). */
  results: ReadonlyMap<string, ItemResult> | null;
  computedAt: string | null;
  sample: boolean;
}

/** The one answer for an unknown barcode, another user's barcode or a barcode another token grants. */
export const reportNotFound = () => new ApiError('NOT_FOUND', '报告不存在');

/** `?barcode=` of every report read; optional because sample and share mode need none. */
export const barcodeQuery = z.object({
  barcode: z.string({ error: '条码不正确' }).trim().min(1, '缺少条码').max(64, '条码不正确').optional(),
});

const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

function resultsOf(row: DetectionRow): Map<string, ItemResult> | null {
  return row.report ? new Map(row.report.items.map((r) => [r.id, r])) : null;
}

function haplogroupOf(row: DetectionRow, line: 'y' | 'mt'): string | null {
  const fromGenome = line === 'y' ? row.genome?.yHaplogroup : row.genome?.mtHaplogroup;
  if (fromGenome) return fromGenome;
  const call = row.report?.haplogroups?.[line] as { haplogroup?: unknown } | null | undefined;
  return typeof call?.haplogroup === 'string' ? call.haplogroup : null;
}

function subjectOf(row: DetectionRow, via: Exclude<ReportVia, 'sample'>, userId: string | null): ReportSubject {
  const type = reportType(row.product, via === 'shareLink');
  return {
    via,
    userId,
    person: {
      personId: row.person.id,
      barcode: row.barcode,
      name: row.person.name,
      gender: row.person.gender,
      productName: row.product.name,
      reportType: type,
      hasReport: row.report !== null,
      yHaplogroup: haplogroupOf(row, 'y'),
      mtHaplogroup: haplogroupOf(row, 'mt'),
    },
    reportType: type,
    submodules: new Set(row.product.supportSubmodules),
    results: resultsOf(row),
    computedAt: row.report?.computedAt.toISOString() ?? null,
    sample: false,
  };
}

function sampleSubject(userId: string | null): ReportSubject {
  const g = sampleGenome();
  return {
    via: 'sample',
    userId,
    person: {
      personId: 'sample',
      barcode: SAMPLE_BARCODE,
      name: SAMPLE_PERSON_NAME,
      gender: g.sex,
      productName: '基因检测·全能版',
      reportType: 'standard',
      hasReport: true,
      yHaplogroup: g.yHaplogroup,
      mtHaplogroup: g.mtHaplogroup,
    },
    reportType: 'standard',
    submodules: new Set(STANDARD_SUBMODULES),
    results: new Map(g.items.map((r) => [r.id, r])),
    computedAt: null,
    sample: true,
  };
}

/**
 * A live share token from its clear value: unknown or revoked → 2711, expired → 2712. A token whose
 * kit no longer belongs to the shared person (the person was deleted or the kit unbound) is invalid.
 */
export async function verifyShareToken(deps: Deps, token: string): Promise<{ token: ShareTokenRow; row: DetectionRow }> {
  if (!SHARE_TOKEN_PATTERN.test(token)) throw new ApiError('SHARE_INVALID');
  const found = await shareTokenByHash(deps, sha256(token));
  if (!found || found.revokedAt) throw new ApiError('SHARE_INVALID');
  if (found.expiresAt.getTime() <= deps.now().getTime()) throw new ApiError('SHARE_EXPIRED');
  const row = await detectionRow(deps, found.barcode);
  if (!row || row.person.id !== found.personId || row.person.ownerUserId !== found.createdBy) throw new ApiError('SHARE_INVALID');
  return { token: found, row };
}

/** A barcode of a person the user owns or that was shared with them; anything else is "not found". */
export async function userReportSubject(deps: Deps, userId: string, barcode: string): Promise<ReportSubject> {
  const row = await detectionRow(deps, barcode);
  if (!row) throw reportNotFound();
  try {
    const { access } = await personFor(deps, userId, row.person.id);
    return subjectOf(row, access === 'owner' ? 'owner' : 'shared', userId);
  } catch (err) {
    if (err instanceof ApiError && err.codeName === 'NOT_FOUND') throw reportNotFound();
    throw err;
  }
}

/**
 * Every report read resolves its subject here (§4, §6):
 * - share mode: the share token header grants exactly the token's barcode, viewed as standard;
 * - sample mode: the sample header, honoured only for visitors and users without any report, gives
 *   the bundled demo genome (a user with a report is answered from their own barcode instead);
 * - otherwise the signed-in user's barcode, of a person they own or that was shared with them.
 */
export async function resolveReportSubject(req: FastifyRequest, deps: Deps, barcode: string | undefined): Promise<ReportSubject> {
  const token = header(req, SHARE_TOKEN_HEADER);
  if (token) {
    const { row } = await verifyShareToken(deps, token);
    if (barcode !== undefined && barcode !== row.barcode) throw reportNotFound();
    return subjectOf(row, 'shareLink', null);
  }
  const user = await currentUser(req, deps);
  if (header(req, SAMPLE_HEADER) === '1' && (!user || !(await userHasReport(deps, user.userId)))) {
    return sampleSubject(user?.userId ?? null);
  }
  const me = user ?? (await requireUser(req, deps));
  if (barcode === undefined) throw new ApiError('BAD_REQUEST', '缺少条码');
  return userReportSubject(deps, me.userId, barcode);
}
