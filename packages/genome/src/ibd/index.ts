import { matchContext, type PackedLike, type PanelLike } from './context.ts';
import { checkPair, evaluate, type MatchResult } from './evaluate.ts';
import { FULL_IBD_DEFAULTS, HALF_IBD_DEFAULTS, prefilter, type SegmentThresholds } from './segments.ts';

export type { MatchContext, PackedLike, PanelLike } from './context.ts';
export { matchContext } from './context.ts';
export { classifyRelationship, GRADE_THRESHOLDS_CM, GRADES } from './grades.ts';
export type { Grade, GradeCode, Relationship, RelationshipEvidence } from './grades.ts';
export { FULL_IBD_DEFAULTS, HALF_IBD_DEFAULTS } from './segments.ts';
export type { Segment, SegmentThresholds } from './segments.ts';
export type { MatchResult } from './evaluate.ts';
export {
  type GroupOptions,
  type GroupStats,
  type LayoutHit,
  type LayoutMatch,
  type LayoutPairing,
  matchGroup,
  matchPair,
  OVERLAP_FLOOR,
  pairLayouts,
  type PreparedQuery,
  prepareQuery,
  REFERENCE_DENSITY_PER_CM,
  X_IBD_DEFAULTS,
} from './layouts.ts';

export interface MatchOptions {
  panel: PanelLike;
  half?: Partial<SegmentThresholds>;
  full?: Partial<SegmentThresholds>;
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
