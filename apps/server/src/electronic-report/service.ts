/**
 * The electronic report's data and job: the PDF's input is assembled from the same report service
 * the pages read (so the PDF says exactly what the pages say), rendered in the queue, and stored
 * privately. One row of electronic_reports per render, owned by the user who asked for it.
 */
import {
  type ElectronicReportView,
  PRODUCT_STATUS,
  REPORT_CATEGORIES,
  type ReportCategory,
  type ReportItemSummary,
} from '@jiyin/contracts/reportApi';
import { reportAccess } from '@jiyin/contracts/reports';
import { schema } from '@jiyin/db';
import { and, desc, eq } from 'drizzle-orm';
import { newId } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { type ReportSubject, userReportSubject } from '../reports/access.ts';
import { categoryPage, checkCategory, itemDetail } from '../reports/service.ts';
import { ElectronicReportError } from './errors.ts';
import type { ElectronicReportCategory, ElectronicReportInput } from './render.ts';

const { electronicReports } = schema;
export type ElectronicReportRow = typeof electronicReports.$inferSelect;

export const ELECTRONIC_REPORT_JOB = 'electronic-report';
export interface ElectronicReportPayload {
  id: string;
}

/** What the user sees when the queue gives a render up (an error of ours). */
export const RENDER_INTERNAL_ERROR = '电子报告生成失败，请稍后重新生成';
const TUMOR_WITHHELD = '仅限本人查看';

/** Throws the §4 code when the subject's reports cannot make a PDF (no health reports, none computed yet). */
export function checkRenderable(s: ReportSubject): { computedAt: Date } {
  if (!reportAccess(s.reportType).health) throw new ApiError('NO_PERMISSION', '当前产品不含健康类报告，无法生成电子报告');
  if (!s.results || !s.computedAt) throw new ApiError('REPORT_NOT_READY');
  return { computedAt: new Date(s.computedAt) };
}

/**
 * One category as the PDF shows it: the category page's items in its order, each with its detail
 * when it has a result; locked and undetected items stay summaries (the renderer shows no result for
 * them). A product without the category lists every item locked; tumour risks of a person shared
 * with the reader are withheld, as on the pages.
 */
function categoryInput(s: ReportSubject, cat: ReportCategory): ElectronicReportCategory {
  const page = categoryPage(s, cat);
  const base = { category: cat.api, name: page.name, theme: page.theme, description: page.description };
  let limited: string | null;
  try {
    limited = checkCategory(s, cat);
  } catch (err) {
    // A category the product lacks: its page lists the items locked, and so does the PDF.
    if (err instanceof ApiError && err.codeName === 'SHOULD_UPGRADE') limited = null;
    else throw err;
  }
  if (limited) {
    return { ...base, description: '肿瘤风险报告仅限检测人本人查看，分享给您的报告不包含这一部分。', items: [], withheld: TUMOR_WITHHELD };
  }
  const items = page.items.map((summary: ReportItemSummary) => {
    if (summary.productStatus === PRODUCT_STATUS.lock || summary.status === 'unDetected') return summary;
    const detail = itemDetail(s, cat, summary.id, null);
    return typeof detail === 'string' ? summary : detail;
  });
  return { ...base, items };
}

export function electronicReportInput(s: ReportSubject, generatedAt: Date): ElectronicReportInput {
  const { computedAt } = checkRenderable(s);
  return { person: s.person, computedAt, generatedAt, categories: REPORT_CATEGORIES.map((cat) => categoryInput(s, cat)) };
}

const sameInstant = (a: Date | null, b: Date | null) => a !== null && b !== null && a.getTime() === b.getTime();

export function electronicReportView(row: ElectronicReportRow, computedAt: Date | null): ElectronicReportView {
  return {
    id: row.id,
    barcode: row.barcode,
    state: row.state,
    errorMessage: row.errorMessage,
    sourceComputedAt: row.sourceComputedAt?.toISOString() ?? null,
    stale: row.state === 'done' && computedAt !== null && !sameInstant(row.sourceComputedAt, computedAt),
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The user's latest render of a barcode. */
export async function latestElectronicReport(deps: Deps, userId: string, barcode: string): Promise<ElectronicReportRow | null> {
  const [row] = await deps.database.db
    .select()
    .from(electronicReports)
    .where(and(eq(electronicReports.userId, userId), eq(electronicReports.barcode, barcode)))
    .orderBy(desc(electronicReports.createdAt))
    .limit(1);
  return row ?? null;
}

/** A render of the user's; another user's id answers like a missing one. */
export async function ownElectronicReport(deps: Deps, userId: string, id: string): Promise<ElectronicReportRow> {
  const [row] = await deps.database.db
    .select()
    .from(electronicReports)
    .where(and(eq(electronicReports.id, id), eq(electronicReports.userId, userId)));
  if (!row) throw new ApiError('NOT_FOUND', '电子报告不存在');
  return row;
}

/**
 * Queues a render of the subject's reports for the user, unless one of the current computation is
 * done or under way: that one is answered instead (and re-sent, in case its job was lost).
 */
export async function requestElectronicReport(deps: Deps, userId: string, s: ReportSubject): Promise<ElectronicReportRow> {
  const { computedAt } = checkRenderable(s);
  const barcode = s.person.barcode;
  const latest = await latestElectronicReport(deps, userId, barcode);
  let row = latest && latest.state !== 'failed' && sameInstant(latest.sourceComputedAt, computedAt) ? latest : null;
  if (!row) {
    [row] = await deps.database.db
      .insert(electronicReports)
      .values({ id: newId(), barcode, userId, state: 'queued', sourceComputedAt: computedAt, createdAt: deps.now() })
      .returning();
    if (!row) throw new ApiError('INTERNAL');
  }
  if (row.state === 'queued')
    await deps.queue.send<ElectronicReportPayload>(ELECTRONIC_REPORT_JOB, { id: row.id }, { singletonKey: row.id });
  return row;
}

export const storageKeyOf = (id: string) => `electronic-reports/${id}.pdf`;

/** Ends a render; answers false when its row is gone (the person or account was deleted meanwhile). */
async function finish(deps: Deps, id: string, set: Partial<ElectronicReportRow>): Promise<boolean> {
  const rows = await deps.database.db
    .update(electronicReports)
    .set({ ...set, finishedAt: deps.now() })
    .where(eq(electronicReports.id, id))
    .returning({ id: electronicReports.id });
  return rows.length > 0;
}

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/**
 * The job: renders the row's barcode for its user and stores the PDF. Idempotent: a done row is left
 * alone, and a second run after a crash overwrites the same storage key. The reader's access is
 * checked again (a share may have been withdrawn since the request). Expected failures end the row
 * with their Chinese message; anything else throws so the queue retries.
 */
export async function runElectronicReport(deps: Deps, id: string, log?: Log): Promise<void> {
  const { db } = deps.database;
  const [row] = await db.select().from(electronicReports).where(eq(electronicReports.id, id));
  if (!row || row.state === 'done') return;
  await db.update(electronicReports).set({ state: 'rendering', errorMessage: null }).where(eq(electronicReports.id, id));
  let subject: ReportSubject;
  let input: ElectronicReportInput;
  try {
    subject = await userReportSubject(deps, row.userId, row.barcode);
    input = electronicReportInput(subject, deps.now());
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    await finish(deps, id, { state: 'failed', errorMessage: err.codeName === 'NOT_FOUND' ? '报告不存在或已无权查看' : err.message });
    return;
  }
  const started = performance.now();
  log?.info({ id, barcode: row.barcode }, 'electronic report rendering');
  let pdf: Buffer;
  try {
    // Rendering is CPU-bound: a pool thread does it.
    pdf = await deps.pool.renderPdf(input);
  } catch (err) {
    if (!(err instanceof ElectronicReportError)) throw err;
    await finish(deps, id, { state: 'failed', errorMessage: err.message });
    return;
  }
  const key = storageKeyOf(id);
  await deps.storage.put(key, pdf);
  // The report may have been recomputed since the request: the PDF says which computation it shows.
  const kept = await finish(deps, id, { state: 'done', storageKey: key, sourceComputedAt: new Date(input.computedAt), errorMessage: null });
  // Deleted while rendering: the deletion could not know this file, so it goes here.
  if (!kept) {
    await deps.storage.delete(key);
    return;
  }
  log?.info({ id, barcode: row.barcode, bytes: pdf.length, ms: Math.round(performance.now() - started) }, 'electronic report rendered');
}

/** The PDF worker: one at a time (rendering is CPU-bound; imports and pages share the machine). */
export async function registerElectronicReportWorker(deps: Deps, log?: Log): Promise<void> {
  await deps.queue.work<ElectronicReportPayload>(ELECTRONIC_REPORT_JOB, (p) => runElectronicReport(deps, p.id, log), {
    concurrency: 1,
    onFailed: async (p, error) => {
      log?.warn({ id: p.id, error }, 'electronic report given up');
      await finish(deps, p.id, { state: 'failed', errorMessage: RENDER_INTERNAL_ERROR });
    },
  });
}
