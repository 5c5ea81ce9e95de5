import { copyText, copyTimestampMs, type Database, type Db, readCopyBinary, schema, sqlLiteral } from '@jiyin/db';
import { and, asc, eq, gt, inArray, isNotNull, isNull, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ListedGenome } from './memory.ts';

const { genomes, genomeLayouts, relativeConsents } = schema;

/** Rows listed per query: metadata only, so even 100,000 genomes list in a few reads. */
const LIST_CHUNK = 20_000;
/** Packed genomes read per query when the matching thread does not hold them (~150 KB each at 600,000 markers). */
export const READ_CHUNK = 100;

/**
 * Which stored genomes may be matched at all: the newest genome of each consenting person, packed
 * over a chip layout (rows waiting for the repack job are left out). Everything that decides who is
 * compared with whom lives here and in `mayMatch` (match.ts), so rules such as a plausibility gate
 * have one place to go.
 */
function listEligible(db: Db, after: string, limit: number) {
  const newer = alias(genomes, 'newer');
  return db
    .select({
      barcode: genomes.barcode,
      personId: genomes.personId,
      layoutId: genomes.layoutId,
      createdAt: genomes.createdAt,
      bytes: sql<number>`octet_length(${genomes.packed})`,
    })
    .from(genomes)
    .innerJoin(relativeConsents, and(eq(relativeConsents.personId, genomes.personId), isNull(relativeConsents.withdrawnAt)))
    .where(
      and(
        gt(genomes.barcode, after),
        isNotNull(genomes.layoutId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(newer)
            .where(
              and(
                eq(newer.personId, genomes.personId),
                or(gt(newer.createdAt, genomes.createdAt), and(eq(newer.createdAt, genomes.createdAt), gt(newer.barcode, genomes.barcode))),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(genomes.barcode))
    .limit(limit);
}

/** Every eligible genome now (metadata only), read in chunks of LIST_CHUNK. */
export async function listEligibleGenomes(db: Db): Promise<ListedGenome[]> {
  const out: ListedGenome[] = [];
  let after = '';
  for (;;) {
    const rows = await listEligible(db, after, LIST_CHUNK);
    for (const r of rows) {
      out.push({
        barcode: r.barcode,
        personId: r.personId,
        layoutId: r.layoutId as string,
        storedAt: r.createdAt.getTime(),
        bytes: Number(r.bytes),
      });
    }
    if (rows.length < LIST_CHUNK) return out;
    after = rows[rows.length - 1].barcode;
  }
}

/** Chip layouts' stored bytes by id (for the matching thread, which keeps them: an id is its content hash). */
export function layoutBytes(db: Db, ids: string[]): Promise<{ id: string; bytes: Uint8Array }[]> {
  return ids.length
    ? db.select({ id: genomeLayouts.id, bytes: genomeLayouts.bytes }).from(genomeLayouts).where(inArray(genomeLayouts.id, ids))
    : Promise.resolve([]);
}

/** A stored genome's bytes as read for the matching thread. */
export interface PackedRow {
  barcode: string;
  layoutId: string;
  /** When it was stored (ms), which tells a re-import apart: the matching thread checks it against its list. */
  storedAt: number;
  packed: Uint8Array;
}

/**
 * Packed genomes by barcode. On Postgres by binary COPY: ~150 KB of bytes each come as they are, each in
 * a buffer of its own (moved, not copied, to the matching thread); as query results they would come
 * as hex text, decoded here on the event loop (~5 ms a genome, minutes for 100,000 on a cold start).
 */
export async function packedGenomes(database: Database, barcodes: string[]): Promise<PackedRow[]> {
  if (database.copyBinaryOut) {
    const output = await database.copyBinaryOut(
      `select barcode, layout_id, created_at, packed from genomes where barcode in (${barcodes.map(sqlLiteral).join(', ')})`,
    );
    return readCopyBinary(output).map(([barcode, layoutId, createdAt, packed]) => ({
      barcode: copyText(barcode) as string,
      layoutId: copyText(layoutId) as string,
      storedAt: copyTimestampMs(createdAt) as number,
      packed: packed as Uint8Array,
    }));
  }
  const rows = await database.db
    .select({ barcode: genomes.barcode, packed: genomes.packed, createdAt: genomes.createdAt, layoutId: genomes.layoutId })
    .from(genomes)
    .where(inArray(genomes.barcode, barcodes));
  return rows.map((r) => ({ barcode: r.barcode, layoutId: r.layoutId as string, storedAt: r.createdAt.getTime(), packed: r.packed }));
}
