/**
 * The matching thread's side of a relatives match (pool/matcher.ts runs it): the memory of consenting
 * persons' packed genomes and the comparisons. No database here: the main thread lists the eligible
 * genomes, the thread says which it does not hold, the main thread reads those and feeds them in.
 * Held genomes live in the engine's GenomeStore (shared memory), compared on RELATIVES_THREADS
 * threads that all read the one copy.
 */
import {
  type ChipLayout,
  deserialiseLayout,
  deserialisePacked,
  GenomeStore,
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

/** What one job's matching did, in the thread (the main thread adds its reading and writing times). */
export interface MatchFigures extends GroupStats {
  layouts: number;
  fromMemory: number;
  fromDatabase: number;
  matchMs: number;
  heldGenomes: number;
  heldBytes: number;
  /** CPU the comparison of the held genomes took, all threads (wall time on a busy machine says little). */
  matchCpuMs: number;
  /** Shared memory the held genomes take (the store's slabs, their unused tails included). */
  storeBytes: number;
}

interface Job {
  queryLayoutId: string;
  query: PackedGenome;
  /** The job's eligible genomes by barcode (metadata). */
  listed: Map<string, ListedGenome>;
  /** Listed genomes the query is not compared with. */
  skip: Set<string>;
  prepared: Map<string, ReturnType<typeof prepareQuery>>;
  /** Genomes read from the database for this job and kept (compared at the end with the held ones). */
  keptNow: number;
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
  /** Held genomes as listed (their planes are in `store`, under the barcode). */
  private readonly held = new Map<string, ListedGenome>();
  private store: GenomeStore | null = null;
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
    /** Threads a match uses (read on the first job: the store keeps its threads). */
    threads: number;
    query: { layoutId: string; packed: Uint8Array };
    listed: ListedGenome[];
    /** Listed genomes this query is not compared with (match.ts `mayMatch`). */
    skip: string[];
  }): { needLayouts: string[]; missing: string[] } {
    this.budgetBytes = a.budgetBytes;
    this.store ??= new GenomeStore({ threads: a.threads });
    const skip = new Set(a.skip);
    const listed = new Map<string, ListedGenome>();
    for (const g of a.listed) {
      listed.set(g.barcode, g);
      const held = this.held.get(g.barcode);
      if (held && (held.storedAt !== g.storedAt || held.layoutId !== g.layoutId || held.personId !== g.personId)) this.drop(g.barcode);
    }
    for (const barcode of [...this.held.keys()]) if (!listed.has(barcode)) this.drop(barcode);
    this.job = {
      queryLayoutId: a.query.layoutId,
      query: deserialisePacked(a.query.packed),
      listed,
      skip,
      prepared: new Map(),
      keptNow: 0,
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
        storeBytes: 0,
        matchCpuMs: 0,
      },
    };
    const layoutIds = new Set<string>([a.query.layoutId]);
    const missing: string[] = [];
    for (const g of a.listed) {
      if (skip.has(g.barcode)) continue;
      layoutIds.add(g.layoutId);
      if (!this.held.has(g.barcode)) missing.push(g.barcode);
    }
    return { needLayouts: [...layoutIds].filter((id) => !this.layouts.has(id)), missing };
  }

  /** Layouts the job needs (read once per thread: an id is its layout's content hash), then genomes read for it. */
  feed(a: {
    layouts?: { id: string; bytes: Uint8Array }[];
    genomes?: { barcode: string; storedAt: number; layoutId: string; packed: Uint8Array }[];
  }): void {
    const job = this.current();
    const store = this.store as GenomeStore;
    for (const l of a.layouts ?? []) if (!this.layouts.has(l.id)) this.layouts.set(l.id, deserialiseLayout(l.bytes));
    // Past the budget a genome is compared now and not kept; held ones are compared at the end, all at once.
    const byLayout = new Map<string, { id: string; genome: PackedGenome }[]>();
    for (const row of a.genomes ?? []) {
      const listed = job.listed.get(row.barcode);
      // Changed since it was listed: left for the next job.
      if (!listed || row.storedAt !== listed.storedAt || row.layoutId !== listed.layoutId) continue;
      job.figures.fromDatabase++;
      if (this.heldBytes + listed.bytes <= this.budgetBytes) {
        store.addSerialised(row.barcode, this.layoutOf(row.layoutId), row.packed);
        this.held.set(row.barcode, listed);
        this.heldBytes += listed.bytes;
        job.keptNow++;
        continue;
      }
      const group = byLayout.get(row.layoutId) ?? [];
      group.push({ id: row.barcode, genome: deserialisePacked(row.packed) });
      byLayout.set(row.layoutId, group);
    }
    for (const [layoutId, group] of byLayout) {
      const t = performance.now();
      let prepared = job.prepared.get(layoutId);
      if (!prepared) {
        prepared = prepareQuery(this.layoutOf(job.queryLayoutId), job.query, this.layoutOf(layoutId));
        job.prepared.set(layoutId, prepared);
      }
      job.hits.push(...matchGroup(prepared, group, {}, job.figures));
      job.figures.matchMs += performance.now() - t;
    }
  }

  /** Compares the held genomes (on the store's threads) and ends the job: its hits and figures. */
  async end(): Promise<{ hits: LayoutHit[]; figures: MatchFigures }> {
    const job = this.current();
    const store = this.store as GenomeStore;
    this.job = null;
    const t = performance.now();
    const before = job.figures.compared;
    const held = await store.match(this.layoutOf(job.queryLayoutId), job.query, { skip: job.skip }, job.figures);
    // Genomes read for this job count as from the database, though compared with the held ones.
    job.figures.fromMemory = job.figures.compared - before - job.keptNow;
    job.figures.matchMs += performance.now() - t;
    job.figures.matchCpuMs = (store.lastMatch?.layouts.reduce((sum, l) => sum + l.cpuUs, 0) ?? 0) / 1000;
    const layouts = new Set([...job.prepared.keys(), ...(store.lastMatch?.layouts.map((l) => l.id) ?? [])]);
    job.figures.layouts = layouts.size;
    const hits = [...job.hits, ...held].sort((x, y) => y.sharedCM - x.sharedCM);
    return { hits, figures: { ...job.figures, heldGenomes: this.held.size, heldBytes: this.heldBytes, storeBytes: store.bytes } };
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
    this.store?.delete(barcode);
    this.heldBytes -= held.bytes;
  }
}
