import type { RelativesHoldView } from '@jiyin/contracts/relativesApi';
import type { ImportJobView, RawDataFileView, UploadView } from '@jiyin/contracts/reportApi';
import type { schema } from '@jiyin/db';

type RawFileRow = typeof schema.rawFiles.$inferSelect;
type ImportJobRow = typeof schema.importJobs.$inferSelect;

export function uploadView(f: RawFileRow): UploadView {
  return { id: f.id, fileName: f.fileName, size: f.size, receivedBytes: f.receivedBytes, state: f.state };
}

/** `hold`: the gene-relatives gate's hold of the import's genome (reports stand). */
export function importJobView(j: ImportJobRow, hold: RelativesHoldView | null = null): ImportJobView {
  const s = j.summary as ImportJobView['summary'];
  return {
    id: j.id,
    personId: j.personId,
    barcode: j.barcode,
    stage: j.stage,
    progress: j.progress,
    errorMessage: j.errorMessage,
    summary: s ? { vendor: s.vendor, build: s.build, markers: s.markers, callRate: s.callRate, sex: s.sex } : null,
    relativesHold: hold,
    createdAt: j.createdAt.toISOString(),
    finishedAt: j.finishedAt?.toISOString() ?? null,
  };
}

/** §7.6: files kept longer than this are archived ('frozen') and must be thawed before download. */
export const RAW_DATA_HOT_DAYS = 30;
/** A thaw makes an archived file downloadable for this long. */
export const RAW_DATA_THAW_HOURS = 24;

export function rawDataFileView(f: RawFileRow, now: Date): RawDataFileView {
  const hot = now.getTime() - f.createdAt.getTime() < RAW_DATA_HOT_DAYS * 86_400_000;
  const thawed = f.thawedUntil !== null && f.thawedUntil.getTime() > now.getTime();
  return {
    id: f.id,
    fileName: f.fileName,
    size: f.size,
    state: f.state === 'deleted' ? 'deleted' : 'stored',
    downloadState: hot || thawed ? 'ready' : 'frozen',
    thawedUntil: thawed ? (f.thawedUntil as Date).toISOString() : null,
    createdAt: f.createdAt.toISOString(),
  };
}
