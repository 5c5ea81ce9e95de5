import type { ApiTransport } from '@jiyin/contracts/api';
import type { Envelope } from '@jiyin/contracts/envelope';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import {
  type FeelView,
  REPORT_API_PATHS,
  type ReportApiCategory,
  type ReportCategoryView,
  type ReportItemDetail,
  type ReportOverview,
  type ShareInfo,
  type ShareTokenView,
  type SideBarData,
} from '@jiyin/contracts/reportApi';

/** The report reads of §7.4/§7.10, share links and feel, as the report pages call them. */
export function reportsClient(api: ApiTransport) {
  const q = (barcode?: string | null) => (barcode ? { barcode } : undefined);
  return {
    sideBarData: (barcode?: string | null): Promise<Envelope<SideBarData>> =>
      api({ method: 'GET', path: REPORT_API_PATHS.sideBarData, query: q(barcode) }),
    reportOverview: (barcode?: string | null): Promise<Envelope<ReportOverview>> =>
      api({ method: 'GET', path: REPORT_API_PATHS.overview, query: q(barcode) }),
    reportCategory: (category: ReportApiCategory, barcode?: string | null): Promise<Envelope<ReportCategoryView>> =>
      api({ method: 'GET', path: fillPattern(REPORT_API_PATHS.category, { category }), query: q(barcode) }),
    drugClass: (categoryId: string, barcode?: string | null): Promise<Envelope<ReportCategoryView>> =>
      api({ method: 'GET', path: fillPattern(REPORT_API_PATHS.drugClass, { categoryId }), query: q(barcode) }),
    reportDetail: (category: ReportApiCategory, id: string, barcode?: string | null): Promise<Envelope<ReportItemDetail>> =>
      api({ method: 'GET', path: fillPattern(REPORT_API_PATHS.detail, { category, id }), query: q(barcode) }),
    createFeel: (b: { barcode: string; relate_id: string; module: string; feel: number }): Promise<Envelope<FeelView>> =>
      api({ method: 'POST', path: REPORT_API_PATHS.feel, body: b }),
    updateFeel: (id: string, feel: number): Promise<Envelope<FeelView>> =>
      api({ method: 'PUT', path: fillPattern(REPORT_API_PATHS.feelOne, { id }), body: { feel } }),
    shareInfo: (): Promise<Envelope<ShareInfo>> => api({ method: 'GET', path: REPORT_API_PATHS.shareInfo }),
    shareTokens: (barcode: string): Promise<Envelope<{ list: ShareTokenView[] }>> =>
      api({ method: 'GET', path: fillPattern(REPORT_API_PATHS.shareTokens, { type: 'report' }), query: { barcode } }),
    createShareToken: (b: { barcode: string; expiresInDays: 1 | 7 | 30 }): Promise<Envelope<ShareTokenView>> =>
      api({ method: 'POST', path: fillPattern(REPORT_API_PATHS.shareTokens, { type: 'report' }), body: b }),
    revokeShareToken: (id: string): Promise<Envelope<null>> =>
      api({ method: 'DELETE', path: fillPattern(REPORT_API_PATHS.shareTokenOne, { type: 'report', id }) }),
  };
}
