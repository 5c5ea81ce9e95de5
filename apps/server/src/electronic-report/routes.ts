import { ok } from '@jiyin/contracts/envelope';
import { type ElectronicReportStatus, electronicReportCreateSchema, REPORT_API_PATHS } from '@jiyin/contracts/reportApi';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { audit } from '../auth/audit.ts';
import type { Deps } from '../deps.ts';
import { attachmentHeader } from '../http/attachment.ts';
import { ApiError, parseInput } from '../http/errors.ts';
import { userReportSubject } from '../reports/access.ts';
import { requireUser } from '../users/session.ts';
import { electronicReportView, latestElectronicReport, ownElectronicReport, requestElectronicReport } from './service.ts';

const idParams = z.object({ id: z.uuid('电子报告不存在') });

/**
 * The electronic report (PDF) of a barcode, for a signed-in user who owns the person or with whom it
 * was shared. Not for share-link viewers (a link grants reading on the page, not a copy of the whole
 * report) nor for the sample report. Each PDF belongs to the user who asked for it; another user's
 * id answers like a missing one.
 */
export async function electronicReportRoutes(app: FastifyInstance, deps: Deps) {
  app.post(REPORT_API_PATHS.electronicReport, async (req) => {
    const me = await requireUser(req, deps);
    const { barcode } = parseInput(electronicReportCreateSchema, req.body);
    const subject = await userReportSubject(deps, me.userId, barcode);
    const row = await requestElectronicReport(deps, me.userId, subject);
    return ok(electronicReportView(row, subject.computedAt ? new Date(subject.computedAt) : null));
  });

  app.get(REPORT_API_PATHS.electronicReport, async (req) => {
    const me = await requireUser(req, deps);
    const { barcode } = parseInput(electronicReportCreateSchema, req.query);
    const subject = await userReportSubject(deps, me.userId, barcode);
    const computedAt = subject.computedAt ? new Date(subject.computedAt) : null;
    const row = await latestElectronicReport(deps, me.userId, barcode);
    const status: ElectronicReportStatus = {
      person: subject.person,
      computedAt: subject.computedAt,
      report: row ? electronicReportView(row, computedAt) : null,
    };
    return ok(status);
  });

  app.get(REPORT_API_PATHS.electronicReportFile, async (req, reply) => {
    const me = await requireUser(req, deps);
    const { id } = parseInput(idParams, req.params);
    const row = await ownElectronicReport(deps, me.userId, id);
    // The reader must still have the person: a withdrawn share withdraws its PDFs too.
    const subject = await userReportSubject(deps, me.userId, row.barcode);
    if (row.state !== 'done' || !row.storageKey) throw new ApiError('BAD_REQUEST', '电子报告还没有生成完成，请稍后下载');
    const stat = await deps.storage.stat(row.storageKey);
    if (!stat) throw new ApiError('NOT_FOUND', '电子报告文件已失效，请重新生成');
    const body = await deps.storage.get(row.storageKey);
    await audit(deps, req, me.userId, 'electronic-report-download', { barcode: row.barcode, id: row.id });
    const name = `基因检测电子报告-${subject.person.name}-${row.barcode}.pdf`;
    return reply
      .header('content-disposition', attachmentHeader(name, `jiyin-report-${row.barcode}.pdf`))
      .header('content-length', String(stat.size))
      .header('cache-control', 'private, no-store')
      .type('application/pdf')
      .send(body);
  });
}
