/** A GenomeStore's worker thread (store.ts): keeps the layouts it was sent and takes units of a match's work. */
import { parentPort } from 'node:worker_threads';
import { type ChipLayout, deserialiseLayout } from '../layout.ts';
import { type MatchWork, runWork } from './store.ts';

const layouts = new Map<string, ChipLayout>();
const port = parentPort;
if (!port) throw new Error('store-worker.ts runs as a worker thread');

port.on('message', (m: { layouts: { id: string; bytes: Uint8Array }[]; work: MatchWork }) => {
  try {
    for (const l of m.layouts) if (!layouts.has(l.id)) layouts.set(l.id, deserialiseLayout(l.bytes));
    const layoutOf = (id: string) => {
      const l = layouts.get(id);
      if (!l) throw new Error(`chip layout ${id} was not sent to the matching thread`);
      return l;
    };
    port.postMessage({ done: runWork(m.work, layoutOf) });
  } catch (e) {
    port.postMessage({ error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  }
});
