import { type AncestryMix, ancestryFrequencies } from '../ancestry/simulate.ts';
import { matchContext, type PanelLike } from '../ibd/context.ts';
import type { Panel } from '../panel.ts';
import {
  carriesTreeMarkers,
  drawLineage,
  SIMULATED_MT_LINEAGES,
  SIMULATED_Y_LINEAGES,
  shippedLineageAlleles,
  writeLineage,
} from './lineages.ts';
import type { Chrom } from '../types.ts';
import type { Rng } from './rng.ts';

/**
 * Ancestry of simulated founders at the panel's ancestry-reference markers: half northern Han (1000
 * Genomes CHB), half southern Han (CHS), as a stand-in for the product's typical user.
 */
export const DEFAULT_SIMULATED_ANCESTRY: AncestryMix = { han_north: 0.5, han_south: 0.5 };

/**
 * The founder population. Honest about what it is: allele frequencies are synthetic (drawn from a
 * U-shaped Beta(0.5, 0.5) law moved into [0.02, 0.98], the shape of chip markers' frequency spectrum)
 * except at the ancestry-reference markers (real frequencies of `ancestry`, default
 * DEFAULT_SIMULATED_ANCESTRY) and where real frequencies are supplied; linkage disequilibrium comes from building
 * every founder haplotype as a mosaic of a small pool of ancestral haplotypes, so unrelated people
 * share realistic short (mostly < 3 cM) segments by descent from the pool.
 */
export interface PopulationOptions {
  /** Ancestral haplotypes in the pool (default 128). */
  poolSize?: number;
  /** Mean length of a mosaic chunk in cM (default 1). */
  chunkCM?: number;
  /**
   * Reference-group mix the founders descend from at the ancestry-reference markers (default
   * DEFAULT_SIMULATED_ANCESTRY; null keeps those markers synthetic too).
   */
  ancestry?: AncestryMix | null;
  /**
   * Real alternate-allele frequencies (of the panel's `alt` allele) keyed `${chrom}:${pos37}` (e.g.
   * from the knowledge base), applied last; markers the panel lacks are ignored.
   */
  freqAt?: ReadonlyMap<string, number>;
}

export interface Population {
  panel: PanelLike;
  /** Alternate-allele frequency per marker. */
  freq: Float32Array;
  /** Pool haplotypes as bitsets over the panel (bit = alternate allele). */
  pool: Uint32Array[];
  /**
   * Y and mt haplogroup each pool haplotype's Y and MT markers carry (lineages.ts); null when the
   * panel lacks the trees' sites (synthetic test panels), whose Y and MT then stay synthetic.
   */
  yLineage: (string | null)[];
  mtLineage: (string | null)[];
  /** Per pool haplotype, its Y and MT markers a chip cannot read for its lineage (see writeLineage). */
  yUnread: Int32Array[];
  mtUnread: Int32Array[];
  chunkCM: number;
}

export function createPopulation(panel: PanelLike, rng: Rng, opts: PopulationOptions = {}): Population {
  const n = panel.size;
  const words = (n + 31) >>> 5;
  const freq = new Float32Array(n);
  for (let k = 0; k < n; k++) {
    const s = Math.sin((Math.PI / 2) * rng.next());
    freq[k] = 0.02 + 0.96 * s * s;
  }
  const ancestry = opts.ancestry === undefined ? DEFAULT_SIMULATED_ANCESTRY : opts.ancestry;
  // Overrides replace values after the draws, so the random stream (and every other marker) is the
  // same whatever the overrides are.
  // A simulation panel knows East Asian frequencies of its HapMap3 markers (simulate/chips.ts); the
  // ancestry mix is more specific where it has a marker; explicit frequencies come last.
  applyFreqAt(panel, freq, (panel as { easFreq?: ReadonlyMap<string, number> }).easFreq);
  if (ancestry && isPanel(panel)) for (const [k, p] of ancestryFrequencies(panel, ancestry)) freq[k] = p;
  applyFreqAt(panel, freq, opts.freqAt);
  const size = opts.poolSize ?? 128;
  const pool: Uint32Array[] = [];
  for (let j = 0; j < size; j++) {
    const bits = new Uint32Array(words);
    for (let k = 0; k < n; k++) if (rng.next() < freq[k]) bits[k >>> 5] |= 1 << (k & 31);
    pool.push(bits);
  }
  // Drawn after everything else, from a stream of their own, so autosomes stay what they were.
  const yLineage: (string | null)[] = new Array(size).fill(null);
  const mtLineage: (string | null)[] = new Array(size).fill(null);
  const yUnread: Int32Array[] = new Array(size).fill(new Int32Array(0));
  const mtUnread: Int32Array[] = new Array(size).fill(new Int32Array(0));
  if (isPanel(panel) && carriesTreeMarkers(panel)) {
    const lineages = rng.fork();
    for (let j = 0; j < size; j++) {
      yLineage[j] = drawLineage(lineages, SIMULATED_Y_LINEAGES);
      mtLineage[j] = drawLineage(lineages, SIMULATED_MT_LINEAGES);
      yUnread[j] = writeLineage(pool[j], panel, 'Y', shippedLineageAlleles('Y', yLineage[j] as string));
      mtUnread[j] = writeLineage(pool[j], panel, 'MT', shippedLineageAlleles('MT', mtLineage[j] as string));
    }
  }
  matchContext(panel); // warm the cM table shared with matching
  return { panel, freq, pool, yLineage, mtLineage, yUnread, mtUnread, chunkCM: opts.chunkCM ?? 1 };
}

function isPanel(p: PanelLike): p is PanelLike & Pick<Panel, 'ref' | 'alt' | 'indexOfPosition'> {
  return typeof (p as Partial<Panel>).indexOfPosition === 'function' && Array.isArray((p as Partial<Panel>).alt);
}

/** Copy bits [start, end) from src to dst (same offsets). */
export function copyBits(dst: Uint32Array, src: Uint32Array, start: number, end: number): void {
  if (end <= start) return;
  const w0 = start >>> 5;
  const w1 = (end - 1) >>> 5;
  for (let w = w0; w <= w1; w++) {
    let mask = -1;
    if (w === w0) mask &= -1 << (start & 31);
    if (w === w1 && (end & 31) !== 0) mask &= (1 << (end & 31)) - 1;
    dst[w] = (dst[w] & ~mask) | (src[w] & mask);
  }
}

function applyFreqAt(panel: PanelLike, freq: Float32Array, table: ReadonlyMap<string, number> | undefined): void {
  if (!table || !isPanel(panel)) return;
  for (const [key, p] of table) {
    const colon = key.indexOf(':');
    const k = panel.indexOfPosition(key.slice(0, colon) as Chrom, Number(key.slice(colon + 1)));
    if (k >= 0) freq[k] = p;
  }
}
