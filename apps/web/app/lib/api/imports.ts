import type { ApiTransport } from '@jiyin/contracts/api';
import type { Envelope } from '@jiyin/contracts/envelope';
import { fillPattern } from '@jiyin/contracts/pathPattern';
import { type ImportJobView, REPORT_API_PATHS, type RawDataFileView, type UploadView } from '@jiyin/contracts/reportApi';

/** Raw-data import (§3 Gene data upload) and the owner's raw files (§7.6), as the pages call them. */
export function importsClient(api: ApiTransport) {
  return {
    createUpload: (b: { personId: string; fileName: string; size: number }): Promise<Envelope<UploadView>> =>
      api({ method: 'POST', path: REPORT_API_PATHS.uploads, body: b }),
    upload: (id: string): Promise<Envelope<UploadView>> => api({ method: 'GET', path: fillPattern(REPORT_API_PATHS.uploadOne, { id }) }),
    /** One chunk, sent raw; the server appends it only when offset equals the bytes it holds. */
    putUploadChunk: (id: string, offset: number, chunk: Blob): Promise<Envelope<UploadView>> =>
      api({
        method: 'PUT',
        path: fillPattern(REPORT_API_PATHS.uploadOne, { id }),
        headers: { 'upload-offset': String(offset) },
        body: chunk,
      }),
    startImport: (uploadId: string): Promise<Envelope<ImportJobView>> =>
      api({ method: 'POST', path: REPORT_API_PATHS.imports, body: { uploadId } }),
    importJob: (id: string): Promise<Envelope<ImportJobView>> =>
      api({ method: 'GET', path: fillPattern(REPORT_API_PATHS.importOne, { id }) }),
    importJobs: (personId: string): Promise<Envelope<{ list: ImportJobView[] }>> =>
      api({ method: 'GET', path: REPORT_API_PATHS.imports, query: { personId } }),
    /** Stored and deleted files, newest first. */
    rawData: (personId: string): Promise<Envelope<RawDataFileView[]>> =>
      api({ method: 'GET', path: fillPattern(REPORT_API_PATHS.rawData, { personId }) }),
    thawRawData: (personId: string, fileId: string): Promise<Envelope<RawDataFileView>> =>
      api({ method: 'POST', path: fillPattern(REPORT_API_PATHS.rawDataThaw, { personId, fileId }) }),
    deleteRawData: (personId: string, fileId: string): Promise<Envelope<null>> =>
      api({ method: 'DELETE', path: fillPattern(REPORT_API_PATHS.rawDataOne, { personId, fileId }) }),
  };
}

/**
 * The raw file's download address: the bare API path, which the session cookie authenticates (a
 * link cannot carry the /proxy signature), as the account data export does.
 */
export function rawDataFileUrl(personId: string, fileId: string): string {
  return fillPattern(REPORT_API_PATHS.rawDataFile, { personId, fileId });
}
