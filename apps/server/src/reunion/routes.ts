import { ok } from '@jiyin/contracts/envelope';
import {
  REUNION_API_PATHS,
  type ReunionClue,
  type ReunionEntryView,
  type ReunionInput,
  reunionInputSchema,
} from '@jiyin/contracts/treesApi';
import { type Db, schema } from '@jiyin/db';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { newId } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { ApiError, parseInput } from '../http/errors.ts';
import { openThread } from '../messages/queries.ts';
import { checkRegion } from '../persons/regions.ts';
import { areRelatives, relativesPage } from '../relatives/queries.ts';
import { normaliseDate } from '../trees/dates.ts';
import { requireUser } from '../users/session.ts';

const { reunionEntries, persons } = schema;
type EntryRow = typeof reunionEntries.$inferSelect;

const idParams = z.object({ id: z.string().min(1).max(64) });
const contactBody = z.object({ clueId: z.string({ error: '线索不存在' }).min(1, '线索不存在').max(64) });

function view(r: EntryRow, personName: string | null): ReunionEntryView {
  return {
    id: r.id,
    soughtSurname: r.soughtSurname,
    soughtName: r.soughtName,
    soughtSex: r.soughtSex,
    relation: r.relation,
    lostDate: r.lostDate ?? null,
    lostPlace: r.lostPlace ?? null,
    birthPlace: r.birthPlace ?? null,
    story: r.story,
    photos: r.photos,
    personId: r.personId,
    personName,
    contactOpen: r.contactOpen,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** An entry of the caller's; someone else's answers like a missing one. */
async function ownEntry(db: Db, id: string, userId: string): Promise<EntryRow> {
  const [row] = await db
    .select()
    .from(reunionEntries)
    .where(and(eq(reunionEntries.id, id), eq(reunionEntries.ownerUserId, userId)));
  if (!row) throw new ApiError('NOT_FOUND', '寻亲登记不存在');
  return row;
}

async function personName(db: Db, personId: string | null): Promise<string | null> {
  if (!personId) return null;
  const [p] = await db.select({ name: persons.name }).from(persons).where(eq(persons.id, personId));
  return p?.name ?? null;
}

const placeText = (p: EntryRow['lostPlace']) =>
  p ? [p.province.name, p.city?.name, p.district?.name].filter((x) => x && x !== '市辖区').join('') : '地点不详';

/**
 * 寻亲 registrations: a user's own entries (list and edit guarded, §6), clues from the linked tested
 * person's gene relatives and from other registrations seeking the same surname in the same province.
 * Contact goes through private messages, which §7.7 allows only between consenting gene relatives.
 */
export async function reunionRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps.database;

  async function checked(req: FastifyRequest, userId: string): Promise<Omit<ReunionInput, 'personId'> & { personId: string | null }> {
    const b = parseInput(reunionInputSchema, req.body);
    if (b.personId) {
      const [own] = await db
        .select({ id: persons.id })
        .from(persons)
        .where(and(eq(persons.id, b.personId), eq(persons.ownerUserId, userId)));
      if (!own) throw new ApiError('NOT_FOUND', '检测人不存在');
    }
    return {
      ...b,
      personId: b.personId ?? null,
      lostDate: b.lostDate ? normaliseDate(b.lostDate, '走失时间') : null,
      lostPlace: b.lostPlace ? checkRegion(b.lostPlace, '走失地点') : null,
      birthPlace: b.birthPlace ? checkRegion(b.birthPlace) : null,
    };
  }

  app.get(REUNION_API_PATHS.list, async (req) => {
    const me = await requireUser(req, deps);
    const rows = await db
      .select({ entry: reunionEntries, name: persons.name })
      .from(reunionEntries)
      .leftJoin(persons, eq(persons.id, reunionEntries.personId))
      .where(eq(reunionEntries.ownerUserId, me.userId))
      .orderBy(desc(reunionEntries.updatedAt));
    return ok({ list: rows.map((r) => view(r.entry, r.name)) });
  });

  app.post(REUNION_API_PATHS.list, async (req) => {
    const me = await requireUser(req, deps);
    const values = await checked(req, me.userId);
    const now = deps.now();
    const [row] = await db
      .insert(reunionEntries)
      .values({ id: newId(), ownerUserId: me.userId, ...values, createdAt: now, updatedAt: now })
      .returning();
    return ok(view(row, await personName(db, row.personId)));
  });

  app.get(REUNION_API_PATHS.entry, async (req) => {
    const me = await requireUser(req, deps);
    const { id } = parseInput(idParams, req.params);
    const row = await ownEntry(db, id, me.userId);
    return ok(view(row, await personName(db, row.personId)));
  });

  app.put(REUNION_API_PATHS.entry, async (req) => {
    const me = await requireUser(req, deps);
    const { id } = parseInput(idParams, req.params);
    await ownEntry(db, id, me.userId);
    const values = await checked(req, me.userId);
    const [row] = await db
      .update(reunionEntries)
      .set({ ...values, updatedAt: deps.now() })
      .where(eq(reunionEntries.id, id))
      .returning();
    return ok(view(row, await personName(db, row.personId)));
  });

  app.delete(REUNION_API_PATHS.entry, async (req) => {
    const me = await requireUser(req, deps);
    const { id } = parseInput(idParams, req.params);
    await ownEntry(db, id, me.userId);
    await db.delete(reunionEntries).where(eq(reunionEntries.id, id));
    return ok(null);
  });

  /** Whether the two entries' tested persons are gene relatives and the other side accepts contact. */
  const contactable = async (mine: EntryRow, other: EntryRow) =>
    Boolean(
      mine.personId &&
        other.personId &&
        other.contactOpen &&
        other.ownerUserId !== mine.ownerUserId &&
        (await areRelatives(db, mine.personId, other.personId)),
    );

  /** Other registrations seeking the same surname where the same province is named. */
  async function similar(entry: EntryRow): Promise<EntryRow[]> {
    const rows = await db
      .select()
      .from(reunionEntries)
      .where(and(eq(reunionEntries.soughtSurname, entry.soughtSurname), ne(reunionEntries.ownerUserId, entry.ownerUserId)))
      .orderBy(desc(reunionEntries.updatedAt))
      .limit(200);
    const province = entry.lostPlace?.province.code ?? entry.birthPlace?.province.code;
    return rows.filter((r) => !province || [r.lostPlace?.province.code, r.birthPlace?.province.code].includes(province)).slice(0, 20);
  }

  app.get(REUNION_API_PATHS.clues, async (req) => {
    const me = await requireUser(req, deps);
    const { id } = parseInput(idParams, req.params);
    const entry = await ownEntry(db, id, me.userId);
    const clues: ReunionClue[] = [];
    if (entry.personId) {
      const { total, list } = await relativesPage(db, entry.personId, { page: 1, sort: 'SIMILARITY', grade: null });
      if (total > 0) {
        const top = list[0];
        clues.push({
          id: `relatives:${entry.personId}`,
          kind: 'relative',
          title: `关联的检测人有 ${total} 位基因亲人`,
          detail: `最相近的一位共享 ${Math.round(top.sharedCm)} cM，可在基因亲人页查看并发私信`,
          canContact: false,
        });
      }
    }
    for (const other of await similar(entry)) {
      const year = other.lostDate?.year;
      // Another registrant's entry: only what helps to recognise the case, never their name or story.
      clues.push({
        id: other.id,
        kind: 'surname-place',
        title: `另一位用户也在寻找${other.soughtSurname}姓${other.relation}`,
        detail: `${placeText(other.lostPlace ?? other.birthPlace)}${year ? `，约 ${year} 年` : ''}`,
        canContact: await contactable(entry, other),
      });
    }
    return ok({ list: clues });
  });

  app.post(REUNION_API_PATHS.contact, async (req) => {
    const me = await requireUser(req, deps);
    const { id } = parseInput(idParams, req.params);
    const entry = await ownEntry(db, id, me.userId);
    const { clueId } = parseInput(contactBody, req.body);
    const [other] = await db.select().from(reunionEntries).where(eq(reunionEntries.id, clueId));
    if (!other || other.soughtSurname !== entry.soughtSurname || other.ownerUserId === me.userId)
      throw new ApiError('NOT_FOUND', '线索不存在');
    if (!(await contactable(entry, other))) throw new ApiError('REUNION_CONTACT_CLOSED');
    const relatedId = await openThread(
      db,
      deps.now(),
      { userId: me.userId, personId: entry.personId as string },
      { userId: other.ownerUserId, personId: other.personId as string },
    );
    return ok({ relatedId });
  });
}

/** A user's reunion entries (the PIPL data export). */
export async function reunionOfUser(db: Db, userId: string) {
  return db.select().from(reunionEntries).where(eq(reunionEntries.ownerUserId, userId));
}
