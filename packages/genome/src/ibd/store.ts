import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { type ChipLayout, serialiseLayout } from '../layout.ts';
import { deserialisePacked, packedHeader } from '../pack.ts';
import { type PackedLike, type Planes, planes } from './context.ts';
import {
  checkOn,
  type GroupOptions,
  type GroupStats,
  judgeOf,
  type LayoutHit,
  type LayoutMatch,
  pairLayouts,
  prepareQuery,
} from './layouts.ts';

/**
 * Stored genomes held for one-to-many matching on several threads. Each layout's genomes live in
 * slabs of shared memory (SharedArrayBuffer), a genome's hi words then its lo words, so every thread
 * reads the same bytes in place (nothing is copied per thread). `match` projects the query once per
 * layout, then this thread and `threads - 1` worker threads take chunks of stored genomes from a
 * shared counter until none is left; the comparison is matchGroup's (judgeOf), so the hits are
 * exactly matchGroup's. Planes interleaved word by word were measured slower, not faster
 * (docs/ten-million.md).
 */

/** Genomes a slab holds at most (≈ 160 MB on a 640,000-marker layout); a shelf's last slab grows by doubling. */
const SLAB_GENOMES = 1024;
const FIRST_SLAB_GENOMES = 16;
/** Stored genomes handed to a thread at a time: small enough to balance two threads on a busy machine. */
const CHUNK_GENOMES = 128;
/** Serialised planes are u32le: on a little-endian host they are copied into the slabs as they are. */
const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

interface Shelf {
  layout: ChipLayout;
  /** u32 words one genome takes (its hi plane, then its lo plane). */
  stride: number;
  slabs: Uint32Array[];
  ids: string[];
  /** The layout serialised for the worker threads (made once). */
  bytes?: Uint8Array;
}

export interface StoreOptions {
  /** Threads a match uses, this one included (default 1: no worker thread). */
  threads?: number;
  /** Genomes a slab holds at most (tests use small slabs to cross slab boundaries). */
  slabGenomes?: number;
  /** Stored genomes a thread takes at a time. */
  chunkGenomes?: number;
}

/** The part of a match every thread reads (posted to the worker threads: shared memory is not copied). */
export interface MatchWork {
  queryLayoutId: string;
  perSlab: number;
  minSharedCM: number;
  shelves: { layoutId: string; stride: number; slabs: Uint32Array[]; query: Uint32Array; skip: Uint8Array | null }[];
  /** Units of work, three numbers each: shelf, first slot, end slot. */
  tasks: Int32Array;
  /** The next unit to take (Atomics.add). */
  next: Int32Array;
}

export interface WorkDone {
  hits: { shelf: number; slot: number; match: LayoutMatch }[];
  stats: GroupStats;
  /** CPU time this thread spent per shelf, µs. */
  cpuUs: number[];
}

/** Per-layout figures of the last match (CPU summed over threads). */
export interface StoreMatchFigures {
  layouts: { id: string; genomes: number; cpuUs: number }[];
  /** Genomes each thread compared (this thread first). */
  comparedByThread: number[];
  /** Time spent projecting the query onto the layouts (none when matched before: kept per query object). */
  projectMs: number;
}

/** Takes units of work until none is left (the calling thread and every worker thread run this). */
export function runWork(work: MatchWork, layoutOf: (id: string) => ChipLayout): WorkDone {
  const queryLayout = layoutOf(work.queryLayoutId);
  const judges = work.shelves.map((s) =>
    judgeOf(pairLayouts(queryLayout, layoutOf(s.layoutId)), planes(s.query, s.query, 0, s.stride >>> 1)),
  );
  const out: WorkDone = { hits: [], stats: { compared: 0, candidates: 0, matches: 0 }, cpuUs: work.shelves.map(() => 0) };
  const none = new Uint32Array(0);
  const view: Planes = planes(none, none, 0, 0);
  const { tasks, next, perSlab, minSharedCM } = work;
  for (;;) {
    const t = Atomics.add(next, 0, 1) * 3;
    if (t >= tasks.length) break;
    const j = tasks[t];
    const { slabs, stride, skip } = work.shelves[j];
    const judge = judges[j];
    const cpu = process.threadCpuUsage();
    for (let slot = tasks[t + 1]; slot < tasks[t + 2]; slot++) {
      if (skip?.[slot]) continue;
      const slab = slabs[(slot / perSlab) | 0];
      view.hi = slab;
      view.lo = slab;
      view.hiAt = (slot % perSlab) * stride;
      view.loAt = view.hiAt + (stride >>> 1);
      out.stats.compared++;
      const r = judge(view);
      if (!r) continue;
      out.stats.candidates++;
      if (r.segments.length > 0 && r.sharedCM >= minSharedCM) out.hits.push({ shelf: j, slot, match: r });
    }
    const used = process.threadCpuUsage(cpu);
    out.cpuUs[j] += used.user + used.system;
  }
  out.stats.matches = out.hits.length;
  return out;
}

interface Helper {
  worker: Worker;
  layouts: Set<string>;
  pending: { resolve(d: WorkDone): void; reject(e: Error): void } | null;
}

export class GenomeStore {
  readonly threads: number;
  private readonly perSlab: number;
  private readonly chunk: number;
  private readonly shelves = new Map<string, Shelf>();
  private readonly where = new Map<string, { shelf: Shelf; slot: number }>();
  private readonly helpers: Helper[] = [];
  private matching = false;
  /** A query's projections per layout, kept while the query object lives (a job may match it in parts). */
  private readonly projections = new WeakMap<PackedLike, Map<string, Uint32Array>>();
  /** Figures of the last match (for benchmarks and the job's log). */
  lastMatch: StoreMatchFigures | null = null;

  constructor(opts: StoreOptions = {}) {
    this.threads = Math.max(1, Math.min(opts.threads ?? 1, availableParallelism() * 2));
    this.perSlab = opts.slabGenomes ?? SLAB_GENOMES;
    this.chunk = opts.chunkGenomes ?? CHUNK_GENOMES;
  }

  get size(): number {
    return this.where.size;
  }

  /** Bytes of shared memory held (slabs, including their unused tails). */
  get bytes(): number {
    let n = 0;
    for (const s of this.shelves.values()) for (const slab of s.slabs) n += slab.byteLength;
    return n;
  }

  has(id: string): boolean {
    return this.where.has(id);
  }

  /** Stores (a copy of) a genome packed over `layout`, replacing any genome stored under `id`. */
  add(id: string, layout: ChipLayout, genome: PackedLike): void {
    checkOn(layout, genome, '入库者');
    const { slab, base, words } = this.slotFor(id, layout);
    slab.set(genome.hi.subarray(0, words), base);
    slab.set(genome.lo.subarray(0, words), base + words);
  }

  /**
   * `add` straight from a serialised genome (serialisePacked): its planes are copied into the slab in
   * one move, with no unpacked copy in between (a cold start reads every stored genome this way).
   */
  addSerialised(id: string, layout: ChipLayout, bytes: Uint8Array): void {
    const header = packedHeader(bytes);
    if (!LITTLE_ENDIAN) {
      this.add(id, layout, deserialisePacked(bytes));
      return;
    }
    checkOn(layout, header, '入库者');
    const { slab, base } = this.slotFor(id, layout);
    new Uint8Array(slab.buffer, slab.byteOffset + base * 4, header.planes.length).set(header.planes);
  }

  /** The slot `id` is stored in over `layout` (made when new): its slab, first word and words per plane. */
  private slotFor(id: string, layout: ChipLayout): { slab: Uint32Array; base: number; words: number } {
    this.idle();
    const at = this.where.get(id);
    if (at && at.shelf.layout.id !== layout.id) this.delete(id);
    let shelf = this.shelves.get(layout.id);
    if (!shelf) {
      shelf = { layout, stride: 2 * ((layout.size + 31) >>> 5), slabs: [], ids: [] };
      this.shelves.set(layout.id, shelf);
    }
    let slot = this.where.get(id)?.slot;
    if (slot === undefined) {
      slot = shelf.ids.length;
      this.room(shelf, slot);
      shelf.ids.push(id);
      this.where.set(id, { shelf, slot });
    }
    return {
      slab: shelf.slabs[(slot / this.perSlab) | 0],
      base: (slot % this.perSlab) * shelf.stride,
      words: shelf.stride >>> 1,
    };
  }

  /** Drops a genome (the last of its layout takes its slot). */
  delete(id: string): boolean {
    this.idle();
    const at = this.where.get(id);
    if (!at) return false;
    const { shelf, slot } = at;
    const last = shelf.ids.length - 1;
    if (slot !== last) {
      const from = shelf.slabs[(last / this.perSlab) | 0];
      const f = (last % this.perSlab) * shelf.stride;
      shelf.slabs[(slot / this.perSlab) | 0].set(from.subarray(f, f + shelf.stride), (slot % this.perSlab) * shelf.stride);
      const moved = shelf.ids[last];
      shelf.ids[slot] = moved;
      this.where.set(moved, { shelf, slot });
    }
    shelf.ids.pop();
    this.where.delete(id);
    if (last % this.perSlab === 0) shelf.slabs.pop();
    if (shelf.ids.length === 0) this.shelves.delete(shelf.layout.id);
    return true;
  }

  /** The stored planes of a genome (a view, valid until the store changes). */
  planesOf(id: string): Planes | undefined {
    const at = this.where.get(id);
    if (!at) return undefined;
    const slab = at.shelf.slabs[(at.slot / this.perSlab) | 0];
    const base = (at.slot % this.perSlab) * at.shelf.stride;
    return planes(slab, slab, base, base + (at.shelf.stride >>> 1));
  }

  /**
   * The query against every stored genome but those in `skip`, on `threads` threads: what matchGroup
   * gives per layout, closest first (ties in the store's order), one list for all layouts.
   */
  async match(
    queryLayout: ChipLayout,
    query: PackedLike,
    opts: GroupOptions & { skip?: ReadonlySet<string> } = {},
    stats?: GroupStats,
  ): Promise<LayoutHit[]> {
    this.idle();
    this.matching = true;
    try {
      const shelves = [...this.shelves.values()];
      const t = performance.now();
      const projected = shelves.map((s) => this.projected(queryLayout, query, s));
      const projectMs = performance.now() - t;
      const work: MatchWork = {
        queryLayoutId: queryLayout.id,
        perSlab: this.perSlab,
        minSharedCM: opts.minSharedCM ?? 0,
        shelves: shelves.map((s, j) => ({ layoutId: s.layout.id, stride: s.stride, slabs: s.slabs, query: projected[j], skip: null })),
        tasks: new Int32Array(0),
        next: new Int32Array(new SharedArrayBuffer(4)),
      };
      for (const id of opts.skip ?? []) {
        const at = this.where.get(id);
        if (!at) continue;
        const w = work.shelves[shelves.indexOf(at.shelf)];
        w.skip ??= new Uint8Array(new SharedArrayBuffer(at.shelf.ids.length));
        w.skip[at.slot] = 1;
      }
      const tasks: number[] = [];
      shelves.forEach((s, j) => {
        for (let from = 0; from < s.ids.length; from += this.chunk) tasks.push(j, from, Math.min(s.ids.length, from + this.chunk));
      });
      work.tasks = Int32Array.from(tasks);
      const layoutOf = (id: string) => (id === queryLayout.id ? queryLayout : (this.shelves.get(id) as Shelf).layout);
      // Helpers start on the first unit they take; this thread does its share meanwhile.
      const helpers = tasks.length > 3 ? this.helping(queryLayout, work) : [];
      let mine: WorkDone;
      try {
        mine = runWork(work, layoutOf);
      } finally {
        // Never leave a helper busy with this match: its answer would be taken for the next one's.
        await Promise.allSettled(helpers);
      }
      const done = [mine, ...(await Promise.all(helpers))];
      const hits: (LayoutHit & { order: number })[] = [];
      const cpuUs = shelves.map(() => 0);
      for (const d of done) {
        for (const h of d.hits) hits.push({ id: shelves[h.shelf].ids[h.slot], ...h.match, order: h.shelf * 2 ** 32 + h.slot });
        if (stats) {
          stats.compared += d.stats.compared;
          stats.candidates += d.stats.candidates;
          stats.matches += d.stats.matches;
        }
        d.cpuUs.forEach((us, j) => {
          cpuUs[j] += us;
        });
      }
      this.lastMatch = {
        comparedByThread: done.map((d) => d.stats.compared),
        projectMs,
        layouts: shelves.map((s, j) => ({ id: s.layout.id, genomes: s.ids.length, cpuUs: cpuUs[j] })),
      };
      hits.sort((x, y) => y.sharedCM - x.sharedCM || x.order - y.order);
      return hits.map(({ order: _, ...h }) => h);
    } finally {
      this.matching = false;
    }
  }

  /** Stops the worker threads (a later match starts them again). */
  async close(): Promise<void> {
    const all = this.helpers.splice(0);
    await Promise.all(all.map((h) => h.worker.terminate()));
  }

  private idle(): void {
    if (this.matching) throw new Error('GenomeStore changed during a match');
  }

  /** Makes room for `slot`: a new slab at a slab boundary, else the last slab doubled when full. */
  private room(shelf: Shelf, slot: number): void {
    const k = (slot / this.perSlab) | 0;
    const inSlab = slot % this.perSlab;
    const capacity = (slab: Uint32Array | undefined) => (slab ? slab.length / shelf.stride : 0);
    if (k === shelf.slabs.length) {
      shelf.slabs.push(new Uint32Array(new SharedArrayBuffer(Math.min(this.perSlab, FIRST_SLAB_GENOMES) * shelf.stride * 4)));
    } else if (inSlab >= capacity(shelf.slabs[k])) {
      const grown = new Uint32Array(new SharedArrayBuffer(Math.min(this.perSlab, 2 * capacity(shelf.slabs[k])) * shelf.stride * 4));
      grown.set(shelf.slabs[k]);
      shelf.slabs[k] = grown;
    }
  }

  /** The query's codes over a shelf's layout, in shared memory (hi words, then lo words). */
  private projected(queryLayout: ChipLayout, query: PackedLike, shelf: Shelf): Uint32Array {
    let byLayout = this.projections.get(query);
    if (!byLayout) {
      byLayout = new Map();
      this.projections.set(query, byLayout);
    }
    const key = `${queryLayout.id}>${shelf.layout.id}`;
    const hit = byLayout.get(key);
    if (hit) return hit;
    const g = prepareQuery(queryLayout, query, shelf.layout).genome;
    const out = new Uint32Array(new SharedArrayBuffer(shelf.stride * 4));
    out.set(g.hi.subarray(0, shelf.stride >>> 1));
    out.set(g.lo.subarray(0, shelf.stride >>> 1), shelf.stride >>> 1);
    byLayout.set(key, out);
    return out;
  }

  /** Hands the work to `threads - 1` worker threads (started on first use; layouts sent once each). */
  private helping(queryLayout: ChipLayout, work: MatchWork): Promise<WorkDone>[] {
    while (this.helpers.length < this.threads - 1) this.helpers.push(this.spawn());
    return this.helpers.map(
      (h) =>
        new Promise<WorkDone>((resolve, reject) => {
          const layouts: { id: string; bytes: Uint8Array }[] = [];
          for (const l of [queryLayout, ...work.shelves.map((s) => (this.shelves.get(s.layoutId) as Shelf).layout)]) {
            if (h.layouts.has(l.id) || layouts.some((x) => x.id === l.id)) continue;
            const shelf = this.shelves.get(l.id);
            if (shelf && !shelf.bytes) shelf.bytes = serialiseLayout(l);
            layouts.push({ id: l.id, bytes: shelf?.bytes ?? serialiseLayout(l) });
            h.layouts.add(l.id);
          }
          h.pending = { resolve, reject };
          h.worker.ref();
          h.worker.postMessage({ layouts, work });
        }),
    );
  }

  private spawn(): Helper {
    const worker = new Worker(new URL('./store-worker.ts', import.meta.url));
    worker.unref();
    const h: Helper = { worker, layouts: new Set(), pending: null };
    const settle = (f: (p: NonNullable<Helper['pending']>) => void) => {
      const p = h.pending;
      h.pending = null;
      worker.unref();
      if (p) f(p);
    };
    worker.on('message', (m: { done: WorkDone } | { error: string }) =>
      settle((p) => ('done' in m ? p.resolve(m.done) : p.reject(new Error(m.error)))),
    );
    const lost = (e: Error) => {
      const i = this.helpers.indexOf(h);
      if (i >= 0) this.helpers.splice(i, 1);
      settle((p) => p.reject(e));
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`matching thread exited (${code})`)));
    return h;
  }
}
