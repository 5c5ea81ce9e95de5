/**
 * The matching thread's side of a relatives match (pool/matcher.ts runs it): the memory of consenting
 * persons' packed genomes and the comparisons. No database here: the main thread lists the eligible
 * genomes, the thread says which it does not hold, the main thread reads those and feeds them in.
 */
import {
  type ChipLayout,
  deserialiseLayout,
  deserialisePacked,
  type GroupStats,
  type LayoutHit,
  matchGroup,
  type PackedGenome,
  prepareQuery,
} from '@jiyin/genome';

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

interface HeldGenome extends ListedGenome {
  genome: PackedGenome;
}

/** What one job's matching did, in the thread (the main thread adds its reading and writing times). */
export interface MatchFigures extends GroupStats {
  layouts: number;
  fromMemory: number;
  fromDatabase: number;
  matchMs: number;
  heldGenomes: number;
  heldBytes: number;
}

/** Stored genomes compared per call of matchGroup. */
const MATCH_CHUNK = 500;

interface Job {
  queryLayoutId: string;
  query: PackedGenome;
  /** The job's eligible genomes by barcode (metadata), and by layout. */
  listed: Map<string, ListedGenome>;
  byLayout: Map<string, ListedGenome[]>;
  prepared: Map<string, ReturnType<typeof prepareQuery>>;
  matched: Set<string>;
  hits: LayoutHit[];
  figures: MatchFigures;
}

/**
 * A matching thread's memory of stored genomes. Each job starts from the list of eligible genomes
 * and brings the memory in line with it: genomes that are gone (deleted, consent withdrawn,
 * superseded by a newer import) are dropped, changed ones re-read. So the memory is right whichever
 * process imported, deleted or withdrew, without messages between processes; only genomes not yet
 * held are read from the database. Past the budget genomes are not kept but fed again on each job.
 */
export class MatchMemory {
  private readonly held = new Map<string, HeldGenome>();
  private heldBytes = 0;
  private readonly layouts = new Map<string, ChipLayout>();
  private job: Job | null = null;
  private budgetBytes = 0;

  /**
   * Starts a job (one at a time per thread; a new one replaces an unfinished one). Answers the
   * layouts the thread lacks and the barcodes to feed it.
   */
  begin(a: {
    budgetBytes: number;
    query: { layoutId: string; packed: Uint8Array };
    listed: ListedGenome[];
    /** Listed genomes this query is not compared with (match.ts `mayMatch`). */
    skip: string[];
  }): { needLayouts: string[]; missing: string[] } {
    this.budgetBytes = a.budgetBytes;
    const skip = new Set(a.skip);
    const listed = new Map<string, ListedGenome>();
    const byLayout = new Map<string, ListedGenome[]>();
    for (const g of a.listed) {
      listed.set(g.barcode, g);
      const held = this.held.get(g.barcode);
      if (held && (held.storedAt !== g.storedAt || held.layoutId !== g.layoutId || held.personId !== g.personId)) this.drop(g.barcode);
      if (skip.has(g.barcode)) continue;
      let group = byLayout.get(g.layoutId);
      if (!group) {
        group = [];
        byLayout.set(g.layoutId, group);
      }
      group.push(g);
    }
    for (const barcode of [...this.held.keys()]) if (!listed.has(barcode)) this.drop(barcode);
    this.job = {
      queryLayoutId: a.query.layoutId,
      query: deserialisePacked(a.query.packed),
      listed,
      byLayout,
      prepared: new Map(),
      matched: new Set(),
      hits: [],
      figures: {
        compared: 0,
        candidates: 0,
        matches: 0,
        layouts: 0,
        fromMemory: 0,
        fromDatabase: 0,
        matchMs: 0,
        heldGenomes: 0,
        heldBytes: 0,
      },
    };
    const needLayouts = [a.query.layoutId, ...byLayout.keys()].filter((id, i, all) => !this.layouts.has(id) && all.indexOf(id) === i);
    const missing: string[] = [];
    for (const group of byLayout.values()) for (const g of group) if (!this.held.has(g.barcode)) missing.push(g.barcode);
    return { needLayouts, missing };
  }

  /** Layouts the job needs (read once per thread: an id is its layout's content hash), then genomes read for it. */
  feed(a: {
    layouts?: { id: string; bytes: Uint8Array }[];
    genomes?: { barcode: string; storedAt: number; layoutId: string; packed: Uint8Array }[];
  }): void {
    const job = this.current();
    for (const l of a.layouts ?? []) if (!this.layouts.has(l.id)) this.layouts.set(l.id, deserialiseLayout(l.bytes));
    const byLayout = new Map<string, HeldGenome[]>();
    for (const row of a.genomes ?? []) {
      const listed = job.listed.get(row.barcode);
      // Changed since it was listed: left for the next job.
      if (!listed || row.storedAt !== listed.storedAt || row.layoutId !== listed.layoutId) continue;
      const g: HeldGenome = { ...listed, genome: deserialisePacked(row.packed) };
      job.figures.fromDatabase++;
      if (this.heldBytes + g.bytes <= this.budgetBytes) {
        this.held.set(g.barcode, g);
        this.heldBytes += g.bytes;
      }
      const group = byLayout.get(g.layoutId) ?? [];
      group.push(g);
      byLayout.set(g.layoutId, group);
    }
    for (const [layoutId, group] of byLayout) this.compare(job, layoutId, group);
  }

  /** Compares the held genomes not compared yet and ends the job: its hits and figures. */
  end(): { hits: LayoutHit[]; figures: MatchFigures } {
    const job = this.current();
    for (const [layoutId, group] of job.byLayout) {
      const held: HeldGenome[] = [];
      for (const g of group) {
        const h = this.held.get(g.barcode);
        if (h && !job.matched.has(g.barcode)) held.push(h);
      }
      for (let i = 0; i < held.length; i += MATCH_CHUNK) {
        const chunk = held.slice(i, i + MATCH_CHUNK);
        job.figures.fromMemory += chunk.length;
        this.compare(job, layoutId, chunk);
      }
    }
    this.job = null;
    return { hits: job.hits, figures: { ...job.figures, heldGenomes: this.held.size, heldBytes: this.heldBytes } };
  }

  private compare(job: Job, layoutId: string, group: HeldGenome[]): void {
    const t = performance.now();
    let prepared = job.prepared.get(layoutId);
    if (!prepared) {
      prepared = prepareQuery(this.layoutOf(job.queryLayoutId), job.query, this.layoutOf(layoutId));
      job.prepared.set(layoutId, prepared);
      job.figures.layouts++;
    }
    for (const g of group) job.matched.add(g.barcode);
    job.hits.push(
      ...matchGroup(
        prepared,
        group.map((g) => ({ id: g.barcode, genome: g.genome })),
        {},
        job.figures,
      ),
    );
    job.figures.matchMs += performance.now() - t;
  }

  private layoutOf(id: string): ChipLayout {
    const layout = this.layouts.get(id);
    if (!layout) throw new Error(`chip layout ${id} was not fed to the matching thread`);
    return layout;
  }

  private current(): Job {
    if (!this.job) throw new Error('no relatives match under way in this thread');
    return this.job;
  }

  private drop(barcode: string): void {
    const held = this.held.get(barcode);
    if (!held) return;
    this.held.delete(barcode);
    this.heldBytes -= held.bytes;
  }
}
