import { schema } from '@jiyin/db';
import { deserialisePacked, type HaplogroupCall, loadPanel, type PackedGenome } from '@jiyin/genome';
import { and, count, desc, eq, gte } from 'drizzle-orm';
import type { Deps } from '../deps.ts';

const { ancestryResults, genomes, reportResults, ytreeComments, users } = schema;

export type AncestryResultRow = typeof ancestryResults.$inferSelect;

/**
 * The stored genome of a barcode packed against the current reference panel (what ancestry reads),
 * with when it was stored; null when none was imported, 'old-panel' when it is still packed against an
 * earlier panel only (the repack job moves it from its raw file). Rows the repack job has not moved to
 * chip layouts yet hold their panel packing in `packed`.
 */
export async function storedGenome(
  deps: Deps,
  barcode: string,
): Promise<{ packed: PackedGenome; bytes: Uint8Array; storedAt: Date } | 'old-panel' | null> {
  const [row] = await deps.database.db
    .select({ packed: genomes.packed, layoutId: genomes.layoutId, panelPacked: genomes.panelPacked, createdAt: genomes.createdAt })
    .from(genomes)
    .where(eq(genomes.barcode, barcode));
  if (!row) return null;
  const bytes = row.panelPacked ?? (row.layoutId ? null : row.packed);
  const packed = bytes ? deserialisePacked(bytes) : null;
  return bytes && packed?.panelId === loadPanel().id ? { packed, bytes, storedAt: row.createdAt } : 'old-panel';
}

export async function cachedComposition(deps: Deps, barcode: string): Promise<AncestryResultRow | null> {
  const [row] = await deps.database.db.select().from(ancestryResults).where(eq(ancestryResults.barcode, barcode));
  return row ?? null;
}

/** When the genome was last stored, or null (cheaper than reading the packed genome). */
export async function genomeStoredAt(deps: Deps, barcode: string): Promise<Date | null> {
  const [row] = await deps.database.db.select({ createdAt: genomes.createdAt }).from(genomes).where(eq(genomes.barcode, barcode));
  return row?.createdAt ?? null;
}

export async function saveComposition(deps: Deps, row: AncestryResultRow): Promise<void> {
  const { barcode, ...rest } = row;
  await deps.database.db.insert(ancestryResults).values(row).onConflictDoUpdate({ target: ancestryResults.barcode, set: rest });
}

/** The haplogroup calls the import stored for a barcode ({y, mt} as callYHaplogroup/callMtHaplogroup gave them). */
export async function storedCalls(deps: Deps, barcode: string): Promise<{ y: HaplogroupCall | null; mt: HaplogroupCall | null }> {
  const [row] = await deps.database.db
    .select({ haplogroups: reportResults.haplogroups })
    .from(reportResults)
    .where(eq(reportResults.barcode, barcode));
  const h = (row?.haplogroups ?? {}) as { y?: HaplogroupCall | null; mt?: HaplogroupCall | null };
  return { y: h.y ?? null, mt: h.mt ?? null };
}

export type YTreeCommentRow = typeof ytreeComments.$inferSelect & { userName: string | null };

const commentColumns = {
  id: ytreeComments.id,
  userId: ytreeComments.userId,
  haplogroup: ytreeComments.haplogroup,
  comment: ytreeComments.comment,
  status: ytreeComments.status,
  createType: ytreeComments.createType,
  createdAt: ytreeComments.createdAt,
  userName: users.name,
};

/** Visible comments of one haplogroup, newest first, one page, with the total. */
export async function visibleComments(
  deps: Deps,
  haplogroup: string,
  page: number,
  size: number,
): Promise<{ rows: YTreeCommentRow[]; total: number }> {
  const { db } = deps.database;
  const where = and(eq(ytreeComments.haplogroup, haplogroup), eq(ytreeComments.status, 'visible'));
  const rows = await db
    .select(commentColumns)
    .from(ytreeComments)
    .innerJoin(users, eq(users.id, ytreeComments.userId))
    .where(where)
    .orderBy(desc(ytreeComments.createdAt), desc(ytreeComments.id))
    .limit(size)
    .offset((page - 1) * size);
  const [{ n }] = await db.select({ n: count() }).from(ytreeComments).where(where);
  return { rows, total: n };
}

export async function insertComment(deps: Deps, row: typeof ytreeComments.$inferInsert): Promise<YTreeCommentRow> {
  const { db } = deps.database;
  await db.insert(ytreeComments).values(row);
  const [saved] = await db
    .select(commentColumns)
    .from(ytreeComments)
    .innerJoin(users, eq(users.id, ytreeComments.userId))
    .where(eq(ytreeComments.id, row.id));
  return saved;
}

/** How many comments the user wrote since `since`, and whether one of theirs on the haplogroup has this text. */
export async function recentCommentFacts(
  deps: Deps,
  userId: string,
  haplogroup: string,
  comment: string,
  since: Date,
): Promise<{ recent: number; duplicate: boolean }> {
  const { db } = deps.database;
  const [{ n }] = await db
    .select({ n: count() })
    .from(ytreeComments)
    .where(and(eq(ytreeComments.userId, userId), gte(ytreeComments.createdAt, since)));
  const [dup] = await db
    .select({ id: ytreeComments.id })
    .from(ytreeComments)
    .where(
      and(
        eq(ytreeComments.userId, userId),
        eq(ytreeComments.haplogroup, haplogroup),
        eq(ytreeComments.comment, comment),
        eq(ytreeComments.status, 'visible'),
      ),
    )
    .limit(1);
  return { recent: n, duplicate: Boolean(dup) };
}

/** Deletes a comment of the user's; false when there is none with this id that is theirs. */
export async function deleteOwnComment(deps: Deps, userId: string, id: string): Promise<boolean> {
  const gone = await deps.database.db
    .delete(ytreeComments)
    .where(and(eq(ytreeComments.id, id), eq(ytreeComments.userId, userId)))
    .returning({ id: ytreeComments.id });
  return gone.length > 0;
}
