import { matchGenomes, matchOneToMany, type OneToManyStats, type PanelLike } from '../src/ibd/index.ts';
import {
  createPopulation,
  createRng,
  Family,
  genotypesOf,
  type PedigreeName,
  type Population,
  type SimulatedGenome,
  simulatePedigree,
} from '../src/simulate/index.ts';
import { CHROMS } from '../src/types.ts';

/** Relationships of the accuracy check, in table order, with the grade each should get. */
export const ACCURACY_PEDIGREES: { name: PedigreeName; expected: string }[] = [
  { name: 'parent-child', expected: '2-3' },
  { name: 'full-siblings', expected: '2-3' },
  { name: 'half-siblings', expected: '3-4' },
  { name: 'first-cousins', expected: '4-6' },
  { name: 'second-cousins', expected: '5-6' },
  { name: 'third-cousins', expected: '6-9' },
  { name: 'unrelated', expected: '10+' },
];

export const GRADE_COLUMNS = ['2-3', '3-4', '4-6', '5-6', '6-9', '9+', '10+'];

export interface PairOutcome {
  pedigree: PedigreeName;
  trueSharedCM: number;
  sharedCM: number;
  longestCM: number;
  ibd2Fraction: number;
  grade: string;
  label: string;
}

export interface AccuracyResult {
  outcomes: PairOutcome[];
  /** counts[pedigree][grade] */
  counts: Record<string, Record<string, number>>;
  ms: number;
}

/**
 * Simulates `pairs` independent pedigrees per relationship (and `unrelatedPairs` unrelated pairs)
 * and grades each pair with the matcher.
 */
export function runAccuracy(panel: PanelLike, pairs: number, unrelatedPairs: number, seed = 2024, pop?: Population): AccuracyResult {
  const t0 = performance.now();
  const population = pop ?? createPopulation(panel, createRng(seed));
  const outcomes: PairOutcome[] = [];
  const counts: Record<string, Record<string, number>> = {};
  let s = seed * 1000;
  for (const { name } of ACCURACY_PEDIGREES) {
    counts[name] = Object.fromEntries(GRADE_COLUMNS.map((g) => [g, 0]));
    const n = name === 'unrelated' ? unrelatedPairs : pairs;
    for (let i = 0; i < n; i++) {
      const sim = simulatePedigree(name, { panel, seed: ++s, population, focusOnly: true });
      const pair = sim.pairs[0];
      const g = (id: string) => (sim.people.find((p) => p.id === id) as { genome: SimulatedGenome }).genome;
      const r = matchGenomes(g(pair.a), g(pair.b), { panel });
      counts[name][r.relationship.grade]++;
      outcomes.push({
        pedigree: name,
        trueSharedCM: pair.sharedCM,
        sharedCM: r.sharedCM,
        longestCM: r.longestCM,
        ibd2Fraction: r.ibd2Fraction,
        grade: r.relationship.grade,
        label: r.relationship.label,
      });
    }
  }
  return { outcomes, counts, ms: performance.now() - t0 };
}

/** Confusion table (true relationship × predicted grade) as aligned text. */
export function confusionTable(r: AccuracyResult): string {
  const head = ['relationship'.padEnd(16), ...GRADE_COLUMNS.map((g) => g.padStart(5)), '  sharedCM min-mean-max'];
  const rows = [head.join('')];
  for (const { name } of ACCURACY_PEDIGREES) {
    const cms = r.outcomes.filter((o) => o.pedigree === name).map((o) => o.sharedCM);
    if (cms.length === 0) continue;
    const mean = cms.reduce((a, b) => a + b, 0) / cms.length;
    rows.push(
      [
        name.padEnd(16),
        ...GRADE_COLUMNS.map((g) => String(r.counts[name][g]).padStart(5)),
        `  ${Math.min(...cms).toFixed(0)}-${mean.toFixed(0)}-${Math.max(...cms).toFixed(0)}`,
      ].join(''),
    );
  }
  return rows.join('\n');
}

/**
 * A cohort of `size` stored genomes for the one-to-many timing. Simulating 10,000 people one by one
 * is slow, so `bases` founders are simulated and every cohort member takes each whole chromosome
 * from a random founder: realistic genotypes, no sharing with the query beyond what unrelated people
 * share. `relatives` (e.g. the query's family) are mixed in at random places.
 */
export function buildCohort(
  panel: PanelLike,
  pop: Population,
  size: number,
  bases: number,
  seed: number,
  relatives: { id: string; genome: SimulatedGenome }[] = [],
): { id: string; genome: SimulatedGenome }[] {
  const fam = new Family(pop, createRng(seed));
  const rng = createRng(seed + 1);
  const founders = Array.from({ length: bases }, (_, i) => genotypesOf(fam, fam.founder(`base${i}`, i % 2 ? 'male' : 'female')));
  const words = founders[0].hi.length;
  const cohort: { id: string; genome: SimulatedGenome }[] = [];
  for (let i = 0; i < size; i++) {
    const hi = new Uint32Array(words);
    const lo = new Uint32Array(words);
    let w = 0;
    for (const c of CHROMS) {
      const end = c === 'MT' ? words : panel.chromRange[c][1] >>> 5;
      const b = founders[rng.int(bases)];
      hi.set(b.hi.subarray(w, end), w);
      lo.set(b.lo.subarray(w, end), w);
      w = end;
    }
    cohort.push({ id: `cohort${i}`, genome: { panelId: panel.id, n: panel.size, sex: 'female', hi, lo } });
  }
  for (const r of relatives) cohort.splice(rng.int(cohort.length + 1), 0, r);
  return cohort;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
}

export interface OneToManyTiming {
  size: number;
  ms: number;
  stats: OneToManyStats;
  found: string[];
}

export function timeOneToMany(
  panel: PanelLike,
  query: SimulatedGenome,
  cohort: { id: string; genome: SimulatedGenome }[],
  runs = 3,
): OneToManyTiming {
  const times: number[] = [];
  let stats: OneToManyStats = { compared: 0, candidates: 0, matches: 0 };
  let found: string[] = [];
  for (let i = 0; i < runs; i++) {
    stats = { compared: 0, candidates: 0, matches: 0 };
    const t = performance.now();
    const hits = matchOneToMany(query, cohort, { panel }, stats);
    times.push(performance.now() - t);
    found = hits.map((h) => h.id);
  }
  return { size: cohort.length, ms: median(times), stats, found };
}
