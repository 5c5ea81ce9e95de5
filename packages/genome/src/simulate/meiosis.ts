import type { MatchContext } from '../ibd/context.ts';
import { type Chrom, CHROMS } from '../types.ts';
import type { Rng } from './rng.ts';

/** A stretch [s, e) of panel markers inherited from founder haplotype `src`. */
export interface Seg {
  s: number;
  e: number;
  src: number;
}

/** One haplotype: a segment list per recombining chromosome slot (0-21 = autosomes 1-22, 22 = X). */
export type Hap = Seg[][];

export const SLOTS: readonly Chrom[] = CHROMS.slice(0, 23);
export const X_SLOT = 22;

/** Segments of `list` clipped to [from, to). */
function slice(list: Seg[], from: number, to: number, out: Seg[]): void {
  for (const g of list) {
    if (g.e <= from || g.s >= to) continue;
    const s = Math.max(g.s, from);
    const e = Math.min(g.e, to);
    const prev = out[out.length - 1];
    if (prev && prev.src === g.src && prev.e === s) prev.e = e;
    else out.push({ s, e, src: g.src });
  }
}

/** First marker index in [s, e) whose cM is ≥ x. */
function indexAtCM(cm: Float64Array, s: number, e: number, x: number): number {
  let lo = s;
  let hi = e;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cm[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * One recombined chromosome from a parent's two copies: crossovers are Poisson with mean = map
 * length in Morgans, placed uniformly on the genetic map (no interference; sex-averaged map).
 */
export function recombine(ctx: MatchContext, a: Seg[], b: Seg[], s: number, e: number, rng: Rng): Seg[] {
  const cm = ctx.cm;
  const c0 = cm[s];
  const len = cm[e - 1] - c0;
  const k = rng.poisson(len / 100);
  const cuts: number[] = [];
  for (let i = 0; i < k; i++) cuts.push(indexAtCM(cm, s, e, c0 + rng.next() * len));
  cuts.sort((x, y) => x - y);
  const out: Seg[] = [];
  let from = s;
  let which = rng.int(2);
  for (const cut of cuts) {
    slice(which === 0 ? a : b, from, cut, out);
    from = cut;
    which ^= 1;
  }
  slice(which === 0 ? a : b, from, e, out);
  return out;
}
