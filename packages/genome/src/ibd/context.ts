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
 * Bit-planes as the comparison reads them: word w of the hi plane is hi[hiAt + w], of the lo plane
 * lo[loAt + w]. A PackedLike starts both at 0; a genome in a GenomeStore lies in a shared slab with
 * many others (hi words, then lo words), so the comparison reads it in place.
 */
export interface Planes {
  hi: Uint32Array;
  lo: Uint32Array;
  hiAt: number;
  loAt: number;
}

export function planes(hi: Uint32Array, lo: Uint32Array, hiAt: number, loAt: number): Planes {
  return { hi, lo, hiAt, loAt };
}

/** A packed genome's planes as the comparison reads them (Planes are passed through). */
export function planesOf(g: PackedLike | Planes): Planes {
  return 'hiAt' in g ? g : planes(g.hi, g.lo, 0, 0);
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
