import type { ApiTransport } from '@jiyin/contracts/api';
import type { Envelope } from '@jiyin/contracts/envelope';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import {
  RELATIVES_API_PATHS,
  type RelativeDetailView,
  type RelativeSort,
  type RelativesConsentView,
  type RelativesListView,
} from '@jiyin/contracts/relativesApi';

/** Gene relatives (§2.2): consent, the paged list and one match. */
export function relativesClient(api: ApiTransport) {
  return {
    relativesConsent: (barcode: string): Promise<Envelope<RelativesConsentView>> =>
      api({ method: 'GET', path: RELATIVES_API_PATHS.consent, query: { barcode } }),
    joinRelatives: (barcode: string, protocolVersion: string): Promise<Envelope<RelativesConsentView>> =>
      api({ method: 'POST', path: RELATIVES_API_PATHS.consent, body: { barcode, protocolVersion } }),
    withdrawRelatives: (barcode: string): Promise<Envelope<RelativesConsentView>> =>
      api({ method: 'DELETE', path: RELATIVES_API_PATHS.consent, query: { barcode } }),
    relativesList: (q: {
      barcode: string;
      page?: number;
      sort?: RelativeSort;
      grade?: string | null;
    }): Promise<Envelope<RelativesListView>> =>
      api({
        method: 'GET',
        path: RELATIVES_API_PATHS.list,
        query: { barcode: q.barcode, page: q.page, sort: q.sort, grade: q.grade ?? undefined },
      }),
    relativeDetail: (id: string, barcode: string): Promise<Envelope<RelativeDetailView>> =>
      api({ method: 'GET', path: fillPattern(RELATIVES_API_PATHS.detail, { id }), query: { barcode } }),
    relativesRecheck: (authCode: string): Promise<Envelope<{ recheckedAt: string }>> =>
      api({ method: 'POST', path: RELATIVES_API_PATHS.recheck, body: { authCode } }),
  };
}
