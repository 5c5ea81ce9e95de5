import type { PersonView } from '@jiyin/contracts/accounts';
import { type ApiTransport, SAMPLE_HEADER, SHARE_TOKEN_HEADER } from '@jiyin/contracts/api';
import { COOKIES } from '@jiyin/contracts/constants';
import { isOk } from '@jiyin/contracts/envelope';
import type { ShareInfo } from '@jiyin/contracts/reportApi';
import { initialReportStatus, type ReportStatus, reportStatusAfter } from '@jiyin/contracts/reports';
import type { AppLoadContext } from 'react-router';
import { type ApiClient, apiClient } from './api/index.ts';

/** The query parameter a share link carries (§4 share mode), and where the tab keeps it. */
export const SHARE_QUERY = 'shareToken';
export const SHARE_STORAGE_KEY = 'jy_share_token';

/** One detection the person switcher offers (§2.6): the user's own persons and those shared with them. */
export interface SwitcherEntry {
  barcode: string;
  personId: string;
  name: string;
  gender: 'male' | 'female';
  productName: string;
  hasReport: boolean;
  /** Shared with the user by someone else (§3 share.isShare). */
  shared: boolean;
  isOwner: boolean;
}

export type ReportMode = 'own' | 'sample' | 'share';

/** Who and how a report page shows (§4 Current person, Sample mode, share mode). */
export interface ReportContext {
  mode: ReportMode;
  loggedIn: boolean;
  /** The barcode report calls ask for; null in sample mode (the server answers the demo genome). */
  barcode: string | null;
  /** Only in share mode, and only after the share lookup succeeded. */
  shareToken: string | null;
  share: ShareInfo | null;
  entries: SwitcherEntry[];
  current: SwitcherEntry | null;
  /** Status before any report call (§4 initialisation, or a failed share lookup / unknown barcode). */
  status: ReportStatus;
  /** The server's Chinese message for a status set by a failed call. */
  statusMessage: string | null;
}

/** The detections of the persons list, as switcher entries, own persons first. */
export function switcherEntries(persons: PersonView[]): SwitcherEntry[] {
  const entries = persons.flatMap((p) =>
    p.detections.map((d) => ({
      barcode: d.barcode,
      personId: p.id,
      name: p.name,
      gender: p.gender,
      productName: d.product.name,
      hasReport: d.hasReport,
      shared: p.share.isShare,
      isOwner: p.isOwner,
    })),
  );
  return [...entries.filter((e) => !e.shared), ...entries.filter((e) => e.shared)];
}

/**
 * §4 Current person: the query's barcode (app, mini-program and notice links), else the saved
 * cookie, else the first detection (one with a report first). A stale cookie falls through; a query
 * barcode that is not among the user's detections is kept so the page can say it was not found.
 */
export function pickBarcode(entries: SwitcherEntry[], queryBarcode: string | null, cookieBarcode: string | null): string | null {
  if (queryBarcode) return queryBarcode;
  if (cookieBarcode && entries.some((e) => e.barcode === cookieBarcode)) return cookieBarcode;
  return (entries.find((e) => e.hasReport) ?? entries[0])?.barcode ?? null;
}

export function readCookie(header: string | null, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(at + 1).trim()) || null;
    } catch {
      return null;
    }
  }
  return null;
}

/** The headers report calls carry in this context: x-auth-sample only in sample mode (§6). */
export function modeHeaders(ctx: Pick<ReportContext, 'mode' | 'shareToken'>): Record<string, string> | undefined {
  if (ctx.mode === 'sample') return { [SAMPLE_HEADER]: '1' };
  if (ctx.mode === 'share' && ctx.shareToken) return { [SHARE_TOKEN_HEADER]: ctx.shareToken };
  return undefined;
}

/** A transport that adds the context's mode headers to every call. */
export function withModeHeaders(api: ApiTransport, headers: Record<string, string> | undefined): ApiTransport {
  return headers ? (req) => api({ ...req, headers: { ...req.headers, ...headers } }) : api;
}

async function resolve(request: Request, context: AppLoadContext): Promise<ReportContext> {
  const url = new URL(request.url);
  const plain = apiClient(context.api);
  const token = url.searchParams.get(SHARE_QUERY);
  const userRes = await plain.userInfo();
  const loggedIn = isOk(userRes);
  const base = { loggedIn, shareToken: null, share: null, entries: [], current: null, statusMessage: null };

  // §4: a share link overrides the report person; a failed lookup turns share mode off and sets the status.
  let failedShare: { status: ReportStatus; message: string } | null = null;
  if (token) {
    const res = await apiClient(withModeHeaders(context.api, { [SHARE_TOKEN_HEADER]: token })).shareInfo();
    if (isOk(res)) {
      return { ...base, mode: 'share', barcode: res.data.shareBarcode, shareToken: token, share: res.data, status: 'out' };
    }
    failedShare = { status: reportStatusAfter('out', res), message: res.msg };
  }

  let entries: SwitcherEntry[] = [];
  if (loggedIn) {
    const persons = await plain.persons();
    entries = isOk(persons) ? switcherEntries(persons.data.list) : [];
  }
  const barcode = pickBarcode(entries, url.searchParams.get('barcode'), readCookie(request.headers.get('cookie'), COOKIES.barcode.name));
  const current = entries.find((e) => e.barcode === barcode) ?? null;
  // §4 Sample mode: on when not logged in or no person has a report.
  const sample = !loggedIn || !entries.some((e) => e.hasReport);
  const status: ReportStatus = failedShare?.status ?? (sample ? 'out' : current ? initialReportStatus(current) : 'notFound');
  return {
    ...base,
    mode: sample && !failedShare ? 'sample' : 'own',
    barcode: sample ? null : barcode,
    entries,
    current: sample ? null : current,
    status,
    statusMessage: failedShare?.message ?? null,
  };
}

const cache = new WeakMap<AppLoadContext, Promise<ReportContext>>();

/** The report context of this page request; the layout's and the page's loaders share one lookup. */
export function reportContext(request: Request, context: AppLoadContext): Promise<ReportContext> {
  let found = cache.get(context);
  if (!found) {
    found = resolve(request, context);
    cache.set(context, found);
  }
  return found;
}

/** The API client for report calls in this context (share token or sample header as §6 says). */
export function reportApi(context: AppLoadContext, ctx: ReportContext): ApiClient {
  return apiClient(withModeHeaders(context.api, modeHeaders(ctx)));
}

/** A report page's status after its call (§4 code table), with the server's message when it failed. */
export function answerStatus(
  ctx: ReportContext,
  res: { code: number; data?: unknown; msg: string },
): { status: ReportStatus; message: string | null } {
  const status = reportStatusAfter(ctx.status, res);
  return { status, message: res.code === 0 ? null : res.msg };
}
