import type { ChipLayout } from '../layout.ts';
import type { PackedGenome } from '../pack.ts';
import { GenomeError } from '../types.ts';
import { type MatchContext, matchContext, type PackedLike, type Planes, planesOf } from './context.ts';
import { checkPair, evaluate, type ManyStats, type MatchResult, matchMany } from './evaluate.ts';
import type { Relationship } from './grades.ts';
import { chromSegments, FULL_IBD_DEFAULTS, HALF_IBD_DEFAULTS, prefilterChroms, type Segment, type SegmentThresholds } from './segments.ts';

/**
 * Matching across chip layouts. A query genome (packed over its own file's layout) is projected once
 * onto each stored layout: its codes are copied to the markers both layouts carry and every other
 * marker reads as a no-call, so the stored genomes of that layout are compared in their own
 * coordinates by the same bit-plane code as before (a same-layout query is used as it is, no copy).
 * Rules, thresholds and their sources: docs/chip-layouts.md and data/SOURCES.md ("Matching rules").
 */

/**
 * Autosomal markers per cM at which the segment defaults (HALF_IBD_DEFAULTS: 7 cM and 500 markers)
 * apply: about a 600,000-marker chip (≈ 580,000 autosomal markers over ≈ 3,400 cM).
 */
export const REFERENCE_DENSITY_PER_CM = 170;

/**
 * Below this many autosomal markers carried by both layouts a pair is not graded: the result says
 * `insufficientOverlap` (the pages show 共同位点不足，无法可靠比对). See docs/chip-layouts.md for how
 * the figure was measured.
 */
export const OVERLAP_FLOOR = 100_000;

/** X segments (reported apart, never graded): the autosomal rules with a longer minimum. */
export const X_IBD_DEFAULTS: SegmentThresholds = { minCM: 10, minMarkers: 500, mergeMinMarkers: 200, mergeMinCM: 2 };

/** How a query layout meets a stored layout; computed once per pair of layouts and cached. */
export interface LayoutPairing {
  query: ChipLayout;
  stored: ChipLayout;
  /** Per stored marker, its index in the query layout (-1: not carried); null when the layouts are one. */
  map: Int32Array | null;
  /** Autosomal and X markers both layouts carry; and of them, autosomal. */
  overlapMarkers: number;
  overlapAutosomal: number;
  insufficientOverlap: boolean;
  /** Segment thresholds for this pairing, scaled to the overlap's density. */
  half: SegmentThresholds;
  full: SegmentThresholds;
  x: SegmentThresholds;
  /** Per word of the stored layout, markers of the words before it that both layouts carry (for the prefilter). */
  prefix: Int32Array;
}

/** A query ready to be compared with the genomes of one stored layout. */
export interface PreparedQuery {
  pairing: LayoutPairing;
  /** The query's codes over the stored layout. */
  genome: PackedLike;
}

export interface LayoutMatch extends Omit<MatchResult, 'relationship'> {
  /** X half-identical cM and segments (reported apart: X inheritance depends on sex; never graded). */
  xCM: number;
  xSegments: Segment[];
  /** Markers (autosomal and X) both layouts carry. */
  overlapMarkers: number;
  /** True below OVERLAP_FLOOR: then `relationship` is null, whatever was shared. */
  insufficientOverlap: boolean;
  relationship: Relationship | null;
}

export interface LayoutHit extends LayoutMatch {
  id: string;
}

export interface GroupOptions {
  /** Report a pair only when it shares at least this many autosomal cM (default: any segment at all). */
  minSharedCM?: number;
}

export type GroupStats = ManyStats;

const pairings = new WeakMap<ChipLayout, WeakMap<ChipLayout, LayoutPairing>>();

/**
 * Marker minimums follow the density of the markers both layouts carry, down to these floors: a
 * chance run without an opposite homozygote gets likelier the fewer markers it needs (between
 * unrelated people about one informative marker in ten to twenty breaks a run), so a sparse overlap
 * keeps a marker minimum and then finds only longer segments rather than false short ones.
 */
export const MIN_MARKERS_FLOOR = 350;
export const MERGE_MIN_MARKERS_FLOOR = 200;

/**
 * Segments of at least LONG_SEGMENT_CM need only LONG_MIN_MARKERS_FLOOR markers both layouts carry
 * (or the density-scaled minimum, when higher), of which LONG_MIN_HOMOZYGOUS homozygous in both.
 * Measured on the cross-layout bench (149,545 shared markers, ≈ 44 a cM): the 10–20 cM true segments
 * missed under the 350 floor were single clean runs holding 170–349 shared markers; the floor alone
 * (200) let chance runs through marker-poor stretches count between unrelated people. Those chance
 * runs are clean mostly because they hold few markers where both people are homozygous (the only
 * markers that can break a run), so that count, not markers per cM, keeps them out (figures in
 * docs/chip-layouts.md).
 */
export const LONG_SEGMENT_CM = 10;
export const LONG_MIN_MARKERS_FLOOR = 200;
export const LONG_MIN_HOMOZYGOUS = 150;

function scaled(t: SegmentThresholds, s: number): SegmentThresholds {
  return {
    ...t,
    minMarkers: Math.min(
      t.minMarkers,
      Math.max(MIN_MARKERS_FLOOR * (t.minMarkers / HALF_IBD_DEFAULTS.minMarkers), Math.round(t.minMarkers * s)),
    ),
    mergeMinMarkers: Math.min(
      t.mergeMinMarkers,
      Math.max(MERGE_MIN_MARKERS_FLOOR * (t.mergeMinMarkers / HALF_IBD_DEFAULTS.mergeMinMarkers), Math.round(t.mergeMinMarkers * s)),
    ),
  };
}

/** How `query` meets `stored` (cached per pair of layout objects). */
export function pairLayouts(query: ChipLayout, stored: ChipLayout): LayoutPairing {
  let inner = pairings.get(query);
  if (!inner) {
    inner = new WeakMap();
    pairings.set(query, inner);
  }
  const hit = inner.get(stored);
  if (hit) return hit;
  const ctx = matchContext(stored);
  let map: Int32Array | null = null;
  let overlapAutosomal = 0;
  let overlapX = 0;
  if (query.id === stored.id) {
    const [xs, xe] = stored.chromRange.X;
    overlapX = xe - xs;
    overlapAutosomal = stored.size - overlapX;
  } else {
    map = new Int32Array(stored.size).fill(-1);
    // Both layouts are sorted in one order: one merge walk per chromosome.
    for (const [c, [s0, e0]] of Object.entries(stored.chromRange) as [keyof typeof stored.chromRange, [number, number]][]) {
      const [s1, e1] = query.chromRange[c] ?? [0, 0];
      let j = s1;
      for (let k = s0; k < e0 && j < e1; k++) {
        const p = stored.pos[k];
        while (j < e1 && query.pos[j] < p) j++;
        if (j < e1 && query.pos[j] === p) {
          map[k] = j;
          if (c === 'X') overlapX++;
          else overlapAutosomal++;
        }
      }
    }
  }
  const insufficientOverlap = overlapAutosomal < OVERLAP_FLOOR;
  // Scale marker minimums to the density of the markers both carry; below the floor keep the floor's.
  const density = Math.max(overlapAutosomal, OVERLAP_FLOOR) / ctx.totalCM;
  const s = Math.min(1, density / REFERENCE_DENSITY_PER_CM);
  const shortHalf = scaled(HALF_IBD_DEFAULTS, s);
  const longMin = Math.max(LONG_MIN_MARKERS_FLOOR, Math.round(HALF_IBD_DEFAULTS.minMarkers * s));
  const half: SegmentThresholds =
    longMin < shortHalf.minMarkers
      ? { ...shortHalf, long: { cM: LONG_SEGMENT_CM, minMarkers: longMin, minHomozygous: LONG_MIN_HOMOZYGOUS } }
      : shortHalf;
  // Markers both layouts carry, per word (the prefilter's marker bound).
  const words = (stored.size + 31) >>> 5;
  const prefix = new Int32Array(words + 1);
  for (let w = 0; w < words; w++) {
    let n = 0;
    if (!map) n = Math.min(32, stored.size - w * 32);
    else for (let k = w * 32; k < Math.min(stored.size, w * 32 + 32); k++) if (map[k] >= 0) n++;
    prefix[w + 1] = prefix[w] + n;
  }
  const pairing: LayoutPairing = {
    query,
    stored,
    map,
    overlapMarkers: overlapAutosomal + overlapX,
    overlapAutosomal,
    insufficientOverlap,
    half,
    full: scaled(FULL_IBD_DEFAULTS, s),
    x: scaled(X_IBD_DEFAULTS, s),
    prefix,
  };
  inner.set(stored, pairing);
  return pairing;
}

export function checkOn(layout: ChipLayout, g: Pick<PackedLike, 'n' | 'panelId'>, who: string): void {
  if (g.n !== layout.size || (g.panelId !== undefined && g.panelId !== layout.id)) {
    throw new GenomeError('BAD_ARGUMENT', `${who}的基因组数据与其芯片位点布局不一致（${g.panelId ?? '?'}，位点数 ${g.n}）`);
  }
}

/** The query's codes over `stored` (its own genome when the layouts are one). */
export function prepareQuery(queryLayout: ChipLayout, query: PackedLike, stored: ChipLayout): PreparedQuery {
  checkOn(queryLayout, query, '待比对者');
  const pairing = pairLayouts(queryLayout, stored);
  const { map } = pairing;
  if (!map) return { pairing, genome: query };
  const words = (stored.size + 31) >>> 5;
  const hi = new Uint32Array(words);
  const lo = new Uint32Array(words);
  const qh = query.hi;
  const ql = query.lo;
  // A word at a time in locals, bits cleared without branches (a genotype bit is unpredictable);
  // unmapped markers and the last word's tail stay no-calls (both bits set).
  for (let w = 0; w < words; w++) {
    let h = -1;
    let l = -1;
    for (let k = w << 5, k1 = Math.min(stored.size, k + 32); k < k1; k++) {
      const j = map[k];
      if (j < 0) continue;
      const b = k & 31;
      // A shift counts modulo 32, so `>>> j` reads bit j & 31 of its word.
      h &= ~(((~qh[j >>> 5] >>> j) & 1) << b);
      l &= ~(((~ql[j >>> 5] >>> j) & 1) << b);
    }
    hi[w] = h;
    lo[w] = l;
  }
  return { pairing, genome: { panelId: stored.id, n: stored.size, hi, lo } };
}

function result(p: LayoutPairing, ctx: MatchContext, a: Planes, b: Planes, autosomes = ctx.autosomes): LayoutMatch {
  const r = evaluate(ctx, a, b, p.half, p.full, autosomes);
  const xSegments: Segment[] = [];
  const [xs, xe] = p.stored.chromRange.X;
  if (xe - xs >= 2) chromSegments(ctx, a, b, 'X', xs, xe, 'half', p.x, xSegments);
  return {
    ...r,
    xCM: xSegments.reduce((t, s) => t + s.cM, 0),
    xSegments,
    overlapMarkers: p.overlapMarkers,
    insufficientOverlap: p.insufficientOverlap,
    relationship: p.insufficientOverlap ? null : r.relationship,
  };
}

/**
 * The prepared query against genomes stored on its pairing's layout (any iterable, so a job can feed
 * them batch by batch). A word-level prefilter discards most pairs in one pass over the bit-planes.
 * Returns the pairs with at least one autosomal segment (and `minSharedCM`), closest first.
 */
export function matchGroup(
  prepared: PreparedQuery,
  others: Iterable<{ id: string; genome: PackedLike }>,
  opts: GroupOptions = {},
  stats?: GroupStats,
): LayoutHit[] {
  const p = prepared.pairing;
  const judge = judgeOf(p, planesOf(prepared.genome));
  return matchMany(matchContext(p.stored), prepared.genome, others, opts.minSharedCM ?? 0, (g) => judge(planesOf(g)), stats);
}

/**
 * One stored genome against a prepared query: null when the prefilter rules the pair out, else its
 * segments and grade (matchGroup and GenomeStore's threads both judge with it).
 */
export function judgeOf(p: LayoutPairing, q: Planes): (g: Planes) => LayoutMatch | null {
  const ctx = matchContext(p.stored);
  return (g) => {
    const chroms = prefilterChroms(ctx, q, g, p.half, p.prefix);
    return chroms.length === 0 ? null : result(p, ctx, q, g, chroms);
  };
}

/** One-to-one comparison of two genomes, each over its own layout (the result always comes back). */
export function matchPair(
  aLayout: ChipLayout,
  a: PackedGenome | PackedLike,
  bLayout: ChipLayout,
  b: PackedGenome | PackedLike,
): LayoutMatch {
  checkOn(bLayout, b, '被比对者');
  const prepared = prepareQuery(aLayout, a, bLayout);
  const ctx = matchContext(bLayout);
  checkPair(ctx, prepared.genome, b);
  return result(prepared.pairing, ctx, planesOf(prepared.genome), planesOf(b));
}
