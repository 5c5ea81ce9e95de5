import { ok } from '@jiyin/contracts/envelope';
import {
  claimSchema,
  commentSchema,
  type FamilyClaimView,
  type FamilyView,
  familyInputSchema,
  familyListQuerySchema,
  FAMILY_PAGE_SIZE,
  historyLineSchema,
  LIBRARY_API_PATHS,
  type LeadView,
  leadSchema,
  materialSchema,
  myClaimsQuerySchema,
  projectSchema,
} from '@jiyin/contracts/libraryApi';
import { type Db, schema } from '@jiyin/db';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { newId } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { ApiError, parseInput } from '../http/errors.ts';
import { surnameOf } from '../relatives/profile.ts';
import { currentUser, requireUser } from '../users/session.ts';
import { canContribute, canEditFamily, familyList, familySummary, isStaff, missingStars, ownedBarcode } from './queries.ts';

const {
  families,
  familyClaims,
  familyHistoryLines,
  familyMaterials,
  familyProjects,
  familyProjectMembers,
  familyProjectComments,
  familyLeads,
  users,
} = schema;

const familyParams = z.object({ id: z.string().regex(/^[a-z0-9-]{1,64}$/, '家族不存在') });
const lineParams = z.object({ lineId: z.uuid('内容不存在') });
const materialParams = z.object({ materialId: z.uuid('资料不存在') });
const projectParams = z.object({ projectId: z.uuid('研究项目不存在') });
const barcodeQuery = z.object({ barcode: z.string().trim().min(1, '缺少条码').max(64, '条码不正确').optional() });
const needBarcode = z.object({ barcode: z.string({ error: '缺少条码' }).trim().min(1, '缺少条码').max(64, '条码不正确') });

/** Touching a family's content moves it up the default UPDATE_DATE_DESC order. */
const touch = (db: Db, familyId: string, now: Date) => db.update(families).set({ updatedAt: now }).where(eq(families.id, familyId));

async function familyView(db: Db, id: string, userId: string | null, barcode: string | undefined): Promise<FamilyView> {
  const { row, summary } = await familySummary(db, id);
  const myClaimRow = barcode && userId ? await claimOf(db, userId, id, barcode) : null;
  const materials = await db.select().from(familyMaterials).where(eq(familyMaterials.familyId, id)).orderBy(asc(familyMaterials.createdAt));
  const history = await db
    .select()
    .from(familyHistoryLines)
    .where(eq(familyHistoryLines.familyId, id))
    .orderBy(sql`${familyHistoryLines.year} asc nulls last`, asc(familyHistoryLines.createdAt));
  const projects = await db.select().from(familyProjects).where(eq(familyProjects.familyId, id)).orderBy(asc(familyProjects.createdAt));
  const projectIds = projects.map((p) => p.id);
  const members = projectIds.length
    ? await db.select().from(familyProjectMembers).where(inArray(familyProjectMembers.projectId, projectIds))
    : [];
  const comments = projectIds.length
    ? await db
        .select({ c: familyProjectComments, author: users.name })
        .from(familyProjectComments)
        .innerJoin(users, eq(users.id, familyProjectComments.userId))
        .where(inArray(familyProjectComments.projectId, projectIds))
        .orderBy(asc(familyProjectComments.createdAt))
    : [];
  return {
    ...summary,
    intro: row.intro,
    celebrities: row.celebrities,
    canEdit: await canEditFamily(db, row, userId),
    canContribute: await canContribute(db, row, userId),
    missingStars: missingStars(summary),
    materials: materials.map((m) => ({
      id: m.id,
      kind: m.kind,
      title: m.title,
      content: m.content,
      images: m.images,
      mine: m.userId === userId,
      createdAt: m.createdAt.toISOString(),
    })),
    history: history.map((h) => ({
      id: h.id,
      year: h.year,
      content: h.content,
      mine: h.userId === userId,
      createdAt: h.createdAt.toISOString(),
    })),
    projects: projects.map((p) => ({
      id: p.id,
      title: p.title,
      goal: p.goal,
      members: members.filter((m) => m.projectId === p.id).length,
      joined: members.some((m) => m.projectId === p.id && m.userId === userId),
      mine: p.ownerUserId === userId,
      comments: comments
        .filter((c) => c.c.projectId === p.id)
        .slice(-50)
        .map((c) => ({
          id: c.c.id,
          content: c.c.content,
          author: c.author ?? '用户',
          mine: c.c.userId === userId,
          createdAt: c.c.createdAt.toISOString(),
        })),
    })),
    myClaim: myClaimRow ? { barcode: myClaimRow.barcode, status: myClaimRow.status, reason: myClaimRow.reason } : null,
  };
}

/** The claim of one of the user's own barcodes on a family (a barcode that is not theirs is not found). */
async function claimOf(db: Db, userId: string, familyId: string, barcode: string) {
  await ownedBarcode(db, userId, barcode);
  const [c] = await db
    .select()
    .from(familyClaims)
    .where(and(eq(familyClaims.familyId, familyId), eq(familyClaims.barcode, barcode)));
  return c ?? null;
}

/**
 * §2.1/§2.2 family library: public list and family pages; a user's own families, claims by barcode
 * (§3 Family claim status), history lines, materials, research projects and leads. Every write checks
 * the row's owner (or staff); someone else's row answers like a missing one or with no permission.
 */
export async function familyRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps.database;
  const familyFor = async (req: FastifyRequest) => {
    const me = await requireUser(req, deps);
    const { id } = parseInput(familyParams, req.params);
    const { row } = await familySummary(db, id);
    return { me, row };
  };
  const contributor = async (req: FastifyRequest) => {
    const { me, row } = await familyFor(req);
    if (!(await canContribute(db, row, me.userId))) throw new ApiError('NO_PERMISSION', '认领这个家族后才能补充资料');
    return { me, row };
  };

  app.get(LIBRARY_API_PATHS.families, async (req) => ok(await familyList(db, parseInput(familyListQuerySchema, req.query))));

  app.post(LIBRARY_API_PATHS.families, async (req) => {
    const me = await requireUser(req, deps);
    const input = parseInput(familyInputSchema, req.body);
    const id = newId();
    const now = deps.now();
    await db.insert(families).values({ id, ...input, ownerUserId: me.userId, demo: false, createdAt: now, updatedAt: now });
    return ok(await familyView(db, id, me.userId, undefined));
  });

  app.get(LIBRARY_API_PATHS.family, async (req) => {
    const { id } = parseInput(familyParams, req.params);
    const { barcode } = parseInput(barcodeQuery, req.query);
    const me = await currentUser(req, deps);
    return ok(await familyView(db, id, me?.userId ?? null, barcode));
  });

  app.put(LIBRARY_API_PATHS.family, async (req) => {
    const { me, row } = await familyFor(req);
    if (!(await canEditFamily(db, row, me.userId))) throw new ApiError('NO_PERMISSION', '只有家族的创建者可以修改家族信息');
    const input = parseInput(familyInputSchema, req.body);
    await db
      .update(families)
      .set({ ...input, updatedAt: deps.now() })
      .where(eq(families.id, row.id));
    return ok(await familyView(db, row.id, me.userId, undefined));
  });

  /** Claim (认领) or exclude (排除) a family for one of my own tested persons; one status per barcode. */
  app.put(LIBRARY_API_PATHS.familyClaim, async (req) => {
    const { me, row } = await familyFor(req);
    const input = parseInput(claimSchema, req.body);
    const person = await ownedBarcode(db, me.userId, input.barcode);
    const now = deps.now();
    await db
      .insert(familyClaims)
      .values({
        id: newId(),
        familyId: row.id,
        barcode: input.barcode,
        personId: person.personId,
        userId: me.userId,
        status: input.status,
        reason: input.reason ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [familyClaims.familyId, familyClaims.barcode],
        set: { status: input.status, reason: input.reason ?? null, updatedAt: now },
      });
    await touch(db, row.id, now);
    return ok(await familyView(db, row.id, me.userId, input.barcode));
  });

  app.delete(LIBRARY_API_PATHS.familyClaim, async (req) => {
    const { me, row } = await familyFor(req);
    const { barcode } = parseInput(needBarcode, req.query);
    const claim = await claimOf(db, me.userId, row.id, barcode);
    if (!claim) throw new ApiError('NOT_FOUND', '没有这条认领记录');
    await db.delete(familyClaims).where(eq(familyClaims.id, claim.id));
    return ok(null);
  });

  /** My persons' claims (claimed list) or exclusions (excluded list), 20 a page; another user's barcode is not found. */
  app.get(LIBRARY_API_PATHS.myClaims, async (req) => {
    const me = await requireUser(req, deps);
    const q = parseInput(myClaimsQuerySchema, req.query);
    if (q.barcode) await ownedBarcode(db, me.userId, q.barcode);
    const cond = and(
      eq(familyClaims.userId, me.userId),
      eq(familyClaims.status, q.status),
      q.barcode ? eq(familyClaims.barcode, q.barcode) : undefined,
    );
    const [{ n }] = await db.select({ n: count() }).from(familyClaims).where(cond);
    const rows = await db
      .select({ c: familyClaims, f: families })
      .from(familyClaims)
      .innerJoin(families, eq(families.id, familyClaims.familyId))
      .where(cond)
      .orderBy(desc(familyClaims.updatedAt), familyClaims.id)
      .limit(FAMILY_PAGE_SIZE)
      .offset((q.page - 1) * FAMILY_PAGE_SIZE);
    const list: FamilyClaimView[] = rows.map(({ c, f }) => ({
      familyTraceId: f.id,
      familyTraceName: f.name,
      barcode: c.barcode,
      status: c.status,
      reason: c.reason,
      surname: f.surname,
      demo: f.demo,
      updatedAt: c.updatedAt.toISOString(),
    }));
    return ok({ list, total: Number(n), page: q.page, size: FAMILY_PAGE_SIZE });
  });

  app.get(LIBRARY_API_PATHS.familyHistory, async (req) => {
    const { id } = parseInput(familyParams, req.params);
    const me = await currentUser(req, deps);
    const view = await familyView(db, id, me?.userId ?? null, undefined);
    return ok({ family: { id: view.id, name: view.name, demo: view.demo, canContribute: view.canContribute }, list: view.history });
  });

  app.post(LIBRARY_API_PATHS.familyHistory, async (req) => {
    const { me, row } = await contributor(req);
    const input = parseInput(historyLineSchema, req.body);
    const now = deps.now();
    const id = newId();
    await db
      .insert(familyHistoryLines)
      .values({ id, familyId: row.id, userId: me.userId, year: input.year ?? null, content: input.content, createdAt: now });
    await touch(db, row.id, now);
    return ok({ id });
  });

  app.delete(LIBRARY_API_PATHS.familyHistoryLine, async (req) => {
    const me = await requireUser(req, deps);
    const { lineId } = parseInput(lineParams, req.params);
    const [line] = await db.select().from(familyHistoryLines).where(eq(familyHistoryLines.id, lineId));
    if (!line || (line.userId !== me.userId && !(await isStaff(db, me.userId)))) throw new ApiError('NOT_FOUND', '内容不存在');
    await db.delete(familyHistoryLines).where(eq(familyHistoryLines.id, lineId));
    return ok(null);
  });

  app.post(LIBRARY_API_PATHS.familyMaterials, async (req) => {
    const { me, row } = await contributor(req);
    const input = parseInput(materialSchema, req.body);
    const now = deps.now();
    const id = newId();
    await db.insert(familyMaterials).values({ id, familyId: row.id, userId: me.userId, ...input, createdAt: now, updatedAt: now });
    await touch(db, row.id, now);
    return ok({ id });
  });

  /** A material is edited or deleted by whoever added it (or staff); anyone else's answers as missing. */
  const ownMaterial = async (req: FastifyRequest) => {
    const me = await requireUser(req, deps);
    const { materialId } = parseInput(materialParams, req.params);
    const [m] = await db.select().from(familyMaterials).where(eq(familyMaterials.id, materialId));
    if (!m || (m.userId !== me.userId && !(await isStaff(db, me.userId)))) throw new ApiError('NOT_FOUND', '资料不存在');
    return m;
  };

  app.put(LIBRARY_API_PATHS.familyMaterial, async (req) => {
    const m = await ownMaterial(req);
    const input = parseInput(materialSchema, req.body);
    const now = deps.now();
    await db
      .update(familyMaterials)
      .set({ ...input, updatedAt: now })
      .where(eq(familyMaterials.id, m.id));
    await touch(db, m.familyId, now);
    return ok({ id: m.id });
  });

  app.delete(LIBRARY_API_PATHS.familyMaterial, async (req) => {
    const m = await ownMaterial(req);
    await db.delete(familyMaterials).where(eq(familyMaterials.id, m.id));
    return ok(null);
  });

  app.post(LIBRARY_API_PATHS.familyProjects, async (req) => {
    const { me, row } = await contributor(req);
    const input = parseInput(projectSchema, req.body);
    const id = newId();
    const now = deps.now();
    await db.transaction(async (tx) => {
      await tx.insert(familyProjects).values({ id, familyId: row.id, ownerUserId: me.userId, ...input, createdAt: now });
      await tx.insert(familyProjectMembers).values({ projectId: id, userId: me.userId, joinedAt: now });
    });
    return ok({ id });
  });

  const projectFor = async (req: FastifyRequest) => {
    const me = await requireUser(req, deps);
    const { projectId } = parseInput(projectParams, req.params);
    const [p] = await db.select().from(familyProjects).where(eq(familyProjects.id, projectId));
    if (!p) throw new ApiError('NOT_FOUND', '研究项目不存在');
    const { row } = await familySummary(db, p.familyId);
    return { me, p, row };
  };

  /** Joining a project is open to those who may contribute to its family. */
  app.post(LIBRARY_API_PATHS.projectMembers, async (req) => {
    const { me, p, row } = await projectFor(req);
    if (!(await canContribute(db, row, me.userId))) throw new ApiError('NO_PERMISSION', '认领这个家族后才能加入研究项目');
    await db.insert(familyProjectMembers).values({ projectId: p.id, userId: me.userId, joinedAt: deps.now() }).onConflictDoNothing();
    return ok(null);
  });

  app.post(LIBRARY_API_PATHS.projectComments, async (req) => {
    const { me, p } = await projectFor(req);
    const { content } = parseInput(commentSchema, req.body);
    const [member] = await db
      .select()
      .from(familyProjectMembers)
      .where(and(eq(familyProjectMembers.projectId, p.id), eq(familyProjectMembers.userId, me.userId)));
    if (!member) throw new ApiError('NO_PERMISSION', '加入研究项目后才能评论');
    const id = newId();
    await db.insert(familyProjectComments).values({ id, projectId: p.id, userId: me.userId, content, createdAt: deps.now() });
    return ok({ id });
  });

  /** §3 Lead info of one of my persons; unset leads answer the person's surname from their name. */
  app.get(LIBRARY_API_PATHS.leads, async (req) => {
    const me = await requireUser(req, deps);
    const { barcode } = parseInput(needBarcode, req.query);
    const person = await ownedBarcode(db, me.userId, barcode);
    const [lead] = await db.select().from(familyLeads).where(eq(familyLeads.barcode, barcode));
    const view: LeadView = lead
      ? { barcode, surname: lead.surname, residence: lead.residence, birthPlace: lead.birthPlace, options: lead.options }
      : { barcode, surname: surnameOf(person.name), residence: '', birthPlace: '', options: {} };
    return ok(view);
  });

  app.put(LIBRARY_API_PATHS.leads, async (req) => {
    const me = await requireUser(req, deps);
    const input = parseInput(leadSchema, req.body);
    await ownedBarcode(db, me.userId, input.barcode);
    const { barcode, ...rest } = input;
    await db
      .insert(familyLeads)
      .values({ barcode, userId: me.userId, ...rest, updatedAt: deps.now() })
      .onConflictDoUpdate({ target: familyLeads.barcode, set: { ...rest, updatedAt: deps.now() } });
    return ok({ barcode, ...rest });
  });
}
