import type { MatchContext, PackedLike } from './context.ts';
import { chromSegments, type Segment, type SegmentThresholds } from './segments.ts';

/**
 * Markers a stretch must hold: `prefix[k]` counts the markers before k that both layouts carry (null
 * for a same-layout pair: every marker counts).
 */
export interface PresentMarkers {
  prefix: Int32Array | null;
  min: number;
}

/**
 * Homozygosity signatures: the bit-planes of every 4th marker of a genome's layout (marker 4j of the
 * layout is signature marker j), a quarter of the planes' size. A stretch of markers free of
 * opposite homozygotes is free of them on its signature markers too, so a scan of two signatures
 * finds every chromosome a half-identical segment can lie on while reading a quarter of the memory;
 * only those chromosomes' full planes are read (docs/ten-million.md has the figures).
 */
export const SIGNATURE_STEP = 4;

/** Code planes of every 4th marker: `n` signature markers over `hi`/`lo` (no-calls past the end). */
export interface Signature {
  n: number;
  hi: Uint32Array;
  lo: Uint32Array;
}

/** Bits 0, 4, …, 28 of x packed into bits 0–7. */
function every4th(x: number): number {
  x &= 0x11111111;
  x = (x | (x >>> 3)) & 0x03030303;
  x = (x | (x >>> 6)) & 0x000f000f;
  return (x | (x >>> 12)) & 0xff;
}

function thin(plane: Uint32Array, words: number, n: number): Uint32Array {
  const out = new Uint32Array((Math.ceil(n / SIGNATURE_STEP) + 31) >>> 5);
  for (let j = 0; j < out.length; j++) {
    let v = 0;
    for (let q = 0; q < 4; q++) {
      const w = 4 * j + q;
      v |= (w < words ? every4th(plane[w]) : 0xff) << (8 * q);
    }
    out[j] = v;
  }
  return out;
}

/** The signature of a genome (packed over any layout or panel). */
export function signatureOf(g: PackedLike): Signature {
  const words = (g.n + 31) >>> 5;
  return { n: Math.ceil(g.n / SIGNATURE_STEP), hi: thin(g.hi, words, g.n), lo: thin(g.lo, words, g.n) };
}

/** Probes of one chromosome: whole signature words [start, start + len) tested for being clean. */
export interface Probes {
  start: Int32Array;
  len: Uint8Array;
}

/** What a signature scan needs of one pairing of layouts, in the stored layout's coordinates. */
export interface SignatureBounds {
  minCM: number;
  present: PresentMarkers;
  /** Per entry of `ctx.autosomes`: its probes, or null when it is searched in full (signatureBounds). */
  probes: (Probes | null)[];
}

/**
 * Widest full-layout range [i, j] of a stretch (within the chromosome [s, e)) whose whole signature
 * words are l..r: it holds no whole word l - 1 or r + 1.
 */
function reach(s: number, e: number, l: number, r: number): [number, number] {
  return [Math.max(s, SIGNATURE_STEP * 32 * (l - 1) + 1), Math.min(e - 1, SIGNATURE_STEP * (32 * (r + 2) - 1) - 1)];
}

function presentIn(present: PresentMarkers, i: number, j: number): number {
  return present.prefix ? present.prefix[j + 1] - present.prefix[i] : j - i + 1;
}

/** Signature words per block of probes of one spacing, and the longest run a probe spacing assumes. */
const BLOCK = 4;
const MAX_RUN = 8;

/**
 * Bounds of a signature scan for segments of at least `minCM` and `present.min` markers both layouts
 * carry, and where to probe. A qualifying segment holds at most one breaking marker, so one side of it
 * is a clean run C of at least m(L) = ceil((W(L) - 1) / 2) whole signature words, W(L) the fewest
 * whole words of a qualifying stretch starting at its first whole word L. In each block of BLOCK words
 * the probes are runs of k = ceil(m / 2) words every m - k + 1 words, m the least m(L) of the starts
 * L from 2 MAX_RUN + 1 words before the block to its end, and at most MAX_RUN. Probe starts are then
 * at most m - k + 1 apart wherever C lies, so C holds a whole probe when it is at least as long as the
 * m of every block it meets: a C of MAX_RUN words or more always is, and a shorter one starts (its L)
 * within 2 MAX_RUN + 1 words before any block it meets. Where W < 2 the chromosome is searched in
 * full.
 */
export function signatureBounds(ctx: MatchContext, minCM: number, present: PresentMarkers): SignatureBounds {
  const { cm } = ctx;
  const probes: (Probes | null)[] = [];
  for (const [, s, e] of ctx.autosomes) {
    // Whole signature words of the chromosome.
    const w0 = (Math.ceil(s / SIGNATURE_STEP) + 31) >>> 5;
    const w1 = (Math.ceil(e / SIGNATURE_STEP) >>> 5) - 1;
    const enough = (l: number, r: number) => {
      const [i, j] = reach(s, e, l, r);
      return cm[j] - cm[i] >= minCM && presentIn(present, i, j) >= present.min;
    };
    const m = new Float64Array(Math.max(0, w1 - w0 + 1)).fill(Number.POSITIVE_INFINITY);
    let full = false;
    let r = w0;
    for (let l = w0; l <= w1; l++) {
      if (r < l) r = l;
      while (r < w1 && !enough(l, r)) r++;
      if (!enough(l, r)) break;
      if (r - l + 1 < 2) full = true;
      m[l - w0] = Math.ceil((r - l) / 2);
    }
    if (full) {
      probes.push(null);
      continue;
    }
    const start: number[] = [];
    const len: number[] = [];
    for (let bs = w0; bs <= w1; bs += BLOCK) {
      const be = Math.min(w1, bs + BLOCK - 1);
      let mb = MAX_RUN;
      for (let l = Math.max(w0, bs - 2 * MAX_RUN - 1); l <= be; l++) mb = Math.min(mb, m[l - w0]);
      const k = Math.ceil(mb / 2);
      for (let p = bs; p <= be && p + k - 1 <= w1; p += mb - k + 1) {
        start.push(p);
        len.push(k);
      }
    }
    probes.push({ start: Int32Array.from(start), len: Uint8Array.from(len) });
  }
  return { minCM, present, probes };
}

/** Opposite homozygotes of signature word w, markers outside [ss, se) set (walls). */
function oppAt(a: Signature, b: Signature, w: number, ss: number, se: number): number {
  if (w < ss >>> 5 || w > (se - 1) >>> 5) return -1;
  let x = (a.hi[w] ^ b.hi[w]) & ~(a.lo[w] | b.lo[w]);
  if (w === ss >>> 5 && ss & 31) x |= (1 << (ss & 31)) - 1;
  if (w === (se - 1) >>> 5 && se & 31) x |= -1 << (se & 31);
  return x;
}

/** Signature index of the k-th (1 or 2) opposite homozygote left of word w (walls included). */
function leftOpp(a: Signature, b: Signature, w: number, k: number, ss: number, se: number): number {
  let v = w - 1;
  let x = oppAt(a, b, v, ss, se);
  while (x === 0) x = oppAt(a, b, --v, ss, se);
  if (k === 2) {
    x &= ~(1 << (31 - Math.clz32(x)));
    while (x === 0) x = oppAt(a, b, --v, ss, se);
  }
  return (v << 5) + 31 - Math.clz32(x);
}

/** Signature index of the k-th (1 or 2) opposite homozygote right of word w (walls included). */
function rightOpp(a: Signature, b: Signature, w: number, k: number, ss: number, se: number): number {
  let v = w + 1;
  let x = oppAt(a, b, v, ss, se);
  while (x === 0) x = oppAt(a, b, ++v, ss, se);
  if (k === 2) {
    x &= x - 1;
    while (x === 0) x = oppAt(a, b, ++v, ss, se);
  }
  return (v << 5) + 31 - Math.clz32(x & -x);
}

const found: Segment[] = [];

/**
 * The chromosomes (entries of `ctx.autosomes`) on which the pair can hold a half-identical segment:
 * scanned on the signatures, then confirmed on the full planes `q`, `g` of a small region only.
 * Around each clean signature word on the grid, the stretch runs to the second opposite homozygote
 * on either side; when the full-layout range inside it (up to the markers next to those) is long
 * enough in cM and markers for a segment with one breaking marker (the genotype-error tolerance),
 * the segment search (`half` thresholds) runs on that range. A segment with at most one breaking
 * marker therefore always keeps its chromosome; so does one its range finds.
 */
export function candidateChroms(
  ctx: MatchContext,
  q: PackedLike,
  g: PackedLike,
  qs: Signature,
  gs: Signature,
  bounds: SignatureBounds,
  half: SegmentThresholds,
): MatchContext['autosomes'] {
  const { cm } = ctx;
  const { minCM, present } = bounds;
  const out: MatchContext['autosomes'] = [];
  const hiA = qs.hi;
  const loA = qs.lo;
  const hiB = gs.hi;
  const loB = gs.lo;
  const qh = q.hi;
  const ql = q.lo;
  const gh = g.hi;
  const gl = g.lo;
  const fits = (s: number, e: number, lo: number, hi: number): boolean => {
    const i = Math.max(s, SIGNATURE_STEP * lo + 1);
    const j = Math.min(e - 1, SIGNATURE_STEP * hi - 1);
    return j > i && cm[j] - cm[i] >= minCM && presentIn(present, i, j) >= present.min;
  };
  for (const [c, entry] of ctx.autosomes.entries()) {
    const [chrom, s, e] = entry;
    const probes = bounds.probes[c];
    if (!probes) {
      found.length = 0;
      chromSegments(ctx, q, g, chrom, s, e, 'half', half, found);
      if (found.length > 0) out.push(entry);
      continue;
    }
    const ss = Math.ceil(s / SIGNATURE_STEP);
    const se = Math.ceil(e / SIGNATURE_STEP);
    const { start, len } = probes;
    let done = -1;
    probe: for (let t = 0; t < start.length; t++) {
      const w = start[t];
      if (w <= done) continue;
      for (let v = w + len[t] - 1; v >= w; v--) if ((hiA[v] ^ hiB[v]) & ~(loA[v] | loB[v])) continue probe;
      // The probe lies inside a segment, so its full-layout markers (but the last word's 3 after its
      // last signature marker) hold at most one breaking marker too.
      let breaks = 0;
      const f1 = SIGNATURE_STEP * (w + len[t]) - 1;
      for (let f = SIGNATURE_STEP * w; f < f1; f++) {
        const x = (qh[f] ^ gh[f]) & ~(ql[f] | gl[f]);
        if (x !== 0 && (x & (x - 1) || ++breaks > 1)) continue probe;
      }
      const l1 = leftOpp(qs, gs, w, 1, ss, se);
      const r1 = rightOpp(qs, gs, w, 1, ss, se);
      done = r1 >>> 5;
      const l2 = leftOpp(qs, gs, w, 2, ss, se);
      const r2 = rightOpp(qs, gs, w, 2, ss, se);
      if (!fits(s, e, l2, r1) && !fits(s, e, l1, r2)) continue;
      found.length = 0;
      chromSegments(ctx, q, g, chrom, Math.max(s, SIGNATURE_STEP * l2 + 1), Math.min(e, SIGNATURE_STEP * r2), 'half', half, found);
      if (found.length > 0) {
        out.push(entry);
        break;
      }
    }
  }
  return out;
}

/** Prefix counts of the stored markers the query layout carries too (`map` entry ≥ 0). */
export function presentPrefix(map: Int32Array): Int32Array {
  const prefix = new Int32Array(map.length + 1);
  for (let k = 0; k < map.length; k++) prefix[k + 1] = prefix[k] + (map[k] >= 0 ? 1 : 0);
  return prefix;
}
