import type { ApiTransport } from '@jiyin/contracts/api';
import type { Envelope } from '@jiyin/contracts/envelope';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import { type ElectronicReportStatus, type ElectronicReportView, REPORT_API_PATHS } from '@jiyin/contracts/reportApi';

/** The electronic report (PDF) of a barcode: its state, and a request to render it. */
export function electronicReportClient(api: ApiTransport) {
  return {
    electronicReportStatus: (barcode: string): Promise<Envelope<ElectronicReportStatus>> =>
      api({ method: 'GET', path: REPORT_API_PATHS.electronicReport, query: { barcode } }),
    requestElectronicReport: (barcode: string): Promise<Envelope<ElectronicReportView>> =>
      api({ method: 'POST', path: REPORT_API_PATHS.electronicReport, body: { barcode } }),
  };
}

/**
 * The PDF's download address: the bare API path, which the session cookie authenticates (a link
 * cannot carry the /proxy signature), as the raw-data download does.
 */
export function electronicReportFileUrl(id: string): string {
  return fillPattern(REPORT_API_PATHS.electronicReportFile, { id });
}
