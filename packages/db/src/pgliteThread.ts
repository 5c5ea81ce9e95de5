/**
 * PGlite on its own worker thread (pgliteWorker.ts), behind the part of PGlite's interface that
 * drizzle's PGlite driver and this package use: query, transaction, listen, close. The web server
 * opens its embedded database this way so SQL never runs on its event loop.
 */
import { Worker } from 'node:worker_threads';
import type { Event, Reply, Request, WireError, WireResult } from './pgliteWire.ts';

const WORKER = new URL('./pgliteWorker.ts', import.meta.url);
const BYTEA = 17;

type Pending = { resolve: (r: WireResult | Uint8Array | undefined) => void; reject: (e: Error) => void };
type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> };
type Queryable = { query(sql: string, params?: unknown[], opts?: QueryOptions): Promise<WireResult> };

/** A database error as the caller would have got it from PGlite: message plus Postgres fields. */
function toError(e: WireError): Error {
  return Object.assign(new Error(e.message), e.fields);
}

/** Rows arrive with binary values as Uint8Array: callers get Node buffers, as from PGlite, without a copy. */
function withBuffers(res: WireResult): WireResult {
  const binary = res.fields.flatMap((f, i) => (f.dataTypeID === BYTEA ? [[i, f.name] as const] : []));
  if (binary.length === 0) return res;
  const buf = (v: unknown) => (v instanceof Uint8Array ? Buffer.from(v.buffer, v.byteOffset, v.byteLength) : v);
  for (const row of res.rows as (unknown[] | Record<string, unknown>)[]) {
    for (const [i, name] of binary) {
      if (Array.isArray(row)) row[i] = buf(row[i]);
      else row[name] = buf(row[name]);
    }
  }
  return res;
}

export class ThreadedPGlite implements Queryable {
  closed = false;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly channels = new Map<string, Set<(payload: string) => void>>();

  private readonly worker: Worker;

  private constructor(worker: Worker) {
    this.worker = worker;
    worker.on('message', (m: Reply | Extract<Event, { notify: string }>) => {
      if ('notify' in m) {
        for (const cb of this.channels.get(m.notify) ?? []) cb(m.payload);
        return;
      }
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.ok) p.resolve(m.dump ?? (m.result && withBuffers(m.result)));
      else p.reject(toError(m.error));
    });
    worker.on('error', (e) => this.failAll(e));
    worker.on('exit', () => this.failAll(new Error('database thread exited')));
  }

  /**
   * Starts the thread and opens `dataDir` there; resolves once the database is open. `template`: where
   * the kept copy a new database starts from is (pgliteTemplate.ts), null for an existing database.
   */
  static async open(dataDir: string, template: string | null): Promise<{ pg: ThreadedPGlite; fromTemplate: boolean }> {
    const worker = new Worker(WORKER, { workerData: { dataDir, template } });
    const fromTemplate = await new Promise<boolean>((resolve, reject) => {
      const onMessage = (m: Event) => {
        if (!('ready' in m)) return;
        worker.off('error', reject);
        worker.off('message', onMessage);
        resolve(m.fromTemplate);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
    return { pg: new ThreadedPGlite(worker), fromTemplate };
  }

  /** The database's files as PGlite dumps them (a tar), for pgliteTemplate.ts. */
  async dumpDataDir(): Promise<Blob> {
    return new Blob([(await this.call({ op: 'dump' } as Omit<Request, 'id'>)) as Uint8Array<ArrayBuffer>]);
  }

  private failAll(e: Error) {
    this.closed = true;
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
  }

  private call(req: Omit<Request, 'id'>): Promise<WireResult | Uint8Array | undefined> {
    if (this.closed) return Promise.reject(new Error('database is closed'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...req, id });
    });
  }

  private send(sql: string, params: unknown[] | undefined, opts: QueryOptions | undefined, tx?: number): Promise<WireResult> {
    // Every parser drizzle passes returns the server's text unchanged: only the type list crosses.
    const raw = Object.keys(opts?.parsers ?? {}).map(Number);
    return this.call({ op: 'query', tx, sql, params: params ?? [], rowMode: opts?.rowMode ?? 'object', raw } as Omit<Request, 'id'>).then(
      (r) => r as WireResult,
    );
  }

  query(sql: string, params?: unknown[], opts?: QueryOptions): Promise<WireResult> {
    return this.send(sql, params, opts);
  }

  /** Runs `cb` in one transaction on the database thread: committed when it resolves, rolled back when it throws. */
  async transaction<T>(cb: (tx: Queryable & { rollback(): Promise<void> }) => Promise<T>): Promise<T> {
    const tx = this.nextId++;
    await this.call({ op: 'begin', tx } as Omit<Request, 'id'>);
    let done = false;
    const end = (op: 'commit' | 'rollback') => {
      done = true;
      return this.call({ op, tx } as Omit<Request, 'id'>).then(() => undefined);
    };
    try {
      const result = await cb({ query: (sql, params, opts) => this.send(sql, params, opts, tx), rollback: () => end('rollback') });
      if (!done) await end('commit');
      return result;
    } catch (e) {
      if (!done) await end('rollback').catch(() => {});
      throw e;
    }
  }

  /** LISTEN on `channel`; resolves to the way to stop. */
  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.channels.get(channel);
    if (!set) {
      set = new Set();
      this.channels.set(channel, set);
      await this.call({ op: 'listen', channel } as Omit<Request, 'id'>);
    }
    set.add(onPayload);
    return async () => {
      set.delete(onPayload);
      if (set.size > 0 || this.channels.get(channel) !== set) return;
      this.channels.delete(channel);
      if (!this.closed) await this.call({ op: 'unlisten', channel } as Omit<Request, 'id'>);
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.call({ op: 'close' } as Omit<Request, 'id'>);
    this.closed = true;
    await this.worker.terminate();
  }
}
