/**
 * The matching thread (one per process, pool/index.ts): it owns the relatives memory
 * (RELATIVES_CACHE_MB) between jobs, so both the comparisons and the memory live off the event loop.
 */
import { MatchMemory } from '../relatives/memory.ts';
import { runInBackground } from './background.ts';

runInBackground();
const memory = new MatchMemory();

export function begin(a: Parameters<MatchMemory['begin']>[0]) {
  return memory.begin(a);
}

export function feed(a: Parameters<MatchMemory['feed']>[0]): void {
  memory.feed(a);
}

export function end() {
  return memory.end();
}
