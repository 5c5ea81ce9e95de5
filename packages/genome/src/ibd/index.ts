import { GenomeError } from '../types.ts';
import { type MatchContext, matchContext, type PackedLike, type PanelLike } from './context.ts';
import { classifyRelationship, type Relationship } from './grades.ts';
import { chromSegments, FULL_IBD_DEFAULTS, HALF_IBD_DEFAULTS, prefilter, type Segment, type SegmentThresholds } from './segments.ts';

export type { MatchContext, PackedLike, PanelLike } from './context.ts';
export { matchContext } from './context.ts';
export { classifyRelationship, GRADE_THRESHOLDS_CM, GRADES } from './grades.ts';
export type { Grade, GradeCode, Relationship, RelationshipEvidence } from './grades.ts';
export { FULL_IBD_DEFAULTS, HALF_IBD_DEFAULTS } from './segments.ts';
export type { Segment, SegmentThresholds } from './segments.ts';

export interface MatchOptions {
  panel: PanelLike;
  half?: Partial<SegmentThresholds>;
  full?: Partial<SegmentThresholds>;
}

export interface MatchResult {
  /** Autosomal half-identical cM (X is excluded: its inheritance differs by sex). */
  sharedCM: number;
  longestCM: number;
  /** sharedCM / autosomal map length covered by the panel. */
  fraction: number;
  segments: Segment[];
  /** Fully identical (IBD2) autosomal cM and its fraction of the map. */
  ibd2CM: number;
  ibd2Fraction: number;
  relationship: Relationship;
}

function checkPair(ctx: MatchContext, a: PackedLike, b: PackedLike): void {
  const n = ctx.panel.size;
  for (const g of [a, b]) {
    if (g.n !== n || g.hi.length < (n + 31) >>> 5 || g.lo.length < (n + 31) >>> 5) {
      throw new GenomeError('BAD_ARGUMENT', `基因组与参考位点面板不一致（位点数 ${g.n}，面板 ${n}）`);
    }
    if (g.panelId !== undefined && g.panelId !== ctx.panel.id) {
      throw new GenomeError('BAD_ARGUMENT', `基因组使用的面板 ${g.panelId} 与当前面板 ${ctx.panel.id} 不同`);
    }
  }
}

function segmentsOf(ctx: MatchContext, a: PackedLike, b: PackedLike, kind: 'half' | 'full', t: SegmentThresholds): Segment[] {
  const out: Segment[] = [];
  for (const [chrom, s, e] of ctx.autosomes) chromSegments(ctx, a, b, chrom, s, e, kind, t, out);
  return out;
}

/** Parent/child vs full siblings needs IBD2 only when a lot is shared; skip it otherwise. */
const IBD2_MIN_SHARE = 0.3;

function evaluate(ctx: MatchContext, a: PackedLike, b: PackedLike, half: SegmentThresholds, full: SegmentThresholds): MatchResult {
  const segments = segmentsOf(ctx, a, b, 'half', half);
  let sharedCM = 0;
  let longestCM = 0;
  for (const s of segments) {
    sharedCM += s.cM;
    if (s.cM > longestCM) longestCM = s.cM;
  }
  let ibd2CM = 0;
  if (sharedCM / ctx.totalCM >= IBD2_MIN_SHARE) {
    for (const s of segmentsOf(ctx, a, b, 'full', full)) ibd2CM += s.cM;
  }
  const ibd2Fraction = ibd2CM / ctx.totalCM;
  return {
    sharedCM,
    longestCM,
    fraction: sharedCM / ctx.totalCM,
    segments,
    ibd2CM,
    ibd2Fraction,
    relationship: classifyRelationship({ sharedCM, longestCM, ibd2Fraction, totalCM: ctx.totalCM }),
  };
}

/** One-to-one comparison of two packed genomes on the same panel. */
export function matchGenomes(a: PackedLike, b: PackedLike, opts: MatchOptions): MatchResult {
  const ctx = matchContext(opts.panel);
  checkPair(ctx, a, b);
  return evaluate(ctx, a, b, { ...HALF_IBD_DEFAULTS, ...opts.half }, { ...FULL_IBD_DEFAULTS, ...opts.full });
}

/** cM a segment may lose to partial words at its ends in the prefilter. */
const PREFILTER_SLACK_CM = 1;

export interface OneToManyOptions extends MatchOptions {
  /** Report a pair only when it shares at least this many cM (default: any segment at all). */
  minSharedCM?: number;
}

export interface OneToManyHit extends MatchResult {
  id: string;
}

export interface OneToManyStats {
  compared: number;
  candidates: number;
  matches: number;
}

/**
 * One genome against many. A word-level prefilter discards most pairs in one pass over the
 * bit-planes; segments are extended only for the rest. Takes any iterable, so a queue job can feed
 * stored genomes batch by batch without holding them all; `stats` (optional) receives the counts.
 */
export function matchOneToMany(
  query: PackedLike,
  others: Iterable<{ id: string; genome: PackedLike }>,
  opts: OneToManyOptions,
  stats?: OneToManyStats,
): OneToManyHit[] {
  const ctx = matchContext(opts.panel);
  const half = { ...HALF_IBD_DEFAULTS, ...opts.half };
  const full = { ...FULL_IBD_DEFAULTS, ...opts.full };
  // Whole words inside a qualifying segment: it may lose up to a word at each end, and one word to
  // the tolerated miscall; the cM slack covers those end words.
  const minWords = Math.max(1, Math.floor(half.minMarkers / 32) - 3);
  const minCM = half.minCM - PREFILTER_SLACK_CM;
  const minShared = opts.minSharedCM ?? 0;
  const hits: OneToManyHit[] = [];
  let compared = 0;
  let candidates = 0;
  for (const { id, genome } of others) {
    checkPair(ctx, query, genome);
    compared++;
    if (!prefilter(ctx, query, genome, minWords, minCM)) continue;
    candidates++;
    const r = evaluate(ctx, query, genome, half, full);
    if (r.segments.length > 0 && r.sharedCM >= minShared) hits.push({ id, ...r });
  }
  if (stats) {
    stats.compared += compared;
    stats.candidates += candidates;
    stats.matches += hits.length;
  }
  return hits.sort((x, y) => y.sharedCM - x.sharedCM);
}
