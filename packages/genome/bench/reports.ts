import { evaluateReports, loadKnowledgeBase } from '../src/reports/index.ts';
import type { RsidLookups } from '../src/lookup.ts';

export interface ReportsBench {
  /** Median of several runs over every knowledge-base item, knowledge base already loaded. */
  ms: number;
  items: number;
  out: number;
}

/** Times computing every report of one genome. */
export function benchReports(lookups: RsidLookups, runs = 11): ReportsBench {
  loadKnowledgeBase();
  const times: number[] = [];
  let results = evaluateReports(lookups);
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    results = evaluateReports(lookups);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)], items: results.length, out: results.filter((r) => r.status === 'out').length };
}
