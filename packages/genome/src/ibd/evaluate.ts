import { GenomeError } from '../types.ts';
import { type MatchContext, type PackedLike, type Planes, planesOf } from './context.ts';
import { classifyRelationship, type Relationship } from './grades.ts';
import { chromSegments, type Segment, type SegmentThresholds } from './segments.ts';

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

export function checkPair(ctx: MatchContext, a: PackedLike, b: PackedLike): void {
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

function segmentsOf(
  ctx: MatchContext,
  a: Planes,
  b: Planes,
  kind: 'half' | 'full',
  t: SegmentThresholds,
  autosomes: MatchContext['autosomes'] = ctx.autosomes,
): Segment[] {
  const out: Segment[] = [];
  for (const [chrom, s, e] of autosomes) chromSegments(ctx, a, b, chrom, s, e, kind, t, out);
  return out;
}

/** Parent/child vs full siblings needs IBD2 only when a lot is shared; skip it otherwise. */
const IBD2_MIN_SHARE = 0.3;

/**
 * Segments and grade of a pair. `autosomes` limits the half-identical search to chromosomes the
 * prefilter kept (no segment can lie elsewhere); IBD2, needed only for close relatives, is searched
 * on every autosome.
 */
export function evaluate(
  ctx: MatchContext,
  ga: PackedLike | Planes,
  gb: PackedLike | Planes,
  half: SegmentThresholds,
  full: SegmentThresholds,
  autosomes: MatchContext['autosomes'] = ctx.autosomes,
): MatchResult {
  const a = planesOf(ga);
  const b = planesOf(gb);
  const segments = segmentsOf(ctx, a, b, 'half', half, autosomes);
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

/** Counts of a one-to-many run: pairs compared, past the prefilter, reported. */
export interface ManyStats {
  compared: number;
  candidates: number;
  matches: number;
}

/**
 * One query against many genomes of one panel or layout (any iterable, so a queue job can feed them
 * batch by batch without holding them all). `judge` compares one pair, or returns null when the
 * prefilter discards it. Returns the pairs with at least one autosomal segment and `minSharedCM`,
 * closest first; `stats` (optional) receives the counts.
 */
export function matchMany<R extends { segments: Segment[]; sharedCM: number }>(
  ctx: MatchContext,
  query: PackedLike,
  others: Iterable<{ id: string; genome: PackedLike }>,
  minSharedCM: number,
  judge: (genome: PackedLike) => R | null,
  stats?: ManyStats,
): (R & { id: string })[] {
  const hits: (R & { id: string })[] = [];
  let compared = 0;
  let candidates = 0;
  for (const { id, genome } of others) {
    checkPair(ctx, query, genome);
    compared++;
    const r = judge(genome);
    if (!r) continue;
    candidates++;
    if (r.segments.length > 0 && r.sharedCM >= minSharedCM) hits.push({ id, ...r });
  }
  if (stats) {
    stats.compared += compared;
    stats.candidates += candidates;
    stats.matches += hits.length;
  }
  return hits.sort((x, y) => y.sharedCM - x.sharedCM);
}
