import { ok } from '@jiyin/contracts/envelope';
import { KIT_RESULT_PATHS, LAB_TYPE_SLUG, type LabTestType, labTypeOfSlug } from '@jiyin/contracts/kitServices';
import { schema } from '@jiyin/db';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { ApiError, parseInput } from '../http/errors.ts';
import { personFor } from '../persons/queries.ts';
import { requireUser } from '../users/session.ts';
import { labResultView } from './queries.ts';

const { labResults, kits, persons } = schema;
const SLUGS = Object.values(LAB_TYPE_SLUG) as [string, ...string[]];
// The params schema admits known slugs only.
const typeOf = (slug: string) => labTypeOfSlug(slug) as LabTestType;
const listParams = z.object({ type: z.enum(SLUGS, { error: '该检测项目暂不支持' }) });
const listQuery = z.object({ personId: z.uuid('检测人不存在') });
const oneParams = listParams.extend({ id: z.uuid('检测结果不存在') });

/**
 * §7.10 kit-service results (hpv, hp, amh, vade, ngs) as their owner reads them: only for a person the
 * caller owns or was shared (personFor), and another person's result id answers like a missing one.
 */
export async function kitResultRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps.database;

  app.get(KIT_RESULT_PATHS.list, async (req) => {
    const me = await requireUser(req, deps);
    const testType = typeOf(parseInput(listParams, req.params).type);
    const { personId } = parseInput(listQuery, req.query);
    const { row: person } = await personFor(deps, me.userId, personId);
    const rows = await db
      .select({ r: labResults })
      .from(labResults)
      .innerJoin(kits, eq(kits.barcode, labResults.barcode))
      .where(and(eq(kits.personId, person.id), eq(labResults.testType, testType)))
      .orderBy(desc(labResults.reportedAt), desc(labResults.id));
    return ok({ list: rows.map(({ r }) => labResultView(r, person)) });
  });

  app.get(KIT_RESULT_PATHS.one, async (req) => {
    const me = await requireUser(req, deps);
    const { type, id } = parseInput(oneParams, req.params);
    const [row] = await db
      .select({ r: labResults, personId: persons.id })
      .from(labResults)
      .innerJoin(kits, eq(kits.barcode, labResults.barcode))
      .innerJoin(persons, eq(persons.id, kits.personId))
      .where(and(eq(labResults.id, id), eq(labResults.testType, typeOf(type))));
    if (!row) throw new ApiError('NOT_FOUND', '检测结果不存在');
    // Same answer as a missing result when the person is not the caller's.
    const { row: person } = await personFor(deps, me.userId, row.personId).catch(() => {
      throw new ApiError('NOT_FOUND', '检测结果不存在');
    });
    return ok(labResultView(row.r, person));
  });
}
