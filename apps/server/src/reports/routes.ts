import { ok } from '@jiyin/contracts/envelope';
import {
  type FeelView,
  feelSchema,
  feelUpdateSchema,
  REPORT_API_PATHS,
  type ReportCategory,
  type ReportItemDetail,
} from '@jiyin/contracts/reportApi';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { newId } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { ApiError, parseInput } from '../http/errors.ts';
import { requireUser } from '../users/session.ts';
import { barcodeQuery, type ReportSubject, resolveReportSubject, userReportSubject } from './access.ts';
import { deleteFeel, feelsOf, feelView, ownFeel, updateFeel, upsertFeel } from './queries.ts';
import {
  categoryByName,
  categoryPage,
  checkCategory,
  checkFeelItem,
  DRUG,
  drugClassPage,
  itemDetail,
  overview,
  sideBar,
} from './service.ts';
import { sampleGenome } from './sample.ts';
import { shareRoutes } from './share.ts';

const slug = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const categoryParam = z.string({ error: '不支持的报告类别' }).transform((name, ctx) => {
  const cat = categoryByName(name);
  if (!cat) ctx.addIssue({ code: 'custom', message: '不支持的报告类别' });
  return cat as ReportCategory;
});
const categoryParams = z.object({ category: categoryParam });
const detailParams = z.object({
  category: categoryParam,
  id: z.string({ error: '报告项目编号不正确' }).max(100, '报告项目编号不正确').regex(slug, '报告项目编号不正确'),
});
const drugClassParams = z.object({
  categoryId: z.string({ error: '药物类别不正确' }).max(100, '药物类别不正确').regex(slug, '药物类别不正确'),
});
const feelQuery = z.object({
  barcode: z.string({ error: '缺少条码' }).trim().min(1, '缺少条码').max(64, '条码不正确'),
  module: categoryParam.optional(),
  relate_id: z.string().max(100, '报告项目编号不正确').optional(),
});
const feelIdParams = z.object({ id: z.uuid('评价不存在') });

/** Text statuses of §4 travel as data with code 0; the page's status table reads them. */
const textStatus = (data: 'unDetected' | 'tumorShareSctLimit') => ({
  code: 0,
  data,
  msg: data === 'unDetected' ? '该项目的位点未能检出' : '肿瘤风险报告仅限本人查看',
});

/** The feel module is the report category's API name, whichever name the caller used. */
const feelBody = feelSchema.extend({ module: categoryParam });

/**
 * §7.4 sideBarData and feel, §7.10 report reads. Every read resolves its subject (share link, sample,
 * own or shared person) through resolveReportSubject; feel is for signed-in readers of the barcode.
 */
export async function reportRoutes(app: FastifyInstance, deps: Deps) {
  // Build the sample genome at start-up (about a second of CPU) rather than on a visitor's first call.
  if (deps.config.env !== 'test') app.addHook('onReady', async () => void sampleGenome());

  const subjectFor = (req: FastifyRequest): Promise<ReportSubject> => {
    const { barcode } = parseInput(barcodeQuery, req.query);
    return resolveReportSubject(req, deps, barcode);
  };

  app.get(REPORT_API_PATHS.sideBarData, async (req) => ok(sideBar(await subjectFor(req))));

  app.get(REPORT_API_PATHS.overview, async (req) => ok(overview(await subjectFor(req))));

  app.get(REPORT_API_PATHS.category, async (req) => {
    const { category } = parseInput(categoryParams, req.params);
    const s = await subjectFor(req);
    const limited = checkCategory(s, category);
    return limited ? textStatus(limited) : ok(categoryPage(s, category));
  });

  app.get(REPORT_API_PATHS.drugClass, async (req) => {
    const { categoryId } = parseInput(drugClassParams, req.params);
    const s = await subjectFor(req);
    checkCategory(s, DRUG);
    return ok(drugClassPage(s, categoryId));
  });

  app.get(REPORT_API_PATHS.detail, async (req) => {
    const { category, id } = parseInput(detailParams, req.params);
    const s = await subjectFor(req);
    // The reader's own rating: signed-in readers of their own or a shared person only.
    let feel: ReportItemDetail['feel'] = null;
    if (s.userId && (s.via === 'owner' || s.via === 'shared')) {
      const [mine] = await feelsOf(deps, s.userId, s.person.barcode, category.api, id);
      if (mine) feel = { id: mine.id, feel: mine.feel };
    }
    const detail = itemDetail(s, category, id, feel);
    return typeof detail === 'string' ? textStatus(detail) : ok(detail);
  });

  // Feel ignores the share and sample headers: only a signed-in user who may read the barcode rates.
  const feelSubject = async (req: FastifyRequest, barcode: string) => {
    const me = await requireUser(req, deps);
    return userReportSubject(deps, me.userId, barcode);
  };

  app.get(REPORT_API_PATHS.feel, async (req) => {
    const q = parseInput(feelQuery, req.query);
    const s = await feelSubject(req, q.barcode);
    const rows = await feelsOf(deps, s.userId as string, q.barcode, q.module?.api, q.relate_id);
    return ok({ list: rows.map(feelView) });
  });

  app.post(REPORT_API_PATHS.feel, async (req) => {
    const body = parseInput(feelBody, req.body);
    const s = await feelSubject(req, body.barcode);
    checkFeelItem(s, body.module, body.relate_id);
    const row = await upsertFeel(deps, {
      id: newId(),
      userId: s.userId as string,
      barcode: body.barcode,
      module: body.module.api,
      relateId: body.relate_id,
      feel: body.feel,
      at: deps.now(),
    });
    return ok<FeelView>(feelView(row));
  });

  // A feel is changed or removed by its author only, and only while they may still read the barcode.
  const authoredFeel = async (req: FastifyRequest) => {
    const { id } = parseInput(feelIdParams, req.params);
    const me = await requireUser(req, deps);
    const row = await ownFeel(deps, me.userId, id);
    if (!row) throw new ApiError('NOT_FOUND', '评价不存在');
    try {
      await userReportSubject(deps, me.userId, row.barcode);
    } catch {
      throw new ApiError('NOT_FOUND', '评价不存在');
    }
    return row;
  };

  app.put(REPORT_API_PATHS.feelOne, async (req) => {
    const { feel } = parseInput(feelUpdateSchema, req.body);
    const row = await authoredFeel(req);
    return ok<FeelView>(feelView(await updateFeel(deps, row.id, feel, deps.now())));
  });

  app.delete(REPORT_API_PATHS.feelOne, async (req) => {
    const row = await authoredFeel(req);
    await deleteFeel(deps, row.id);
    return ok(null);
  });

  await app.register(shareRoutes, deps);
}
