import { SHARE_TOKEN_HEADER } from '@jiyin/contracts/api';
import { ok } from '@jiyin/contracts/envelope';
import {
  REPORT_API_PATHS,
  SHARE_TOKEN_TYPES,
  type ShareInfo,
  type ShareTokenView,
  shareTokenCreateSchema,
} from '@jiyin/contracts/reportApi';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { audit } from '../auth/audit.ts';
import { newId, newToken, sha256 } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { ApiError, parseInput } from '../http/errors.ts';
import { requireUser } from '../users/session.ts';
import { reportNotFound, userReportSubject, verifyShareToken } from './access.ts';
import { insertShareToken, revokeShareToken, type ShareTokenRow, shareTokensOf } from './queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const typeParams = z.object({ type: z.enum(SHARE_TOKEN_TYPES, { error: '不支持的分享类型' }) });
const oneParams = typeParams.extend({ id: z.uuid('分享链接不存在') });
const listQuery = z.object({ barcode: z.string().trim().min(1, '缺少条码').max(64, '条码不正确').optional() });

/** The page a share link opens; the page reads the token from the query and sends it as a header. */
const shareUrl = (token: string) => `/report?shareToken=${encodeURIComponent(token)}`;

function tokenView(row: ShareTokenRow, personName: string, token?: string): ShareTokenView {
  return {
    id: row.id,
    type: row.type,
    barcode: row.barcode,
    personName,
    ...(token ? { token, url: shareUrl(token) } : {}),
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * §7.4 share tokens: the owner of a person opens a link to that person's report, with an expiry, and
 * may revoke it. The token is shown once and stored as its SHA-256; it grants reads of that one
 * barcode's report (see resolveReportSubject) and nothing else.
 */
export async function shareRoutes(app: FastifyInstance, deps: Deps) {
  app.post(REPORT_API_PATHS.shareTokens, async (req) => {
    const { type } = parseInput(typeParams, req.params);
    const body = parseInput(shareTokenCreateSchema, req.body ?? {});
    const me = await requireUser(req, deps);
    const s = await userReportSubject(deps, me.userId, body.barcode);
    // Only the person's owner shares it; someone it was shared with cannot pass it on.
    if (s.via !== 'owner') throw reportNotFound();
    if (!s.person.hasReport) throw new ApiError('REPORT_NOT_READY');
    const token = newToken();
    const now = deps.now();
    const row: ShareTokenRow = {
      id: newId(),
      tokenHash: sha256(token),
      type,
      personId: s.person.personId,
      barcode: s.person.barcode,
      createdBy: me.userId,
      expiresAt: new Date(now.getTime() + body.expiresInDays * DAY_MS),
      revokedAt: null,
      createdAt: now,
    };
    await insertShareToken(deps, row);
    await audit(deps, req, me.userId, 'report-share-create', { personId: row.personId, barcode: row.barcode, shareTokenId: row.id });
    return ok(tokenView(row, s.person.name, token));
  });

  app.get(REPORT_API_PATHS.shareTokens, async (req) => {
    const { type } = parseInput(typeParams, req.params);
    const { barcode } = parseInput(listQuery, req.query);
    const me = await requireUser(req, deps);
    const rows = await shareTokensOf(deps, me.userId, type, barcode);
    return ok({ list: rows.map((r) => tokenView(r.token, r.personName)) });
  });

  app.delete(REPORT_API_PATHS.shareTokenOne, async (req) => {
    const { type, id } = parseInput(oneParams, req.params);
    const me = await requireUser(req, deps);
    if (!(await revokeShareToken(deps, me.userId, type, id, deps.now()))) throw new ApiError('NOT_FOUND', '分享链接不存在');
    await audit(deps, req, me.userId, 'report-share-revoke', { shareTokenId: id });
    return ok(null);
  });

  // Read with the share token header: what the link grants, or why it no longer does (2711, 2712).
  app.get(REPORT_API_PATHS.shareInfo, async (req) => {
    const token = req.headers[SHARE_TOKEN_HEADER];
    if (typeof token !== 'string' || token === '') throw new ApiError('SHARE_INVALID');
    const { token: row, row: detection } = await verifyShareToken(deps, token);
    return ok<ShareInfo>({
      isShareUrl: true,
      shareBarcode: detection.barcode,
      shareSct: { name: detection.person.name, gender: detection.person.gender },
      type: row.type,
      expiresAt: row.expiresAt.toISOString(),
    });
  });
}
