import { type LayoutMatch, matchGroup, matchPair, prepareQuery } from '../src/ibd/index.ts';
import { GRADES } from '../src/ibd/grades.ts';
import type { PackedGenome } from '../src/pack.ts';
import {
  type ChipName,
  chipLayout,
  createPopulation,
  createRng,
  genotypesOf,
  Family,
  type PedigreeName,
  type Population,
  type PopulationOptions,
  simulatedOnChip,
  simulatePedigree,
  simulationPanel,
  type TrueSegment,
} from '../src/simulate/index.ts';
import { chromSegments } from '../src/ibd/segments.ts';
import { matchContext } from '../src/ibd/context.ts';

/**
 * Matching accuracy on realistic chip layouts (bench/ibd.ts prints it; test/ibd-accuracy.test.ts runs
 * a small version). Relatives are simulated on the simulation panel (HapMap3 chip markers plus the
 * reference panel's real markers), written onto chip layouts and matched on one chip (same layout)
 * and across two chips (cross layout), against the simulation's true IBD segments.
 */

/** Relationships in table order: the §9 grade each should get, and the Shared cM Project v4 figures. */
export const RELATIONSHIPS: { name: PedigreeName; expected: string; scp: [mean: number, lo: number, hi: number] | null }[] = [
  { name: 'parent-child', expected: '2-3', scp: [3485, 2376, 3720] },
  { name: 'full-siblings', expected: '2-3', scp: [2613, 1613, 3488] },
  { name: 'half-siblings', expected: '3-4', scp: [1759, 1160, 2436] },
  { name: 'first-cousins', expected: '4-6', scp: [866, 396, 1397] },
  { name: 'second-cousins', expected: '5-6', scp: [229, 41, 592] },
  { name: 'third-cousins', expected: '6-9', scp: [73, 0, 234] },
  { name: 'fourth-cousins', expected: '6-9', scp: [35, 0, 139] },
];

export const GRADE_ORDER: string[] = GRADES.map((g) => g.grade);

export const BINS: [string, number, number][] = [
  ['7-10 cM', 7, 10],
  ['10-20 cM', 10, 20],
  ['>20 cM', 20, Number.POSITIVE_INFINITY],
];

export type Mode = 'same' | 'cross';

export interface PairRecord {
  relationship: PedigreeName;
  mode: Mode;
  trueCM: number;
  sharedCM: number;
  grade: string | null;
  insufficient: boolean;
}

export interface BinCount {
  detected: number;
  detectedTrue: number;
  truth: number;
  truthFound: number;
}

export interface UnrelatedFigures {
  pairs: number;
  anySegment7: number;
  graded69OrCloser: number;
  longestCM: number;
  /** Short identical-by-state sharing at permissive thresholds (1 cM, 25 markers, no merging). */
  shortSegmentsMean: number;
  shortTotalCMMean: number;
  shortLongestMean: number;
}

export interface IbdBenchResult {
  pairsPerRelationship: number;
  records: PairRecord[];
  bins: Record<Mode, BinCount[]>;
  unrelated: Record<Mode, UnrelatedFigures>;
  /** Pairs compared both exhaustively (matchPair) and through the prefilter (matchGroup), and those the prefilter lost. */
  prefilter: Record<Mode, PrefilterCheck>;
  overlapMarkers: number;
  layoutSizes: Record<ChipName, number>;
  ms: number;
}

export interface PrefilterCheck {
  pairs: number;
  /** Pairs with segments in the exhaustive comparison that matchGroup missed or reported otherwise. */
  dropped: number;
}

/** Unrelated people whose pairs are also compared exhaustively (the prefilter check). */
const EXHAUSTIVE_UNRELATED = 16;

/** The exhaustive comparison against the prefiltered one (a group of one) for one pair. */
function checkPrefilter(check: PrefilterCheck, exhaustive: LayoutMatch, prepared: ReturnType<typeof prepareQuery>, b: PackedGenome): void {
  check.pairs++;
  if (exhaustive.segments.length === 0) return;
  const [hit] = matchGroup(prepared, [{ id: 'b', genome: b }]);
  if (!hit || hit.sharedCM !== exhaustive.sharedCM || hit.segments.length !== exhaustive.segments.length) check.dropped++;
}

export interface IbdBenchOptions {
  pairs: number;
  unrelatedPeople: number;
  seed?: number;
  population?: PopulationOptions;
  chips?: [ChipName, ChipName];
}

/** Merged half-identical truth segments (IBD1 and IBD2 runs that touch are one). */
function halfTruth(segs: TrueSegment[]): TrueSegment[] {
  const out: TrueSegment[] = [];
  for (const s of [...segs].sort((x, y) => (x.chrom === y.chrom ? x.start - y.start : 0))) {
    const prev = out[out.length - 1];
    if (prev && prev.chrom === s.chrom && s.start - prev.end < 200_000) {
      prev.end = Math.max(prev.end, s.end);
      prev.cM += s.cM;
    } else out.push({ ...s });
  }
  return out;
}

function overlapBp(a: { chrom: string; start: number; end: number }, b: { chrom: string; start: number; end: number }): number {
  if (a.chrom !== b.chrom) return 0;
  return Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));
}

function binOf(cM: number): number {
  return BINS.findIndex(([, lo, hi]) => cM >= lo && cM < hi);
}

function countSegments(bins: BinCount[], found: LayoutMatch, truth: TrueSegment[]): void {
  // A detected segment is true when at least half of it lies in true IBD; a true segment is found
  // when detected segments cover at least half of it.
  for (const d of found.segments) {
    const b = binOf(d.cM);
    if (b < 0) continue;
    bins[b].detected++;
    const inTrue = truth.reduce((t, s) => t + overlapBp(d, s), 0);
    if (inTrue >= 0.5 * (d.end - d.start)) bins[b].detectedTrue++;
  }
  for (const s of truth) {
    const b = binOf(s.cM);
    if (b < 0) continue;
    bins[b].truth++;
    const covered = found.segments.reduce((t, d) => t + overlapBp(d, s), 0);
    if (covered >= 0.5 * (s.end - s.start)) bins[b].truthFound++;
  }
}

const emptyBins = (): BinCount[] => BINS.map(() => ({ detected: 0, detectedTrue: 0, truth: 0, truthFound: 0 }));

export function runIbdBench(opts: IbdBenchOptions): IbdBenchResult {
  const t0 = performance.now();
  const seed = opts.seed ?? 2024;
  const [chipA, chipB] = opts.chips ?? ['23andme-v5', 'ancestry-v2'];
  const panel = simulationPanel();
  const population: Population = createPopulation(panel, createRng(seed), opts.population);
  const layoutA = chipLayout(chipA);
  const layoutB = chipLayout(chipB);
  const records: PairRecord[] = [];
  const bins: Record<Mode, BinCount[]> = { same: emptyBins(), cross: emptyBins() };
  const prefilter: Record<Mode, PrefilterCheck> = { same: { pairs: 0, dropped: 0 }, cross: { pairs: 0, dropped: 0 } };
  let s = seed * 1000;
  for (const { name } of RELATIONSHIPS) {
    for (let i = 0; i < opts.pairs; i++) {
      const sim = simulatePedigree(name, { panel, seed: ++s, population, focusOnly: true });
      const pair = sim.pairs[0];
      const g = (id: string) => sim.people.find((p) => p.id === id)?.genome as Parameters<typeof simulatedOnChip>[0];
      const a = simulatedOnChip(g(pair.a), chipA);
      const truth = halfTruth(pair.segments);
      const bA = simulatedOnChip(g(pair.b), chipA);
      const bB = simulatedOnChip(g(pair.b), chipB);
      const runs: [Mode, LayoutMatch][] = [
        ['same', matchPair(layoutA, a, layoutA, bA)],
        ['cross', matchPair(layoutA, a, layoutB, bB)],
      ];
      checkPrefilter(prefilter.same, runs[0][1], prepareQuery(layoutA, a, layoutA), bA);
      checkPrefilter(prefilter.cross, runs[1][1], prepareQuery(layoutA, a, layoutB), bB);
      for (const [mode, r] of runs) {
        records.push({
          relationship: name,
          mode,
          trueCM: pair.sharedCM,
          sharedCM: r.sharedCM,
          grade: r.relationship?.grade ?? null,
          insufficient: r.insufficientOverlap,
        });
        countSegments(bins[mode], r, truth);
      }
    }
  }

  // Unrelated: founders of one population, every pair among them.
  const fam = new Family(population, createRng(seed + 7));
  const onA: PackedGenome[] = [];
  const onB: PackedGenome[] = [];
  for (let i = 0; i < opts.unrelatedPeople; i++) {
    const p = fam.founder(`u${i}`, i % 2 ? 'male' : 'female');
    const genome = genotypesOf(fam, p);
    onA.push(simulatedOnChip(genome, chipA));
    onB.push(simulatedOnChip(genome, chipB));
  }
  const unrelated = {} as Record<Mode, UnrelatedFigures>;
  const ctxA = matchContext(layoutA);
  const short = { minCM: 1, minMarkers: 25, mergeMinMarkers: 1e9, mergeMinCM: 1e9 };
  for (const mode of ['same', 'cross'] as Mode[]) {
    const others = mode === 'same' ? onA : onB;
    const layout = mode === 'same' ? layoutA : layoutB;
    const f: UnrelatedFigures = {
      pairs: 0,
      anySegment7: 0,
      graded69OrCloser: 0,
      longestCM: 0,
      shortSegmentsMean: 0,
      shortTotalCMMean: 0,
      shortLongestMean: 0,
    };
    for (let i = 0; i < onA.length; i++) {
      const prepared = prepareQuery(layoutA, onA[i], layout);
      const group = [];
      for (let j = i + 1; j < others.length; j++) group.push({ id: String(j), genome: others[j] });
      f.pairs += group.length;
      if (i < EXHAUSTIVE_UNRELATED) {
        for (let j = i + 1; j < Math.min(EXHAUSTIVE_UNRELATED, others.length); j++) {
          checkPrefilter(prefilter[mode], matchPair(layoutA, onA[i], layout, others[j]), prepared, others[j]);
        }
      }
      for (const h of matchGroup(prepared, group)) {
        f.anySegment7++;
        f.longestCM = Math.max(f.longestCM, h.longestCM);
        if (h.relationship && GRADE_ORDER.indexOf(h.relationship.grade) <= GRADE_ORDER.indexOf('6-9')) f.graded69OrCloser++;
      }
    }
    // Short IBS sharing on the same layout, on the first 40 people's pairs (it walks every run).
    if (mode === 'same') {
      let n = 0;
      const m = Math.min(40, onA.length);
      for (let i = 0; i < m; i++) {
        for (let j = i + 1; j < m; j++) {
          const out: Parameters<typeof chromSegments>[8] = [];
          for (const [c, s0, e0] of ctxA.autosomes) chromSegments(ctxA, onA[i], onA[j], c, s0, e0, 'half', short, out);
          n++;
          f.shortSegmentsMean += out.length;
          f.shortTotalCMMean += out.reduce((t, x) => t + x.cM, 0);
          f.shortLongestMean += out.reduce((t, x) => Math.max(t, x.cM), 0);
        }
      }
      f.shortSegmentsMean /= n;
      f.shortTotalCMMean /= n;
      f.shortLongestMean /= n;
    }
    unrelated[mode] = f;
  }
  return {
    pairsPerRelationship: opts.pairs,
    records,
    bins,
    unrelated,
    prefilter,
    overlapMarkers: matchPair(layoutA, onA[0], layoutB, onB[1]).overlapMarkers,
    layoutSizes: { [chipA]: layoutA.size, [chipB]: layoutB.size } as Record<ChipName, number>,
    ms: performance.now() - t0,
  };
}

/** Share of a relationship's pairs graded exactly / within one grade of what it should get. */
export function gradeAccuracy(r: IbdBenchResult, name: PedigreeName, mode: Mode): { exact: number; withinOne: number } {
  const expected = GRADE_ORDER.indexOf(RELATIONSHIPS.find((x) => x.name === name)?.expected ?? '');
  const rows = r.records.filter((x) => x.relationship === name && x.mode === mode);
  const exact = rows.filter((x) => x.grade !== null && GRADE_ORDER.indexOf(x.grade) === expected).length;
  const within = rows.filter((x) => x.grade !== null && Math.abs(GRADE_ORDER.indexOf(x.grade) - expected) <= 1).length;
  return { exact: exact / rows.length, withinOne: within / rows.length };
}

export function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.round(q * (s.length - 1))))];
}
