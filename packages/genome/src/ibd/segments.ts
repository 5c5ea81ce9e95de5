import type { Chrom } from '../types.ts';
import { type MatchContext, type PackedLike, type Planes, planesOf } from './context.ts';

/**
 * Segment detection on the packed bit-planes. Per marker, code = (hi<<1)|lo:
 * 0 hom ref, 1 het, 2 hom alt, 3 no-call. Hence, for two genomes A and B, 32 markers at a time:
 *   opposite homozygote  = (hiA ^ hiB) & ~(loA | loB)          (0 vs 2; no-calls have lo = 1)
 *   any difference       = ((hiA ^ hiB) | (loA ^ loB)) & both called
 * A half-identical (IBD1) segment is a run without opposite homozygotes; a fully identical (IBD2)
 * segment is a run without any difference.
 */

export interface Segment {
  chrom: Chrom;
  /** GRCh37 position of the first and last marker called in both genomes. */
  start: number;
  end: number;
  cM: number;
  /** Markers called in both genomes inside the segment. */
  markers: number;
}

export interface SegmentThresholds {
  /** Minimum segment length in cM (default 7). */
  minCM: number;
  /** Minimum markers called in both genomes (default 500). */
  minMarkers: number;
  /**
   * Genotype-error tolerance: two runs separated by exactly one breaking marker are joined when both
   * have at least this many markers and cM (a single miscall inside a true segment would otherwise
   * cut it in two).
   */
  mergeMinMarkers: number;
  mergeMinCM: number;
  /**
   * A lower marker minimum for long segments (sparse cross-layout overlaps): a segment of at least
   * `cM` needs only `minMarkers` markers called in both, of which `minHomozygous` homozygous in both
   * (the markers where an opposite homozygote could have broken it: a chance run is clean mostly
   * because it holds few of them). Unset: `minMarkers` for every length.
   */
  long?: { cM: number; minMarkers: number; minHomozygous: number };
}

export const HALF_IBD_DEFAULTS: SegmentThresholds = {
  minCM: 7,
  minMarkers: 500,
  mergeMinMarkers: 200,
  mergeMinCM: 2,
};

/** IBD2 runs are much rarer by chance (every genotype must agree), so shorter ones count. */
export const FULL_IBD_DEFAULTS: SegmentThresholds = {
  minCM: 2,
  minMarkers: 200,
  mergeMinMarkers: 100,
  mergeMinCM: 1,
};

function popcnt(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

function ctz(x: number): number {
  return 31 - Math.clz32(x & -x);
}

/**
 * Segments of one kind on one chromosome range [s, e) of the panel. Cost is one pass over the words
 * plus a few scalar operations per breaking marker (between unrelated people about one marker in
 * twenty breaks a half-identical run, so this path allocates nothing).
 */
export function chromSegments(
  ctx: MatchContext,
  a: PackedLike | Planes,
  b: PackedLike | Planes,
  chrom: Chrom,
  s: number,
  e: number,
  kind: 'half' | 'full',
  t: SegmentThresholds,
  out: Segment[],
): void {
  const { cm, panel } = ctx;
  const pa = planesOf(a);
  const pb = planesOf(b);
  const hiA = pa.hi;
  const loA = pa.lo;
  const hiB = pb.hi;
  const loB = pb.lo;
  const { hiAt: ha0, loAt: la0 } = pa;
  const { hiAt: hb0, loAt: lb0 } = pb;
  const { minCM, minMarkers, mergeMinMarkers, mergeMinCM, long } = t;
  const fewest = long ? Math.min(minMarkers, long.minMarkers) : minMarkers;
  const half = kind === 'half';
  const w0 = s >>> 5;
  const w1 = (e - 1) >>> 5;
  // Current run: markers called in both since the last break (hom: of them, homozygous in both).
  let first = -1;
  let last = -1;
  let count = 0;
  let hom = 0;
  // The previous run (pCount 0: none), kept while it may still be joined across the one break
  // that ended it. An empty run between two breaks means two breaks in a row: no join.
  let pFirst = -1;
  let pLast = -1;
  let pCount = 0;
  let pHom = 0;

  const emitPending = () => {
    if (pCount < fewest) return;
    const len = cm[pLast] - cm[pFirst];
    if (pCount < minMarkers && !(long && len >= long.cM && pHom >= long.minHomozygous)) return;
    if (len >= minCM) out.push({ chrom, start: panel.pos[pFirst], end: panel.pos[pLast], cM: len, markers: pCount });
  };
  const close = () => {
    if (
      count >= mergeMinMarkers &&
      pCount >= mergeMinMarkers &&
      cm[last] - cm[first] >= mergeMinCM &&
      cm[pLast] - cm[pFirst] >= mergeMinCM
    ) {
      pLast = last;
      pCount += count;
      pHom += hom;
    } else {
      if (pCount > 0) emitPending();
      pFirst = first;
      pLast = last;
      pCount = count;
      pHom = hom;
    }
    first = -1;
    count = 0;
    hom = 0;
  };

  for (let w = w0; w <= w1; w++) {
    let mask = -1;
    if (w === w0) mask &= -1 << (s & 31);
    if (w === w1 && (e & 31) !== 0) mask &= (1 << (e & 31)) - 1;
    const ha = hiA[ha0 + w];
    const la = loA[la0 + w];
    const hb = hiB[hb0 + w];
    const lb = loB[lb0 + w];
    const both = ~(ha & la) & ~(hb & lb) & mask;
    const homs = ~(la | lb);
    let brk = half ? (ha ^ hb) & ~(la | lb) & mask : ((ha ^ hb) | (la ^ lb)) & both;
    const base = w << 5;
    let rest = both;
    while (brk !== 0) {
      const bit = ctz(brk);
      const before = rest & ((1 << bit) - 1);
      if (before !== 0) {
        if (first < 0) first = base + ctz(before);
        last = base + 31 - Math.clz32(before);
        count += popcnt(before);
        if (long) hom += popcnt(before & homs);
      }
      close();
      rest = bit === 31 ? 0 : rest & (-1 << (bit + 1));
      brk &= brk - 1;
    }
    if (rest !== 0) {
      if (first < 0) first = base + ctz(rest);
      last = base + 31 - Math.clz32(rest);
      count += popcnt(rest);
      if (long) hom += popcnt(rest & homs);
    }
  }
  close();
  if (pCount > 0) emitPending();
}

/**
 * Per whole autosomal word x, the first word y such that a segment around the stretch [x, y] could
 * qualify under `t`; -1 when none is on x's chromosome. A true segment holds the whole words inside
 * it, and its markers lie within one more word on either side (clamped to its chromosome), so its
 * cM and its markers called in both are at most those of [x - 1, y + 1]: [x, y] passes when those
 * bounds reach the segment minimums (including the long-segment rule, `t.long`). `prefix[w]` counts
 * the markers of the words before w that both genomes can have called (for a layout pairing, those
 * both layouts carry); without it every marker counts. Both bounds grow with y and shrink with x,
 * so reach never decreases along a chromosome. Cached per prefix (or context) and thresholds.
 */
const reachCache = new WeakMap<object, Map<string, Int32Array>>();
function reachOf(ctx: MatchContext, t: SegmentThresholds, prefix?: Int32Array): Int32Array {
  const owner = prefix ?? ctx;
  let byKey = reachCache.get(owner);
  if (!byKey) {
    byKey = new Map();
    reachCache.set(owner, byKey);
  }
  const { minCM, minMarkers, long } = t;
  const key = `${minCM}/${minMarkers}/${long ? `${long.cM}/${long.minMarkers}/${long.minHomozygous}` : ''}`;
  const hit = byKey.get(key);
  if (hit) return hit;
  const { cm } = ctx;
  const longMin = long ? Math.max(long.minMarkers, long.minHomozygous) : 0;
  const reach = new Int32Array((ctx.panel.size + 31) >>> 5).fill(-1);
  for (const [, s, e] of ctx.autosomes) {
    const first = (s + 31) >>> 5;
    const last = (e >>> 5) - 1;
    const enough = (l: number, r: number) => {
      const m0 = Math.max(s, (l - 1) << 5);
      const m1 = Math.min(e - 1, ((r + 1) << 5) + 31);
      const span = cm[m1] - cm[m0];
      if (span < minCM) return false;
      const held = prefix ? prefix[Math.min(r + 2, prefix.length - 1)] - prefix[Math.max(0, l - 1)] : m1 - m0 + 1;
      return held >= minMarkers || (long !== undefined && span >= long.cM && held >= longMin);
    };
    let r = first;
    for (let l = first; l <= last; l++) {
      if (r < l) r = l;
      while (r <= last && !enough(l, r)) r++;
      if (r > last) break;
      reach[l] = r;
    }
  }
  byKey.set(key, reach);
  return reach;
}

/**
 * Cheap word-level test: could any autosome hold a half-identical segment under `t`? That needs a
 * stretch of whole words free of opposite homozygotes but for at most one word holding a single one
 * (the error tolerance) and long enough (reachOf). A true segment with at most one tolerated miscall
 * always passes; `prefix` as in reachOf.
 */
export function prefilter(
  ctx: MatchContext,
  a: PackedLike | Planes,
  b: PackedLike | Planes,
  t: SegmentThresholds,
  prefix?: Int32Array,
): boolean {
  return scan(ctx, planesOf(a), planesOf(b), reachOf(ctx, t, prefix), null);
}

/**
 * The prefilter run over every autosome: the entries of `ctx.autosomes` holding a qualifying stretch.
 * Segments can only lie on those, so a candidate pair needs extending there alone.
 */
export function prefilterChroms(
  ctx: MatchContext,
  a: PackedLike | Planes,
  b: PackedLike | Planes,
  t: SegmentThresholds,
  prefix?: Int32Array,
): MatchContext['autosomes'] {
  const out: MatchContext['autosomes'] = [];
  scan(ctx, planesOf(a), planesOf(b), reachOf(ctx, t, prefix), out);
  return out;
}

/**
 * Each jump of the scan reads b's planes where the previous jump's words say, so the reads form one
 * chain, each waiting for the last: a stored genome is not in cache (the store's genomes are read once
 * per match), and on the same layout most of a pair's time went to waiting for memory. Touching every
 * 64-byte line of b's planes this many words ahead of the jumps, in order, puts the fetches in flight
 * together and keeps the hardware prefetcher streaming (scale bench, 100,000 stored: figures in
 * docs/ten-million.md). The touched words' sum goes to `touched` so that the loads are kept.
 */
const TOUCH_AHEAD_WORDS = 1024;
const touched = new Int32Array(1);

/**
 * A skip search over the stretches, shortest first. Every stretch starting before x is known not to
 * qualify; the shortest long-enough stretch from x, [x, reach[x]], is read backwards. Two breaking
 * words in it (or one with several opposite homozygotes), the lower at v, rule out every start up to
 * v as well (their shortest stretches reach at least as far, so they hold both), and the search
 * jumps to v + 1. Between unrelated people a breaking word turns up within a few words, so most
 * words are never read (the jump is a whole stretch, ~6 cM). Words already read are not read again:
 * (x - 1, known] is known to hold at most the one tolerated word kd.
 */
function scan(ctx: MatchContext, a: Planes, b: Planes, reach: Int32Array, out: MatchContext['autosomes'] | null): boolean {
  const hiA = a.hi;
  const loA = a.lo;
  const hiB = b.hi;
  const loB = b.lo;
  const { hiAt: ha0, loAt: la0 } = a;
  const { hiAt: hb0, loAt: lb0 } = b;
  let any = false;
  const end = ((ctx.panel.size + 31) >>> 5) - 1;
  // Next word of b whose cache lines (one per plane) are still to be touched, and the touched sum.
  let ahead = 0;
  let sum = 0;
  for (const entry of ctx.autosomes) {
    const [, s, e] = entry;
    let x = (s + 31) >>> 5;
    const last = (e >>> 5) - 1;
    let known = x - 1;
    let kd = -1;
    if (ahead < x) ahead = x;
    while (x <= last) {
      const y = reach[x];
      if (y < 0) break;
      for (const until = Math.min(end, y + TOUCH_AHEAD_WORDS); ahead <= until; ahead += 16) {
        sum = (sum + hiB[hb0 + ahead] + loB[lb0 + ahead]) | 0;
      }
      // Read the words not read yet, from the far end: td is a tolerated word among them.
      let td = -1;
      let v = y;
      for (; v > known; v--) {
        const o = (hiA[ha0 + v] ^ hiB[hb0 + v]) & ~(loA[la0 + v] | loB[lb0 + v]);
        if (o === 0) continue;
        if (td >= 0 || (o & (o - 1)) !== 0) break;
        td = v;
      }
      if (v > known) {
        x = v + 1;
        kd = td;
      } else if (td >= 0 && kd >= 0) {
        x = kd + 1;
        kd = td;
      } else {
        if (!out) return true;
        out.push(entry);
        any = true;
        break;
      }
      known = y;
    }
  }
  touched[0] = sum;
  return any;
}
