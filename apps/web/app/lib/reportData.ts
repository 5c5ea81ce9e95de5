import { REPORT_CATEGORIES, type SideBarData, type SideBarItem } from '@jiyin/contracts/reportApi';
import { useCallback } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { ApiClient } from './api/index.ts';
import { useBrowserApi } from './browserApi.ts';
import { type ReportContext, SHARE_QUERY } from './reportContext.ts';

/** What the report layout's loader gives every report page. */
export interface ReportLayoutData {
  ctx: ReportContext;
  /** §7.4 sideBarData groups; null when the call failed (§8: lists fall back to empty). */
  sideBar: SideBarData | null;
}

export const REPORT_LAYOUT_ID = 'layout.report';

export function useReportLayoutData(): ReportLayoutData {
  const data = useRouteLoaderData(REPORT_LAYOUT_ID) as ReportLayoutData | undefined;
  if (!data) throw new Error('report layout data missing');
  return data;
}

/** In share mode every report link keeps the token, so the next page's loader reads the shared report too. */
export function withShareToken(to: string, shareToken: string | null): string {
  if (!shareToken || !to.startsWith('/report')) return to;
  const [path, hash = ''] = to.split('#');
  const sep = (path ?? '').includes('?') ? '&' : '?';
  return `${path}${sep}${SHARE_QUERY}=${encodeURIComponent(shareToken)}${hash ? `#${hash}` : ''}`;
}

export function useReportHref(): (to: string) => string {
  const { ctx } = useReportLayoutData();
  const token = ctx.mode === 'share' ? ctx.shareToken : null;
  return useCallback((to: string) => withShareToken(to, token), [token]);
}

/** §2.6: the health submenu is the sidebar's report group without the ancestry (parentage) entry. */
export function healthEntries(sideBar: SideBarData | null): { name: string; path: string }[] {
  const group: SideBarItem[] = sideBar?.[0]?.data.list ?? [];
  const fromSideBar = group.filter((i) => i.enName !== 'parentage' && !i.path.startsWith('/report/ancestry'));
  if (fromSideBar.length) return fromSideBar.map((i) => ({ name: i.name, path: i.path }));
  return REPORT_CATEGORIES.map((c) => ({ name: c.name, path: `/report/${c.page}` }));
}

/** Paths of the health reports (§2.6: the health entry is active on these). */
export const HEALTH_PATH = /traits|drug|disease|inherit|carrier-status|nutrition|fitness|tumor/;

/** The API client for browser calls of a report page: share token in share mode, sample header in sample mode (§6). */
export function useReportApi(): ApiClient {
  const { ctx } = useReportLayoutData();
  return useBrowserApi({ shareToken: ctx.mode === 'share' ? ctx.shareToken : null, sample: ctx.mode === 'sample' });
}
