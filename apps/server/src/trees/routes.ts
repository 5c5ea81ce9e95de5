import { ok } from '@jiyin/contracts/envelope';
import {
  ALBUM_MAX_PHOTOS,
  addTreePersonSchema,
  GEDCOM_MAX_BYTES,
  gedcomImportSchema,
  type PhotoView,
  photoInputSchema,
  pickCurrentTree,
  STORIES_PAGE_SIZE,
  storyInputSchema,
  TREE_API_PATHS,
  type TreeMemberView,
  type TreePersonInput,
  treeCreateSchema,
  treeLinkSchema,
  treeMemberSchema,
  treePersonInputSchema,
  treeRelationInputSchema,
  treeUpdateSchema,
} from '@jiyin/contracts/treesApi';
import { TREE_WIRE_FORMAT } from '@jiyin/contracts/treeWire';
import { type Db, schema } from '@jiyin/db';
import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { audit } from '../auth/audit.ts';
import { newId } from '../auth/tokens.ts';
import { maskPhone } from '../auth/users.ts';
import type { Deps } from '../deps.ts';
import { attachmentHeader } from '../http/attachment.ts';
import { ApiError, parseInput } from '../http/errors.ts';
import { checkRegion } from '../persons/regions.ts';
import { invite, openInvitations } from '../shares/service.ts';
import { removeUpload } from '../uploads/variants.ts';
import { requireUser } from '../users/session.ts';
import { makesCycle, parentMap, treeWarnings } from './checks.ts';
import { normaliseDate } from './dates.ts';
import { writeGedcom } from './gedcom.ts';
import { treeFileKeys, treeFileRoutes } from './files.ts';
import { importView, queueImport } from './import.ts';
import { acceptsGzip } from './wireAnswer.ts';
import { personView, revised, storiesPage, treeAccess, treeData, treeList, treePerson, treeWireAnswer } from './queries.ts';
import { REIGNS } from './reigns.ts';

const { familyTrees, treeMembers, treePersons, treeRelations, treeStories, treePhotos, gedcomImports, users, persons, reunionEntries } =
  schema;

const treeParams = z.object({ treeId: z.string().min(1).max(64) });
const personParams = treeParams.extend({ personId: z.string().min(1).max(64) });
const listQuery = z.object({ current: z.string().max(64).optional() });
const formatQuery = z.object({ format: z.literal(TREE_WIRE_FORMAT).optional() });
const pageQuery = z.object({ page: z.coerce.number().int('页码不正确').min(1, '页码不正确').max(10_000).default(1) });

/** A person's input checked against the calendars and region table; dates in order is a warning, not an error. */
function checkedPerson(p: TreePersonInput) {
  return {
    surname: p.surname,
    givenName: p.givenName,
    courtesyName: p.courtesyName,
    artName: p.artName,
    sex: p.sex,
    birth: p.birth ? normaliseDate(p.birth, '出生日期') : null,
    death: p.death ? normaliseDate(p.death, '去世日期') : null,
    living: p.living && !p.death,
    birthPlace: p.birthPlace ? checkRegion(p.birthPlace) : null,
    notes: p.notes,
  };
}

async function relationsOf(db: Db, treeId: string) {
  return db.select().from(treeRelations).where(eq(treeRelations.treeId, treeId));
}

/**
 * §7.9 family_tree_ds: trees, persons, relations, members, life stories, GEDCOM. Every call checks the
 * caller's role in the tree (owner, editor, viewer); a tree the caller has no part in answers like a
 * missing one, by id or in any list.
 */
export async function treeRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps.database;
  const nowYear = () => deps.now().getUTCFullYear();
  /** A picture's file is removed once no album row or 寻亲 entry refers to it any more. */
  const unlinkUnused = async (urls: string[]) => {
    for (const url of new Set(urls)) {
      const [{ n }] = await db.select({ n: count() }).from(treePhotos).where(eq(treePhotos.url, url));
      const [{ m }] = await db
        .select({ m: count() })
        .from(reunionEntries)
        .where(sql`${reunionEntries.photos} @> ${JSON.stringify([url])}::jsonb`);
      if (Number(n) + Number(m) === 0) await removeUpload(deps.config.dataDir, url);
    }
  };
  /** Album pictures leave the disk with their rows (a person or tree deleted). */
  const removePhotos = async (where: ReturnType<typeof eq>) => {
    const rows = await db.select({ url: treePhotos.url }).from(treePhotos).where(where);
    return () => unlinkUnused(rows.map((r) => r.url));
  };
  const touch = (treeId: string) =>
    db
      .update(familyTrees)
      .set({ updatedAt: deps.now(), ...revised() })
      .where(eq(familyTrees.id, treeId));
  const access = async (req: FastifyRequest, need: 'owner' | 'editor' | 'viewer') => {
    const me = await requireUser(req, deps);
    const { treeId } = parseInput(treeParams, req.params);
    return { me, ...(await treeAccess(db, treeId, me.userId, need)) };
  };

  await treeFileRoutes(app, deps, access);

  app.get(TREE_API_PATHS.reigns, async () => ok({ list: REIGNS }));

  app.get(TREE_API_PATHS.trees, async (req) => {
    const me = await requireUser(req, deps);
    const { current } = parseInput(listQuery, req.query);
    const list = await treeList(db, me.userId);
    const selected = pickCurrentTree(list, current ?? null);
    return ok({ list: list.map((t) => ({ ...t, isSelected: t.id === selected?.id })) });
  });

  app.post(TREE_API_PATHS.trees, async (req) => {
    const me = await requireUser(req, deps);
    const { name } = parseInput(treeCreateSchema, req.body);
    const now = deps.now();
    const [tree] = await db
      .insert(familyTrees)
      .values({ id: newId(), ownerUserId: me.userId, name, createdAt: now, updatedAt: now })
      .returning();
    return ok(await treeData(db, tree, 'owner', nowYear()));
  });

  // An own tree (owner or editor); a tree shared for browsing only is read through the browse call (§4).
  // ?format=compact answers the compact wire form the tree page reads (contracts treeWire.ts), its persons part
  // kept per tree revision (queries.ts treeWirePersons) and, to a browser, gzipped once per revision (wireAnswer.ts).
  const readTree = async (req: FastifyRequest, reply: FastifyReply, need: 'editor' | 'viewer') => {
    const { tree, role } = await access(req, need);
    const { format } = parseInput(formatQuery, req.query);
    if (format !== TREE_WIRE_FORMAT) return ok(await treeData(db, tree, role, nowYear()));
    const gzip = acceptsGzip(req.headers['accept-encoding']);
    const body = await treeWireAnswer(db, tree, role, nowYear(), gzip);
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    return reply.headers(gzip ? { 'content-encoding': 'gzip' } : {}).send(body);
  };
  app.get(TREE_API_PATHS.tree, (req, reply) => readTree(req, reply, 'editor'));
  app.get(TREE_API_PATHS.browse, (req, reply) => readTree(req, reply, 'viewer'));

  app.put(TREE_API_PATHS.tree, async (req) => {
    const { tree, role } = await access(req, 'editor');
    const body = parseInput(treeUpdateSchema, req.body);
    if (body.masterNodeId) await treePerson(db, tree.id, body.masterNodeId);
    const [row] = await db
      .update(familyTrees)
      .set({ ...body, updatedAt: deps.now() })
      .where(eq(familyTrees.id, tree.id))
      .returning();
    return ok(await treeData(db, row, role, nowYear()));
  });

  app.delete(TREE_API_PATHS.tree, async (req) => {
    const { tree } = await access(req, 'owner');
    const imports = await db.select({ key: gedcomImports.storageKey }).from(gedcomImports).where(eq(gedcomImports.treeId, tree.id));
    const photos = await removePhotos(eq(treePhotos.treeId, tree.id));
    const files = await treeFileKeys(db, { treeId: tree.id });
    await db.delete(familyTrees).where(eq(familyTrees.id, tree.id));
    await photos();
    for (const key of [...imports.map((f) => f.key), ...files]) await deps.storage.delete(key);
    return ok(null);
  });

  // Adds a person, optionally as the parent, child, spouse or sibling of one already in the tree.
  app.post(TREE_API_PATHS.persons, async (req) => {
    const { tree } = await access(req, 'editor');
    const body = parseInput(addTreePersonSchema, req.body);
    const values = checkedPerson(body.person);
    const rels = await relationsOf(db, tree.id);
    const rel = body.relation;
    const of = rel ? await treePerson(db, tree.id, rel.of) : null;
    const id = newId();
    const now = deps.now();
    const newRels: (typeof treeRelations.$inferInsert)[] = [];
    if (rel && of) {
      const parents = parentMap(rels);
      if (rel.kind === 'parent') {
        if ((parents.get(of.id)?.length ?? 0) >= 2) throw new ApiError('TREE_RELATION_INVALID', '此人已有两位父母');
        newRels.push({ id: newId(), treeId: tree.id, kind: 'parent', fromId: id, toId: of.id });
      } else if (rel.kind === 'child') {
        newRels.push({ id: newId(), treeId: tree.id, kind: 'parent', fromId: of.id, toId: id });
        // The other parent, when the person has exactly one spouse, is the child's parent too.
        const spouses = rels.filter((r) => r.kind === 'spouse' && (r.fromId === of.id || r.toId === of.id));
        if (spouses.length === 1) {
          const other = spouses[0].fromId === of.id ? spouses[0].toId : spouses[0].fromId;
          newRels.push({ id: newId(), treeId: tree.id, kind: 'parent', fromId: other, toId: id });
        }
      } else if (rel.kind === 'spouse') {
        newRels.push({ id: newId(), treeId: tree.id, kind: 'spouse', fromId: of.id, toId: id });
      } else {
        const ps = parents.get(of.id) ?? [];
        if (!ps.length) throw new ApiError('TREE_RELATION_INVALID', '请先为此人添加父母，再添加兄弟姐妹');
        for (const p of ps) newRels.push({ id: newId(), treeId: tree.id, kind: 'parent', fromId: p, toId: id });
      }
    }
    await db.transaction(async (tx) => {
      await tx.insert(treePersons).values({ id, treeId: tree.id, ...values, createdAt: now, updatedAt: now });
      if (newRels.length) await tx.insert(treeRelations).values(newRels);
      await tx
        .update(familyTrees)
        .set({ updatedAt: now, ...revised(), ...(tree.masterNodeId ? {} : { masterNodeId: id }) })
        .where(eq(familyTrees.id, tree.id));
    });
    const row = await treePerson(db, tree.id, id);
    const all = await db.select().from(treePersons).where(eq(treePersons.treeId, tree.id));
    const warnings = treeWarnings(all, [...rels, ...(newRels as typeof rels)], nowYear());
    return ok({ person: personView(row, null, false), warnings });
  });

  app.put(TREE_API_PATHS.person, async (req) => {
    const { tree, role } = await access(req, 'editor');
    const { personId } = parseInput(personParams, req.params);
    await treePerson(db, tree.id, personId);
    const values = checkedPerson(parseInput(treePersonInputSchema, req.body));
    await db
      .update(treePersons)
      .set({ ...values, updatedAt: deps.now() })
      .where(eq(treePersons.id, personId));
    await touch(tree.id);
    return ok(await treeData(db, tree, role, nowYear()));
  });

  app.delete(TREE_API_PATHS.person, async (req) => {
    const { tree } = await access(req, 'editor');
    const { personId } = parseInput(personParams, req.params);
    await treePerson(db, tree.id, personId);
    const photos = await removePhotos(eq(treePhotos.personId, personId));
    const files = await treeFileKeys(db, { personId });
    await db.delete(treePersons).where(eq(treePersons.id, personId));
    await photos();
    for (const key of files) await deps.storage.delete(key);
    await db
      .update(familyTrees)
      .set({ updatedAt: deps.now(), ...revised(), ...(tree.masterNodeId === personId ? { masterNodeId: null } : {}) })
      .where(eq(familyTrees.id, tree.id));
    return ok(null);
  });

  app.post(TREE_API_PATHS.relations, async (req) => {
    const { tree, role } = await access(req, 'editor');
    const body = parseInput(treeRelationInputSchema, req.body);
    if (body.from === body.to) throw new ApiError('TREE_RELATION_INVALID', '不能与自己建立关系');
    await treePerson(db, tree.id, body.from);
    await treePerson(db, tree.id, body.to);
    const rels = await relationsOf(db, tree.id);
    const same = (r: (typeof rels)[number]) =>
      r.kind === body.kind &&
      ((r.fromId === body.from && r.toId === body.to) || (body.kind === 'spouse' && r.fromId === body.to && r.toId === body.from));
    if (rels.some(same)) throw new ApiError('TREE_RELATION_INVALID', '这条关系已经存在');
    if (body.kind === 'parent') {
      const parents = parentMap(rels);
      if (makesCycle(parents, body.from, body.to)) throw new ApiError('TREE_RELATION_INVALID', '不能把一个人设为自己的祖先');
      if ((parents.get(body.to)?.length ?? 0) >= 2) throw new ApiError('TREE_RELATION_INVALID', '此人已有两位父母');
    }
    await db.insert(treeRelations).values({ id: newId(), treeId: tree.id, kind: body.kind, fromId: body.from, toId: body.to });
    await touch(tree.id);
    return ok(await treeData(db, tree, role, nowYear()));
  });

  app.delete(TREE_API_PATHS.relation, async (req) => {
    const { tree } = await access(req, 'editor');
    const { relationId } = parseInput(treeParams.extend({ relationId: z.string().min(1).max(64) }), req.params);
    const gone = await db
      .delete(treeRelations)
      .where(and(eq(treeRelations.id, relationId), eq(treeRelations.treeId, tree.id)))
      .returning({ id: treeRelations.id });
    if (!gone.length) throw new ApiError('NOT_FOUND', '关系不存在');
    await touch(tree.id);
    return ok(null);
  });

  // Linking is the owner's: the tested person must be one they own (not one shared with them).
  app.put(TREE_API_PATHS.link, async (req) => {
    const { tree, me } = await access(req, 'owner');
    const { personId } = parseInput(personParams, req.params);
    await treePerson(db, tree.id, personId);
    const body = parseInput(treeLinkSchema, req.body);
    if (body.personId) {
      const [own] = await db
        .select({ id: persons.id })
        .from(persons)
        .where(and(eq(persons.id, body.personId), eq(persons.ownerUserId, me.userId)));
      if (!own) throw new ApiError('NOT_FOUND', '检测人不存在');
    }
    await db.update(treePersons).set({ linkedPersonId: body.personId, updatedAt: deps.now() }).where(eq(treePersons.id, personId));
    await touch(tree.id);
    return ok(await treeData(db, tree, 'owner', nowYear()));
  });

  // Members with their names, then the invitations not yet accepted with only the number's ends.
  app.get(TREE_API_PATHS.members, async (req) => {
    const { tree } = await access(req, 'owner');
    const rows = await db
      .select({ userId: treeMembers.userId, role: treeMembers.role, name: users.name, phone: users.phone })
      .from(treeMembers)
      .innerJoin(users, eq(users.id, treeMembers.userId))
      .where(eq(treeMembers.treeId, tree.id))
      .orderBy(asc(treeMembers.createdAt));
    const members: TreeMemberView[] = rows.map((r) => ({
      userId: r.userId,
      invitationId: null,
      name: r.name ?? '用户',
      phone: maskPhone(r.phone),
      role: r.role,
      status: 'accepted',
      expiresAt: null,
    }));
    const invited: TreeMemberView[] = (await openInvitations(db, { treeId: tree.id }, deps.now())).map((r) => ({
      userId: null,
      invitationId: r.invitationId,
      name: null,
      phone: r.phone,
      role: r.role ?? 'viewer',
      status: r.status,
      expiresAt: r.expiresAt,
    }));
    return ok({ list: [...members, ...invited] });
  });

  // Shares by invitation: the same answer for any number; the membership exists once its holder accepts.
  app.post(TREE_API_PATHS.members, async (req) => {
    const { tree, me } = await access(req, 'owner');
    const body = parseInput(treeMemberSchema, req.body);
    const sent = await invite(deps, me.userId, { kind: 'tree', treeId: tree.id, name: tree.name, role: body.role }, body);
    await audit(deps, req, me.userId, 'tree-share', { treeId: tree.id });
    return ok(sent);
  });

  // The owner removes a member; a member may also leave a tree shared with them.
  app.delete(TREE_API_PATHS.member, async (req) => {
    const me = await requireUser(req, deps);
    const { treeId, userId } = parseInput(treeParams.extend({ userId: z.string().min(1).max(64) }), req.params);
    const { role } = await treeAccess(db, treeId, me.userId, 'viewer');
    if (role !== 'owner' && userId !== me.userId) throw new ApiError('NO_PERMISSION', '只有家谱创建者可以这样做');
    await db.delete(treeMembers).where(and(eq(treeMembers.treeId, treeId), eq(treeMembers.userId, userId)));
    return ok(null);
  });

  // Life stories: everyone with access reads those of persons they may see in full; editors write.
  app.get(TREE_API_PATHS.stories, async (req) => {
    const { tree, role } = await access(req, 'viewer');
    const { personId } = parseInput(personParams, req.params);
    const person = await treePerson(db, tree.id, personId);
    const { page } = parseInput(pageQuery, req.query);
    if (role === 'viewer' && person.living) return ok({ list: [] });
    return ok({ list: await storiesPage(db, personId, page, STORIES_PAGE_SIZE) });
  });

  app.post(TREE_API_PATHS.stories, async (req) => {
    const { tree } = await access(req, 'editor');
    const { personId } = parseInput(personParams, req.params);
    await treePerson(db, tree.id, personId);
    const body = parseInput(storyInputSchema, req.body);
    const [row] = await db
      .insert(treeStories)
      .values({ id: newId(), treeId: tree.id, personId, ...body, createdAt: deps.now() })
      .returning();
    return ok({ id: row.id, title: row.title, content: row.content, createdAt: row.createdAt.toISOString() });
  });

  app.delete(TREE_API_PATHS.story, async (req) => {
    const { tree } = await access(req, 'editor');
    const { storyId } = parseInput(personParams.extend({ storyId: z.string().min(1).max(64) }), req.params);
    const gone = await db
      .delete(treeStories)
      .where(and(eq(treeStories.id, storyId), eq(treeStories.treeId, tree.id)))
      .returning({ id: treeStories.id });
    if (!gone.length) throw new ApiError('NOT_FOUND', '故事不存在');
    return ok(null);
  });

  // Photo album: like stories, viewers see the albums of persons they may see in full; editors add.
  const photoView = (r: typeof treePhotos.$inferSelect): PhotoView => ({
    id: r.id,
    url: r.url,
    caption: r.caption,
    createdAt: r.createdAt.toISOString(),
  });
  app.get(TREE_API_PATHS.photos, async (req) => {
    const { tree, role } = await access(req, 'viewer');
    const { personId } = parseInput(personParams, req.params);
    const person = await treePerson(db, tree.id, personId);
    if (role === 'viewer' && person.living) return ok({ list: [] });
    const rows = await db
      .select()
      .from(treePhotos)
      .where(eq(treePhotos.personId, personId))
      .orderBy(asc(treePhotos.createdAt), asc(treePhotos.id));
    return ok({ list: rows.map(photoView) });
  });

  app.post(TREE_API_PATHS.photos, async (req) => {
    const { tree } = await access(req, 'editor');
    const { personId } = parseInput(personParams, req.params);
    await treePerson(db, tree.id, personId);
    const body = parseInput(photoInputSchema, req.body);
    const [{ n }] = await db.select({ n: count() }).from(treePhotos).where(eq(treePhotos.personId, personId));
    if (Number(n) >= ALBUM_MAX_PHOTOS) throw new ApiError('BAD_REQUEST', `每位成员最多 ${ALBUM_MAX_PHOTOS} 张照片`);
    const [row] = await db
      .insert(treePhotos)
      .values({ id: newId(), treeId: tree.id, personId, ...body, createdAt: deps.now() })
      .returning();
    return ok(photoView(row));
  });

  app.delete(TREE_API_PATHS.photo, async (req) => {
    const { tree } = await access(req, 'editor');
    const { photoId } = parseInput(personParams.extend({ photoId: z.string().min(1).max(64) }), req.params);
    const gone = await db
      .delete(treePhotos)
      .where(and(eq(treePhotos.id, photoId), eq(treePhotos.treeId, tree.id)))
      .returning({ url: treePhotos.url });
    if (!gone.length) throw new ApiError('NOT_FOUND', '照片不存在');
    await unlinkUnused([gone[0].url]);
    return ok(null);
  });

  app.post(TREE_API_PATHS.gedcomImport, { bodyLimit: GEDCOM_MAX_BYTES + 64 * 1024 }, async (req) => {
    const { tree, me } = await access(req, 'editor');
    const body = parseInput(gedcomImportSchema, req.body);
    const row = await queueImport(deps, tree.id, me.userId, body.fileName, body.content);
    return ok(importView(row));
  });

  app.get(TREE_API_PATHS.gedcomImportState, async (req) => {
    const { tree } = await access(req, 'editor');
    const { importId } = parseInput(treeParams.extend({ importId: z.string().min(1).max(64) }), req.params);
    const [row] = await db
      .select()
      .from(gedcomImports)
      .where(and(eq(gedcomImports.id, importId), eq(gedcomImports.treeId, tree.id)));
    if (!row) throw new ApiError('NOT_FOUND', '导入记录不存在');
    return ok(importView(row));
  });

  // Export: owner and editors (viewers never get living persons' details, so no file for them).
  app.get(TREE_API_PATHS.gedcomExport, async (req, reply) => {
    const { tree } = await access(req, 'editor');
    const people = await db
      .select()
      .from(treePersons)
      .where(eq(treePersons.treeId, tree.id))
      .orderBy(asc(treePersons.createdAt), asc(treePersons.id));
    const rels = await relationsOf(db, tree.id);
    const text = writeGedcom(
      tree.name,
      people,
      rels.map((r) => ({ kind: r.kind, from: r.fromId, to: r.toId })),
      deps.now(),
    );
    return reply
      .header('content-disposition', attachmentHeader(`${tree.name}.ged`, 'family-tree.ged'))
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send(text);
  });
}

/** The album pictures of a user's trees (files under DATA_DIR; the export carries them, deletion removes them). */
export async function treePhotoUrls(db: Db, userId: string): Promise<string[]> {
  const trees = await db.select({ id: familyTrees.id }).from(familyTrees).where(eq(familyTrees.ownerUserId, userId));
  if (!trees.length) return [];
  const rows = await db
    .select({ url: treePhotos.url })
    .from(treePhotos)
    .where(
      inArray(
        treePhotos.treeId,
        trees.map((t) => t.id),
      ),
    );
  return [...new Set(rows.map((r) => r.url))];
}

/** Trees owned by a user, with their persons, relations, stories and albums (the PIPL data export). */
export async function treesOfUser(db: Db, userId: string) {
  const trees = await db.select().from(familyTrees).where(eq(familyTrees.ownerUserId, userId));
  const out = [];
  for (const t of trees) {
    out.push({
      id: t.id,
      name: t.name,
      createdAt: t.createdAt,
      persons: await db.select().from(treePersons).where(eq(treePersons.treeId, t.id)),
      relations: await db.select().from(treeRelations).where(eq(treeRelations.treeId, t.id)),
      stories: await db.select().from(treeStories).where(eq(treeStories.treeId, t.id)),
      photos: await db.select().from(treePhotos).where(eq(treePhotos.treeId, t.id)),
      generationNames: t.generationNames,
      members: await db
        .select({ userId: treeMembers.userId, role: treeMembers.role })
        .from(treeMembers)
        .where(eq(treeMembers.treeId, t.id)),
      imports: await db
        .select({ id: gedcomImports.id, fileName: gedcomImports.fileName, state: gedcomImports.state, createdAt: gedcomImports.createdAt })
        .from(gedcomImports)
        .where(or(eq(gedcomImports.treeId, t.id), eq(gedcomImports.userId, userId))),
    });
  }
  return out;
}
