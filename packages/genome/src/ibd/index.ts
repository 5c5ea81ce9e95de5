import { matchContext, type PackedLike, type PanelLike } from './context.ts';
import { checkPair, evaluate, type ManyStats, type MatchResult, matchMany } from './evaluate.ts';
import { FULL_IBD_DEFAULTS, HALF_IBD_DEFAULTS, prefilter, type SegmentThresholds } from './segments.ts';

export type { MatchContext, PackedLike, PanelLike } from './context.ts';
export { matchContext } from './context.ts';
export { classifyRelationship, GRADE_THRESHOLDS_CM, GRADES } from './grades.ts';
export type { Grade, GradeCode, Relationship, RelationshipEvidence } from './grades.ts';
export { FULL_IBD_DEFAULTS, HALF_IBD_DEFAULTS } from './segments.ts';
export type { Segment, SegmentThresholds } from './segments.ts';
export type { MatchResult } from './evaluate.ts';
export { GenomeStore, type StoreMatchFigures, type StoreOptions } from './store.ts';
export type { Planes } from './context.ts';
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

export interface OneToManyOptions extends MatchOptions {
  /** Report a pair only when it shares at least this many cM (default: any segment at all). */
  minSharedCM?: number;
}

export interface OneToManyHit extends MatchResult {
  id: string;
}

export type OneToManyStats = ManyStats;

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
  const judge = (genome: PackedLike) => (prefilter(ctx, query, genome, half) ? evaluate(ctx, query, genome, half, full) : null);
  return matchMany(ctx, query, others, opts.minSharedCM ?? 0, judge, stats);
}
