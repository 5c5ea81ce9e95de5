import { cmForPanel } from '../geneticmap/index.ts';
import { AUTOSOMES, type Chrom } from '../types.ts';

/** What matching needs of the marker panel (the full Panel satisfies it). */
export interface PanelLike {
  id: string;
  size: number;
  chrom: Chrom[];
  pos: Int32Array;
  chromRange: Record<Chrom, [start: number, end: number]>;
}

/** What matching needs of a packed genome (PackedGenome satisfies it): code = (hi<<1)|lo per marker. */
export interface PackedLike {
  panelId?: string;
  n: number;
  hi: Uint32Array;
  lo: Uint32Array;
}

/**
 * Bit-planes as the comparison reads them: word w of the hi plane is hi[hiAt + w * step], of the lo
 * plane lo[loAt + w * step]. A PackedLike is step 1 at 0; a genome in a GenomeStore is interleaved
 * (hi and lo of a word side by side, step 2), so the skip search's few words a jump come from one
 * cache line instead of two.
 */
export interface Planes {
  hi: Uint32Array;
  lo: Uint32Array;
  hiAt: number;
  loAt: number;
  step: number;
}

export function planes(hi: Uint32Array, lo: Uint32Array, hiAt: number, loAt: number, step: number): Planes {
  return { hi, lo, hiAt, loAt, step };
}

/** A packed genome's planes as the comparison reads them (Planes are passed through). */
export function planesOf(g: PackedLike | Planes): Planes {
  return 'step' in g ? g : planes(g.hi, g.lo, 0, 0, 1);
}

/** Per-panel data computed once and shared by every comparison. */
export interface MatchContext {
  panel: PanelLike;
  cm: Float64Array;
  /** Autosomal chromosomes with markers: [chrom, first marker, end marker (exclusive)]. */
  autosomes: [Chrom, number, number][];
  /** Autosomal map length spanned by the panel's markers, cM. */
  totalCM: number;
}

const cache = new WeakMap<PanelLike, MatchContext>();

export function matchContext(panel: PanelLike): MatchContext {
  const hit = cache.get(panel);
  if (hit) return hit;
  const cm = cmForPanel(panel);
  const autosomes: [Chrom, number, number][] = [];
  let totalCM = 0;
  for (const c of AUTOSOMES) {
    const r = panel.chromRange[c];
    if (!r || r[1] - r[0] < 2) continue;
    autosomes.push([c, r[0], r[1]]);
    totalCM += cm[r[1] - 1] - cm[r[0]];
  }
  const ctx = { panel, cm, autosomes, totalCM };
  cache.set(panel, ctx);
  return ctx;
}
