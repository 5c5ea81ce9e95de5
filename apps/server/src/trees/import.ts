/**
 * GEDCOM import as a queue job: the uploaded file is kept in private storage, read on the worker pool,
 * and its persons and relations written in batches with the progress on the import row (the page polls
 * it). A re-run after a crash first removes what the earlier run of the same import wrote.
 */
import type { GedcomImportView, GedcomReport } from '@jiyin/contracts/treesApi';
import { schema } from '@jiyin/db';
import { and, eq } from 'drizzle-orm';
import { newId } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { makesCycle } from './checks.ts';
import type { GedcomParsed } from './gedcom.ts';
import { revised, treeWirePersons } from './queries.ts';

const { gedcomImports, treePersons, treeRelations, familyTrees } = schema;
type ImportRow = typeof gedcomImports.$inferSelect;

export const GEDCOM_JOB = 'gedcom-import';
const BATCH = 500;
export const storageKeyOf = (id: string) => `gedcom/${id}.ged`;

export function importView(r: ImportRow): GedcomImportView {
  return {
    id: r.id,
    state: r.state,
    fileName: r.fileName,
    processed: r.processed,
    total: r.total,
    error: r.error,
    report: (r.report as GedcomReport | null) ?? null,
  };
}

/** Stores the file and queues its import into the tree. */
export async function queueImport(deps: Deps, treeId: string, userId: string, fileName: string, content: string): Promise<ImportRow> {
  const id = newId();
  await deps.storage.put(storageKeyOf(id), Buffer.from(content, 'utf8'));
  const [row] = await deps.database.db
    .insert(gedcomImports)
    .values({ id, treeId, userId, fileName, storageKey: storageKeyOf(id), state: 'queued', createdAt: deps.now() })
    .returning();
  await deps.queue.send(GEDCOM_JOB, { id }, { singletonKey: id });
  return row;
}

async function readText(deps: Deps, key: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of await deps.storage.get(key)) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks).toString('utf8');
}

/** Writes the parsed file into the tree; cycles (someone their own ancestor) are skipped and reported. */
async function write(deps: Deps, row: ImportRow, parsed: GedcomParsed): Promise<GedcomReport> {
  const { db } = deps.database;
  const now = deps.now();
  const total = parsed.persons.length + parsed.families.length;
  const ids = new Map(parsed.persons.map((p) => [p.xref, newId()]));
  // A revision for the rows written below, so a run that fails half-way leaves no cached form of the tree before it.
  await db.update(familyTrees).set(revised()).where(eq(familyTrees.id, row.treeId));
  for (let i = 0; i < parsed.persons.length; i += BATCH) {
    await db.insert(treePersons).values(
      parsed.persons.slice(i, i + BATCH).map((p) => ({
        id: ids.get(p.xref) as string,
        treeId: row.treeId,
        surname: p.surname,
        givenName: p.givenName,
        courtesyName: p.courtesyName,
        artName: p.artName,
        sex: p.sex,
        birth: p.birth,
        death: p.death,
        living: p.living,
        birthPlace: p.birthPlace,
        notes: p.notes,
        gedcomId: p.xref,
        importId: row.id,
        createdAt: now,
        updatedAt: now,
      })),
    );
    await db
      .update(gedcomImports)
      .set({ processed: Math.min(i + BATCH, parsed.persons.length) })
      .where(eq(gedcomImports.id, row.id));
  }
  const report = { ...parsed.report, skipped: [...parsed.report.skipped] };
  const parents = new Map<string, string[]>();
  const rels: (typeof treeRelations.$inferInsert)[] = [];
  for (const f of parsed.families) {
    const partners = f.partners.map((x) => ids.get(x) as string);
    if (partners.length === 2) rels.push({ id: newId(), treeId: row.treeId, kind: 'spouse', fromId: partners[0], toId: partners[1] });
    for (const c of f.children) {
      const child = ids.get(c) as string;
      for (const p of partners) {
        if (makesCycle(parents, p, child)) {
          report.skipped.push({ line: 0, record: f.xref, reason: `${c} 会成为自己的祖先，这条父母关系未导入` });
          continue;
        }
        parents.set(child, [...(parents.get(child) ?? []), p]);
        rels.push({ id: newId(), treeId: row.treeId, kind: 'parent', fromId: p, toId: child });
      }
    }
  }
  for (let i = 0; i < rels.length; i += BATCH * 2) await db.insert(treeRelations).values(rels.slice(i, i + BATCH * 2));
  report.relations = rels.length;
  const [tree] = await db.select({ master: familyTrees.masterNodeId }).from(familyTrees).where(eq(familyTrees.id, row.treeId));
  const [changed] = await db
    .update(familyTrees)
    .set({
      updatedAt: deps.now(),
      ...revised(),
      ...(tree?.master || !parsed.persons.length ? {} : { masterNodeId: ids.get(parsed.persons[0].xref) }),
    })
    .where(eq(familyTrees.id, row.treeId))
    .returning();
  // The tree's next open reads its wire form ready-made (building it for thousands of persons takes a second);
  // ready before the import says it is done, which is when the page opens the tree.
  if (changed) await treeWirePersons(db, changed, false, deps.now().getUTCFullYear());
  await db
    .update(gedcomImports)
    .set({ processed: total, state: 'done', report, finishedAt: deps.now() })
    .where(eq(gedcomImports.id, row.id));
  return report;
}

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

export async function registerGedcomWorker(deps: Deps, log: Log): Promise<void> {
  const { db } = deps.database;
  await deps.queue.work<{ id: string }>(
    GEDCOM_JOB,
    async ({ id }) => {
      const [row] = await db.select().from(gedcomImports).where(eq(gedcomImports.id, id));
      if (!row || row.state === 'done' || row.state === 'failed') return;
      // A run after a crash starts over: what the earlier run wrote goes first (relations cascade).
      const gone = await db
        .delete(treePersons)
        .where(and(eq(treePersons.treeId, row.treeId), eq(treePersons.importId, id)))
        .returning({ id: treePersons.id });
      if (gone.length) await db.update(familyTrees).set(revised()).where(eq(familyTrees.id, row.treeId));
      const text = await readText(deps, row.storageKey);
      await db.update(gedcomImports).set({ state: 'running', processed: 0 }).where(eq(gedcomImports.id, id));
      const out = await deps.pool.gedcom(text, deps.now().getUTCFullYear());
      if ('refused' in out) {
        await db.update(gedcomImports).set({ state: 'failed', error: out.refused, finishedAt: deps.now() }).where(eq(gedcomImports.id, id));
        log.info({ importId: id, line: out.line }, 'gedcom refused');
        return;
      }
      await db
        .update(gedcomImports)
        .set({ total: out.parsed.persons.length + out.parsed.families.length })
        .where(eq(gedcomImports.id, id));
      const report = await write(deps, row, out.parsed);
      log.info({ importId: id, persons: report.persons, skipped: report.skipped.length }, 'gedcom imported');
    },
    {
      onFailed: async ({ id }, error) => {
        log.warn({ importId: id, error }, 'gedcom import failed');
        await db
          .update(gedcomImports)
          .set({ state: 'failed', error: '导入失败，请稍后重试', finishedAt: deps.now() })
          .where(eq(gedcomImports.id, id));
      },
    },
  );
}
