import type { StoryView, TreeDataView, TreeDnaView, TreeLinkView, TreeListItem, TreePersonView, TreeRole } from '@jiyin/contracts/treesApi';
import { encodeTreePersons, type TreeWireHead } from '@jiyin/contracts/treeWire';
import { type Db, schema } from '@jiyin/db';
import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { ApiError } from '../http/errors.ts';
import { sharedBetween } from '../relatives/queries.ts';
import { kinship, parentMap, treeWarnings } from './checks.ts';
import { dateText } from './dates.ts';
import { type WireStart, wireAnswer, wireStart } from './wireAnswer.ts';

const { familyTrees, treeMembers, treePersons, treeRelations, treeStories, treeWireCache, users, persons, genomes } = schema;

/** Spread into an update of family_trees whenever its persons or relations change: the cached wire form is then stale. */
export const revised = () => ({ revision: sql`${familyTrees.revision} + 1` });

export type TreeRow = typeof familyTrees.$inferSelect;
export type TreePersonRow = typeof treePersons.$inferSelect;
const RANK: Record<TreeRole, number> = { viewer: 0, editor: 1, owner: 2 };

/**
 * The caller's role in a tree, at least `need`: a tree the caller may not see answers like a missing
 * one (no hint that it exists); one they see but may not change answers no-permission.
 */
export async function treeAccess(db: Db, treeId: string, userId: string, need: TreeRole): Promise<{ tree: TreeRow; role: TreeRole }> {
  const [row] = await db
    .select({ tree: familyTrees, memberRole: treeMembers.role })
    .from(familyTrees)
    .leftJoin(treeMembers, and(eq(treeMembers.treeId, familyTrees.id), eq(treeMembers.userId, userId)))
    .where(eq(familyTrees.id, treeId));
  const role: TreeRole | null = !row ? null : row.tree.ownerUserId === userId ? 'owner' : row.memberRole;
  if (!row || !role) throw new ApiError('NOT_FOUND', '家谱不存在');
  if (RANK[role] < RANK[need]) throw new ApiError('NO_PERMISSION', need === 'owner' ? '只有家谱创建者可以这样做' : '你只能浏览这份家谱');
  return { tree: row.tree, role };
}

/** §3 list items: own trees first, then trees shared with the caller; isSelected by the §4 rule (page). */
export async function treeList(db: Db, userId: string): Promise<Omit<TreeListItem, 'isSelected'>[]> {
  const rows = await db
    .select({ tree: familyTrees, role: treeMembers.role, ownerName: users.name })
    .from(familyTrees)
    .innerJoin(users, eq(users.id, familyTrees.ownerUserId))
    .leftJoin(treeMembers, and(eq(treeMembers.treeId, familyTrees.id), eq(treeMembers.userId, userId)))
    .where(or(eq(familyTrees.ownerUserId, userId), eq(treeMembers.userId, userId)))
    .orderBy(desc(familyTrees.updatedAt), asc(familyTrees.id));
  const ids = rows.map((r) => r.tree.id);
  const counts = ids.length
    ? await db
        .select({ treeId: treePersons.treeId, n: count() })
        .from(treePersons)
        .where(inArray(treePersons.treeId, ids))
        .groupBy(treePersons.treeId)
    : [];
  const n = new Map(counts.map((c) => [c.treeId, Number(c.n)]));
  const list = rows.map((r) => {
    const own = r.tree.ownerUserId === userId;
    return {
      id: r.tree.id,
      share: !own,
      role: (own ? 'owner' : r.role) as TreeRole,
      personInfo: { id: r.tree.masterNodeId, treeId: r.tree.id },
      name: r.tree.name,
      personCount: n.get(r.tree.id) ?? 0,
      ownerName: r.ownerName ?? '用户',
    };
  });
  return [...list.filter((t) => !t.share), ...list.filter((t) => t.share)];
}

/** Haplogroups of the tested persons linked in a tree (their latest genome). */
async function links(db: Db, personIds: string[]): Promise<Map<string, TreeLinkView>> {
  if (!personIds.length) return new Map();
  const rows = await db
    .select({ id: persons.id, name: persons.name, y: genomes.yHaplogroup, mt: genomes.mtHaplogroup })
    .from(persons)
    .leftJoin(genomes, eq(genomes.personId, persons.id))
    .where(inArray(persons.id, personIds))
    .orderBy(asc(genomes.createdAt));
  const out = new Map<string, TreeLinkView>();
  for (const r of rows) out.set(r.id, { personId: r.id, name: r.name, yHaplogroup: r.y, mtHaplogroup: r.mt });
  return out;
}

/** The columns a person's view needs (a 5,000-person tree reads noticeably faster without the rest). */
const viewColumns = {
  id: treePersons.id,
  surname: treePersons.surname,
  givenName: treePersons.givenName,
  courtesyName: treePersons.courtesyName,
  artName: treePersons.artName,
  sex: treePersons.sex,
  birth: treePersons.birth,
  death: treePersons.death,
  living: treePersons.living,
  birthPlace: treePersons.birthPlace,
  notes: treePersons.notes,
  linkedPersonId: treePersons.linkedPersonId,
};
type ViewRow = Pick<TreePersonRow, keyof typeof viewColumns>;

export function personView(p: ViewRow, link: TreeLinkView | null, hide: boolean): TreePersonView {
  if (hide && p.living) {
    return {
      id: p.id,
      hidden: true,
      surname: p.surname,
      givenName: '',
      courtesyName: '',
      artName: '',
      sex: p.sex,
      birth: null,
      death: null,
      birthText: null,
      deathText: null,
      living: true,
      birthPlace: null,
      notes: '',
      link: null,
    };
  }
  return {
    id: p.id,
    hidden: false,
    surname: p.surname,
    givenName: p.givenName,
    courtesyName: p.courtesyName,
    artName: p.artName,
    sex: p.sex,
    birth: p.birth ?? null,
    death: p.death ?? null,
    birthText: dateText(p.birth),
    deathText: dateText(p.death),
    living: p.living,
    birthPlace: p.birthPlace ?? null,
    notes: p.notes,
    link: hide ? null : link,
  };
}

type Linked = { id: string; linkedPersonId: string };

/**
 * Shared cM between each two linked persons' tested persons, beside their relationship in the tree and whether
 * the DNA contradicts it. The tree's parents are read only when some pair shares DNA (most trees have none).
 */
async function treeDna(db: Db, treeId: string, linked: Linked[], knownParents: Map<string, string[]> | null): Promise<TreeDnaView[]> {
  const dna: TreeDnaView[] = [];
  let parents = knownParents;
  for (let i = 0; i < linked.length; i++) {
    for (let j = i + 1; j < linked.length; j++) {
      const a = linked[i];
      const b = linked[j];
      const shared = await sharedBetween(db, a.linkedPersonId, b.linkedPersonId);
      if (!shared) continue;
      parents ??= parentMap(
        await db
          .select({ kind: treeRelations.kind, fromId: treeRelations.fromId, toId: treeRelations.toId })
          .from(treeRelations)
          .where(eq(treeRelations.treeId, treeId)),
      );
      const kin = kinship(parents, a.id, b.id);
      const range = kin?.expected ?? null;
      dna.push({
        a: a.id,
        b: b.id,
        sharedCm: Math.round(shared.sharedCm),
        grade: shared.grade,
        treeRelation: kin?.label ?? null,
        contradicts: range !== null && (shared.sharedCm < range[0] || shared.sharedCm > range[1]),
        expected: range ? `${range[0]}–${range[1]} cM` : null,
      });
    }
  }
  return dna;
}

/** A tree's persons (the view's columns) in the view's order, and its relations. */
async function treeRows(db: Db, treeId: string) {
  const people = await db
    .select(viewColumns)
    .from(treePersons)
    .where(eq(treePersons.treeId, treeId))
    .orderBy(asc(treePersons.createdAt), asc(treePersons.id));
  const rels = await db
    .select({ id: treeRelations.id, kind: treeRelations.kind, fromId: treeRelations.fromId, toId: treeRelations.toId })
    .from(treeRelations)
    .where(eq(treeRelations.treeId, treeId))
    .orderBy(asc(treeRelations.id));
  return { people, rels };
}

/**
 * §3 Family tree data as the caller may see it. Viewers see living persons as 在世 with details
 * hidden; the links to tested persons and the DNA comparison are the owner's genetic data, shown
 * to the owner alone.
 */
export async function treeData(db: Db, tree: TreeRow, role: TreeRole, nowYear: number): Promise<TreeDataView> {
  const { people, rels } = await treeRows(db, tree.id);
  const owner = role === 'owner';
  const linked = owner ? people.filter((p) => p.linkedPersonId) : [];
  const linkViews = await links(
    db,
    linked.map((p) => p.linkedPersonId as string),
  );
  const dna = await treeDna(
    db,
    tree.id,
    linked.map((p) => ({ id: p.id, linkedPersonId: p.linkedPersonId as string })),
    parentMap(rels),
  );
  const hide = role === 'viewer';
  const visibleIds = new Set(people.filter((p) => !(hide && p.living)).map((p) => p.id));
  return {
    id: tree.id,
    name: tree.name,
    role,
    familyNodes: people.map((p) => personView(p, p.linkedPersonId ? (linkViews.get(p.linkedPersonId) ?? null) : null, hide)),
    relations: rels.map((r) => ({ id: r.id, kind: r.kind, from: r.fromId, to: r.toId })),
    masterNodeId: tree.masterNodeId,
    lastModified: tree.updatedAt.toISOString(),
    generationNames: tree.generationNames,
    warnings: hide ? [] : treeWarnings(people, rels, nowYear).filter((w) => visibleIds.has(w.personId)),
    dna,
  };
}

/**
 * The start of the tree call's compact answer (wireAnswer.ts), for owners and editors or (`hide`) with living
 * persons hidden for viewers: from tree_wire_cache when it is of the tree's revision and this year, else built
 * and kept there. A change made while it is built leaves it under the older revision, so it is built again.
 */
export async function treeWirePersons(
  db: Db,
  tree: TreeRow,
  hide: boolean,
  nowYear: number,
): Promise<{ start: WireStart; linked: [number, string, string][] }> {
  const variant = hide ? 'hidden' : 'full';
  const [hit] = await db
    .select()
    .from(treeWireCache)
    .where(and(eq(treeWireCache.treeId, tree.id), eq(treeWireCache.variant, variant)));
  if (hit && hit.revision === tree.revision && hit.year === nowYear) {
    return { start: { body: Buffer.from(hit.body), crc: hit.crc, size: hit.size }, linked: hit.linked };
  }
  const { people, rels } = await treeRows(db, tree.id);
  const start = await wireStart(
    JSON.stringify(
      encodeTreePersons({
        familyNodes: people.map((p) => personView(p, null, hide)),
        relations: rels.map((r) => ({ id: r.id, kind: r.kind, from: r.fromId, to: r.toId })),
        warnings: hide ? [] : treeWarnings(people, rels, nowYear),
      }),
    ),
  );
  const linked: [number, string, string][] = hide
    ? []
    : people.flatMap((p, i) => (p.linkedPersonId ? [[i, p.id, p.linkedPersonId] as [number, string, string]] : []));
  const row = { revision: tree.revision, year: nowYear, ...start, linked };
  await db
    .insert(treeWireCache)
    .values({ treeId: tree.id, variant, ...row })
    .onConflictDoUpdate({ target: [treeWireCache.treeId, treeWireCache.variant], set: row });
  return { start, linked };
}

/**
 * The tree call's answer in the compact wire form, the same view `treeData` gives: the cached start with the
 * tree row, the caller's role and, for the owner alone, the links to tested persons and the DNA comparison,
 * read now. `gzip`: the answer as one gzip member, compressed once per tree revision.
 */
export async function treeWireAnswer(db: Db, tree: TreeRow, role: TreeRole, nowYear: number, gzip: boolean): Promise<Buffer> {
  const { start, linked } = await treeWirePersons(db, tree, role === 'viewer', nowYear);
  const mine = role === 'owner' ? linked : [];
  const linkViews = await links(
    db,
    mine.map((l) => l[2]),
  );
  const listed = [...new Set(mine.map((l) => l[2]).filter((id) => linkViews.has(id)))];
  const head: TreeWireHead = {
    id: tree.id,
    name: tree.name,
    role,
    masterNodeId: tree.masterNodeId,
    lastModified: tree.updatedAt.toISOString(),
    generationNames: tree.generationNames,
    links: listed.map((id) => linkViews.get(id) as TreeLinkView),
    personLinks: mine.flatMap(([at, , personId]) => (linkViews.has(personId) ? [[at, listed.indexOf(personId)] as [number, number]] : [])),
    dna: await treeDna(
      db,
      tree.id,
      mine.map(([, id, linkedPersonId]) => ({ id, linkedPersonId })),
      null,
    ),
  };
  return wireAnswer(start, head, gzip);
}

export async function treePerson(db: Db, treeId: string, personId: string): Promise<TreePersonRow> {
  const [row] = await db
    .select()
    .from(treePersons)
    .where(and(eq(treePersons.id, personId), eq(treePersons.treeId, treeId)));
  if (!row) throw new ApiError('NOT_FOUND', '家谱中没有这个人');
  return row;
}

export async function storiesPage(db: Db, personId: string, page: number, size: number): Promise<StoryView[]> {
  const rows = await db
    .select()
    .from(treeStories)
    .where(eq(treeStories.personId, personId))
    .orderBy(desc(treeStories.createdAt), desc(treeStories.id))
    .limit(size)
    .offset((page - 1) * size);
  return rows.map((s) => ({ id: s.id, title: s.title, content: s.content, createdAt: s.createdAt.toISOString() }));
}
