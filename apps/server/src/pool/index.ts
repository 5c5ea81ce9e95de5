import { fileURLToPath } from 'node:url';
import { type AncestryEstimate, GenomeError, type GenomeErrorCode } from '@jiyin/genome';
import { Piscina } from 'piscina';
import { Gauge, Histogram, type Registry } from 'prom-client';
import { ElectronicReportError } from '../electronic-report/errors.ts';
import type { ElectronicReportInput } from '../electronic-report/render.ts';
import type { ImportComputed, Refusal } from '../imports/compute.ts';
import type { EncodeImageInput, EncodeImageOutput } from '../uploads/encode.ts';
import type { ProbeGenome } from '../relatives/probing.ts';
import type * as matcher from './matcher.ts';
import type * as tasks from './tasks.ts';

const TASKS = fileURLToPath(new URL('./tasks.ts', import.meta.url));
const MATCHER = fileURLToPath(new URL('./matcher.ts', import.meta.url));
/**
 * Image re-encoding on the same threads, from a module of its own: a request waits for it, and a
 * thread's first image should not wait for the genome engine and the PDF renderer to load.
 */
const IMAGES = fileURLToPath(new URL('../uploads/encode.ts', import.meta.url));

export type TaskKind = keyof typeof tasks | 'match' | 'encodeImage';

/** One relatives match on the matching thread: begin, feed what it lacks, end (matcher.ts). */
export interface MatchSession {
  begin(a: Parameters<typeof matcher.begin>[0]): Promise<ReturnType<typeof matcher.begin>>;
  feed(a: Parameters<typeof matcher.feed>[0]): Promise<void>;
  end(): ReturnType<typeof matcher.end>;
}

/**
 * The worker-thread pool that runs the CPU work of jobs (parsing, packing, reports, haplogroups,
 * plausibility, probing, ancestry, PDF rendering) off the event loop. Bytes go in (transferred, not
 * copied, where the caller gives them up), packed planes and small objects come out; the threads
 * never see the database. Threads start on the first task and leave after a minute idle, so a
 * process (or a test) that runs no job spawns none. Relatives matching has a thread of its own that
 * stays: it keeps the consenting genomes in memory between jobs (relatives/memory.ts).
 */
export class ComputePool {
  readonly threads: number;
  private readonly piscina: Piscina;
  private readonly matcher: Piscina;
  /** Matches run one after another: the thread holds one job's state between its calls. */
  private matching: Promise<unknown> = Promise.resolve();
  private running = 0;
  private readonly duration?: Histogram<'kind' | 'outcome'>;

  constructor(threads: number, registry?: Registry) {
    this.threads = threads;
    this.piscina = new Piscina({ filename: TASKS, minThreads: 0, maxThreads: threads, idleTimeout: 60_000 });
    this.matcher = new Piscina({ filename: MATCHER, minThreads: 0, maxThreads: 1, idleTimeout: Number.POSITIVE_INFINITY });
    if (!registry) return;
    this.duration = new Histogram({
      name: 'pool_task_duration_seconds',
      help: 'Time a compute-pool task took (waiting for a thread included), per kind and outcome',
      labelNames: ['kind', 'outcome'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    });
    const pool = this;
    new Gauge({
      name: 'pool_threads',
      help: 'Compute-pool threads: the configured maximum (POOL_THREADS), started, and busy now',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'max' }, pool.threads);
        this.set({ state: 'started' }, pool.piscina.threads.length);
        this.set({ state: 'busy' }, Math.min(pool.running, pool.threads));
        this.set({ state: 'matcher_started' }, pool.matcher.threads.length);
      },
    });
    new Gauge({
      name: 'pool_queue_length',
      help: 'Compute-pool tasks waiting for a free thread',
      registers: [registry],
      collect() {
        this.set(pool.piscina.queueSize);
      },
    });
  }

  /** Times a task (waiting for its thread included) under its kind. */
  private async timed<R>(kind: TaskKind, task: () => Promise<R>): Promise<R> {
    const end = this.duration?.startTimer({ kind });
    try {
      const out = await task();
      end?.({ outcome: 'ok' });
      return out;
    } catch (err) {
      end?.({ outcome: 'error' });
      throw err;
    }
  }

  private async run<R>(kind: TaskKind, arg: unknown, transferList: ArrayBuffer[] = [], filename = TASKS): Promise<R> {
    this.running++;
    try {
      return await this.timed(kind, () => this.piscina.run(arg, { name: kind, transferList, filename }) as Promise<R>);
    } finally {
      this.running--;
    }
  }

  /** Runs one relatives match on the matching thread (jobs of this process queue for it). */
  match<R>(job: (m: MatchSession) => Promise<R>): Promise<R> {
    const call = <T>(name: keyof typeof matcher, arg?: unknown, transferList: ArrayBuffer[] = []) =>
      this.matcher.run(arg, { name, transferList }) as Promise<T>;
    const session: MatchSession = {
      begin: (a) => call('begin', a),
      // Genomes read for the thread are given up: their bytes move instead of being copied (a cold
      // start feeds every stored genome, ~15 GB at 100,000). Bytes sharing a buffer are copied.
      feed: (a) => call('feed', a, movable(a.genomes?.map((g) => g.packed) ?? [])),
      end: () => call('end'),
    };
    const next = () => this.timed('match', () => job(session));
    const run = this.matching.then(next, next);
    this.matching = run.catch(() => undefined);
    return run;
  }

  /** Parse and compute one raw file (its bytes are given up: they move to the thread). */
  importFile(bytes: Uint8Array, statedSex: 'male' | 'female' | null): Promise<ImportComputed | Refusal> {
    const own = owned(bytes);
    return this.run('importFile', { bytes: own, statedSex }, [own.buffer as ArrayBuffer]);
  }

  /** The repack job's packing of a kept raw file (bytes given up, as above). */
  repackFile(bytes: Uint8Array, statedSex: 'male' | 'female' | null): Promise<Awaited<ReturnType<typeof tasks.repackFile>>> {
    const own = owned(bytes);
    return this.run('repackFile', { bytes: own, statedSex }, [own.buffer as ArrayBuffer]);
  }

  /** The electronic report's PDF; throws ElectronicReportError (the user's message) as the renderer does. */
  async renderPdf(input: ElectronicReportInput): Promise<Buffer> {
    const out = await this.run<Awaited<ReturnType<typeof tasks.renderPdf>>>('renderPdf', input);
    if ('refused' in out) throw new ElectronicReportError(out.refused);
    return Buffer.from(out.pdf.buffer, out.pdf.byteOffset, out.pdf.byteLength);
  }

  /** The gate's probing comparison of a new genome with the account's earlier ones (guard.ts). */
  probe(
    layouts: Map<string, Uint8Array>,
    mine: ProbeGenome,
    earlier: (ProbeGenome & { barcode: string })[],
  ): Promise<ReturnType<typeof tasks.probe>> {
    return this.run('probe', { layouts, mine, earlier });
  }

  /** Ancestry composition from a genome packed over the reference panel; throws GenomeError as the engine does. */
  async ancestry(panelPacked: Uint8Array, level: number): Promise<AncestryEstimate> {
    const out = await this.run<Awaited<ReturnType<typeof tasks.ancestry>>>('ancestry', { panelPacked, level });
    return 'estimate' in out ? out.estimate : Promise.reject(genomeErrorOf(out));
  }

  /** Reads a GEDCOM file (the family-tree import job). */
  gedcom(text: string, nowYear: number): Promise<ReturnType<typeof tasks.gedcom>> {
    return this.run('gedcom', { text, nowYear });
  }

  /** Re-encodes an uploaded image (its bytes are given up: they move to the thread). */
  encodeImage(a: EncodeImageInput): Promise<EncodeImageOutput> {
    const own = owned(a.bytes);
    return this.run('encodeImage', { ...a, bytes: own }, [own.buffer as ArrayBuffer], IMAGES);
  }

  /**
   * Stops the threads. Called once the queue has drained or handed its jobs back, so a task still
   * running belongs to a job that will run again elsewhere: it is cut short, not waited for.
   */
  async close(): Promise<void> {
    await Promise.all([this.piscina.destroy(), this.matcher.destroy()]);
  }
}

/** A refusal from a thread as the engine's error again (errors lose their class between threads). */
export function genomeErrorOf(r: Refusal): GenomeError {
  return new GenomeError(r.refused.code as GenomeErrorCode, r.refused.message, r.refused.line);
}

/** The buffers of `all` that may be transferred: each wholly one array's own. */
function movable(all: Uint8Array[]): ArrayBuffer[] {
  return [...new Set(all.filter((b) => owned(b) === b).map((b) => b.buffer as ArrayBuffer))];
}

/** Bytes that alone own their buffer, so it can be transferred (Node's small Buffers share a pooled one). */
function owned(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer
    ? bytes
    : bytes.slice();
}
