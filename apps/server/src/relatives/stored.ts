import { type Database, type Db, schema } from '@jiyin/db';
import { type ChipLayout, deserialiseLayout, deserialisePacked, type PackedGenome } from '@jiyin/genome';
import { and, asc, eq, gt, inArray, isNotNull, isNull, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

const { genomes, genomeLayouts, relativeConsents } = schema;

/** A consenting person's newest genome as listed (no genotypes). */
export interface ListedGenome {
  barcode: string;
  personId: string;
  layoutId: string;
  /** When the genome was stored: a re-import of the same detection changes it. */
  storedAt: number;
  /** Size of the stored packed genome. */
  bytes: number;
}

/** A listed genome with its genotypes, as matching compares it. */
export interface StoredGenome extends ListedGenome {
  genome: PackedGenome;
}

/** Rows listed per query: metadata only, so even 100,000 genomes list in a few reads. */
const LIST_CHUNK = 20_000;
/** Packed genomes read per query when they are not in memory (~150 KB each at 600,000 markers). */
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

/** A chip layout from the database by id (null when none is stored); callers keep it, since an id is its content hash. */
export async function readLayout(db: Db, id: string): Promise<ChipLayout | null> {
  const [row] = await db.select({ bytes: genomeLayouts.bytes }).from(genomeLayouts).where(eq(genomeLayouts.id, id));
  return row ? deserialiseLayout(row.bytes) : null;
}

/**
 * A matching worker's memory of stored genomes, grouped by chip layout. Each job first lists the
 * eligible genomes (metadata, no genotypes) and brings the memory in line with it: genomes that are
 * gone (deleted, consent withdrawn, superseded by a newer import) are dropped, changed ones re-read.
 * So the memory is right whichever process imported, deleted or withdrew, without messages between
 * processes; only genomes not yet held are read from the database. Past `budgetBytes` genomes are
 * not kept but read again on each job, chunk by chunk.
 */
export class StoredGenomes {
  private readonly held = new Map<string, StoredGenome>();
  private heldBytes = 0;
  /** Genomes read from the database so far (held or not), for the job's figures. */
  readFromDatabase = 0;
  private readonly layouts = new Map<string, ChipLayout>();

  private readonly db: Db;
  private readonly budgetBytes: number;

  constructor(db: Db, budgetBytes: number) {
    this.db = db;
    this.budgetBytes = budgetBytes;
  }

  get size(): number {
    return this.held.size;
  }

  get bytes(): number {
    return this.heldBytes;
  }

  /** A layout by id (layouts never change: the id is their content hash). */
  async layout(id: string): Promise<ChipLayout> {
    const known = this.layouts.get(id);
    if (known) return known;
    const layout = await readLayout(this.db, id);
    if (!layout) throw new Error(`chip layout ${id} is missing`);
    this.layouts.set(id, layout);
    return layout;
  }

  /** The eligible genomes now, by layout, with the memory brought in line (see the class note). */
  async current(): Promise<Map<string, ListedGenome[]>> {
    const byLayout = new Map<string, ListedGenome[]>();
    const seen = new Set<string>();
    let after = '';
    for (;;) {
      const rows = await listEligible(this.db, after, LIST_CHUNK);
      if (!rows.length) break;
      after = rows[rows.length - 1].barcode;
      for (const r of rows) {
        const listed: ListedGenome = {
          barcode: r.barcode,
          personId: r.personId,
          layoutId: r.layoutId as string,
          storedAt: r.createdAt.getTime(),
          bytes: Number(r.bytes),
        };
        seen.add(r.barcode);
        const held = this.held.get(r.barcode);
        if (held && (held.storedAt !== listed.storedAt || held.layoutId !== listed.layoutId || held.personId !== listed.personId)) {
          this.drop(r.barcode);
        }
        let group = byLayout.get(listed.layoutId);
        if (!group) {
          group = [];
          byLayout.set(listed.layoutId, group);
        }
        group.push(listed);
      }
      if (rows.length < LIST_CHUNK) break;
    }
    for (const barcode of [...this.held.keys()]) if (!seen.has(barcode)) this.drop(barcode);
    return byLayout;
  }

  /**
   * The genomes of `listed` in chunks of about `chunk`: held ones at once, the others read from the
   * database (and kept while the budget allows). A genome gone since it was listed is skipped.
   */
  async *genomes(listed: ListedGenome[], chunk = READ_CHUNK): AsyncGenerator<StoredGenome[]> {
    let out: StoredGenome[] = [];
    let missing: ListedGenome[] = [];
    const flushMissing = async () => {
      const rows = await this.db
        .select({ barcode: genomes.barcode, packed: genomes.packed, createdAt: genomes.createdAt, layoutId: genomes.layoutId })
        .from(genomes)
        .where(
          inArray(
            genomes.barcode,
            missing.map((m) => m.barcode),
          ),
        );
      const byBarcode = new Map(rows.map((r) => [r.barcode, r]));
      for (const m of missing) {
        const row = byBarcode.get(m.barcode);
        if (!row || row.createdAt.getTime() !== m.storedAt || row.layoutId !== m.layoutId) continue;
        const stored: StoredGenome = { ...m, genome: deserialisePacked(row.packed) };
        this.readFromDatabase++;
        if (this.heldBytes + m.bytes <= this.budgetBytes) {
          this.held.set(m.barcode, stored);
          this.heldBytes += m.bytes;
        }
        out.push(stored);
      }
      missing = [];
    };
    for (const m of listed) {
      const held = this.held.get(m.barcode);
      if (held) out.push(held);
      else missing.push(m);
      if (missing.length >= chunk) await flushMissing();
      if (out.length >= chunk) {
        yield out;
        out = [];
      }
    }
    if (missing.length) await flushMissing();
    if (out.length) yield out;
  }

  private drop(barcode: string): void {
    const held = this.held.get(barcode);
    if (!held) return;
    this.held.delete(barcode);
    this.heldBytes -= held.bytes;
  }
}

const perDatabase = new WeakMap<Database, StoredGenomes>();

/** The worker's memory for one database (tests open many databases in one process). */
export function storedGenomesOf(database: Database, budgetMb: number): StoredGenomes {
  let s = perDatabase.get(database);
  if (!s) {
    s = new StoredGenomes(database.db, budgetMb * 1024 * 1024);
    perDatabase.set(database, s);
  }
  return s;
}
