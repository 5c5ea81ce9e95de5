/**
 * The embedded database's own thread (pgliteThread.ts): PGlite executes every statement synchronously
 * in WebAssembly, so on the web server's thread a large insert or scan stalled every request. Here it
 * runs beside the event loop; messages carry SQL, parameters and rows.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type PGlite, type Results, type Transaction, types } from '@electric-sql/pglite';
import { byteaToHex } from './pgliteBytea.ts';
import { createPGlite } from './pgliteTemplate.ts';
import type { Event, Reply, Request, WireError } from './pgliteWire.ts';

const port = parentPort;
if (!port) throw new Error('pgliteWorker runs as a worker thread');

// PGlite's own bytea parser walks the hex text two characters at a time; Node's hex decoder is 17
// times faster. Each value gets its own ArrayBuffer so it can be transferred, not copied, to the caller.
const bytea = (hex: string) => {
  const out = new Uint8Array((hex.length - 2) >>> 1);
  Buffer.from(out.buffer).write(hex.slice(2), 'hex');
  return out;
};
// A new database starts from the kept copy of a migrated one when there is one (pgliteTemplate.ts).
const { pg, fromTemplate } = await createPGlite(workerData.dataDir as string, workerData.template as string | null, {
  parsers: { [types.BYTEA]: bytea },
  serializers: { [types.BYTEA]: byteaToHex },
});

/** Per open transaction, the requests waiting for it, in order. */
const transactions = new Map<number, { queue: Request[]; wake: (() => void) | null }>();
const listeners = new Map<string, () => Promise<void>>();

function wireError(e: unknown): WireError {
  const err = e as Record<string, unknown> & Error;
  const fields: Record<string, unknown> = {};
  // The fields callers test (a unique violation's code and constraint, the detail) travel; the rest is text.
  for (const k of ['code', 'detail', 'constraint', 'table', 'column', 'schema', 'severity', 'hint', 'position']) {
    if (err?.[k] !== undefined) fields[k] = err[k];
  }
  return { message: err?.message ?? String(e), fields };
}

function send(reply: Reply, rows?: unknown[]) {
  // Binary values are transferred; everything else is copied by structured clone.
  const transfer: ArrayBuffer[] = [];
  if (rows) {
    for (const row of rows) {
      for (const v of Array.isArray(row) ? row : Object.values(row as object)) {
        if (v instanceof Uint8Array && v.byteOffset === 0 && v.byteLength === v.buffer.byteLength) transfer.push(v.buffer as ArrayBuffer);
      }
    }
  }
  port?.postMessage(reply, transfer);
}

async function run(target: PGlite | Transaction, req: Extract<Request, { op: 'query' }>) {
  const parsers = Object.fromEntries(req.raw.map((oid) => [oid, (v: string) => v]));
  const res: Results = await target.query(req.sql, req.params, { rowMode: req.rowMode, parsers });
  send({ id: req.id, ok: true, result: { rows: res.rows, fields: res.fields, affectedRows: res.affectedRows } }, res.rows);
}

async function serveTransaction(id: number, txId: number) {
  const state = { queue: [] as Request[], wake: null as (() => void) | null };
  transactions.set(txId, state);
  let ended: Request | null = null;
  try {
    await pg.transaction(async (tx) => {
      port?.postMessage({ id, ok: true } satisfies Reply);
      for (;;) {
        while (state.queue.length === 0) await new Promise<void>((r) => (state.wake = r));
        const req = state.queue.shift() as Request;
        if (req.op === 'commit') {
          ended = req;
          return;
        }
        if (req.op === 'rollback') {
          ended = req;
          await tx.rollback();
          return;
        }
        if (req.op === 'query')
          await run(tx, req).catch((e) => port?.postMessage({ id: req.id, ok: false, error: wireError(e) } satisfies Reply));
      }
    });
    if (ended) port?.postMessage({ id: (ended as Request).id, ok: true } satisfies Reply);
  } catch (e) {
    // Begin failed (no reply yet) or commit failed: either way the waiting request hears why.
    port?.postMessage({ id: ended ? (ended as Request).id : id, ok: false, error: wireError(e) } satisfies Reply);
  } finally {
    transactions.delete(txId);
  }
}

port.on('message', (req: Request) => {
  if ('tx' in req && req.tx !== undefined && req.op !== 'begin') {
    const state = transactions.get(req.tx);
    if (!state) {
      port.postMessage({ id: req.id, ok: false, error: { message: 'transaction is not open', fields: {} } } satisfies Reply);
      return;
    }
    state.queue.push(req);
    state.wake?.();
    state.wake = null;
    return;
  }
  switch (req.op) {
    case 'query':
      run(pg, req).catch((e) => port.postMessage({ id: req.id, ok: false, error: wireError(e) } satisfies Reply));
      return;
    case 'begin':
      void serveTransaction(req.id, req.tx);
      return;
    case 'listen':
      pg.listen(req.channel, (payload) => port.postMessage({ notify: req.channel, payload } satisfies Event)).then(
        (stop) => {
          listeners.set(req.channel, stop);
          port.postMessage({ id: req.id, ok: true } satisfies Reply);
        },
        (e) => port.postMessage({ id: req.id, ok: false, error: wireError(e) } satisfies Reply),
      );
      return;
    case 'unlisten': {
      const stop = listeners.get(req.channel);
      listeners.delete(req.channel);
      (stop ? stop() : Promise.resolve()).then(
        () => port.postMessage({ id: req.id, ok: true } satisfies Reply),
        (e) => port.postMessage({ id: req.id, ok: false, error: wireError(e) } satisfies Reply),
      );
      return;
    }
    case 'dump':
      pg.dumpDataDir('none')
        .then((tar) => tar.arrayBuffer())
        .then(
          (buf) => port.postMessage({ id: req.id, ok: true, dump: new Uint8Array(buf) } satisfies Reply, [buf]),
          (e) => port.postMessage({ id: req.id, ok: false, error: wireError(e) } satisfies Reply),
        );
      return;
    case 'close':
      pg.close().then(
        () => {
          port.postMessage({ id: req.id, ok: true } satisfies Reply);
          port.close();
        },
        (e) => port.postMessage({ id: req.id, ok: false, error: wireError(e) } satisfies Reply),
      );
      return;
  }
});
port.postMessage({ ready: true, fromTemplate } satisfies Event);
