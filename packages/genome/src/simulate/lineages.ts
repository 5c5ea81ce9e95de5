import { type CompiledTree, compiledMtTree, compiledYTree, haplogroupMarkerPositions, pathIndexes } from '../haplogroups/tree.ts';
import type { Panel } from '../panel.ts';
import type { Rng } from './rng.ts';

/**
 * Paternal (Y) and maternal (mt) lineages of simulated founders. Each pool haplotype carries one
 * haplogroup drawn from these lists: its Y and MT markers read the derived allele of every marker on
 * the haplogroup's path from the root and the root's (ancestral) allele everywhere else, as a real
 * carrier of that branch would, so the haplogroup callers find the branch again.
 *
 * The branches are common ones among Han Chinese; the weights only give the draw a plausible shape
 * (Y mostly O2 and O1, some C2, N, Q, D; mt mostly D4, B4, F1, M7, A, N9a) and are not a published
 * frequency table.
 */
export const SIMULATED_Y_LINEAGES: readonly (readonly [haplogroup: string, weight: number])[] = [
  ['O2a2b1a1a', 8], // O-M133, under O-M117
  ['O2a1b1a1a1a', 8], // O-F11
  ['O2a2b1a2a', 5], // O-F114
  ['O2a2a1a2a', 4], // O-CTS10944, under O-M7
  ['O2a2a1a1', 3], // O-CTS201
  ['O1a1a1a1a', 4], // O-F81
  ['O1b1a1a1a', 3], // O-F1252, under O-M95
  ['O1b2a1', 1], // O-CTS9259, under O-P49
  ['C2b1', 3], // C-F2613
  ['C2a1', 2], // C-F3447
  ['N1a1', 2], // N-M46
  ['Q1a1', 1], // Q-F746
  ['D1a1', 1], // D-F6251
  ['R1a1a', 1], // R-M512
];

export const SIMULATED_MT_LINEAGES: readonly (readonly [haplogroup: string, weight: number])[] = [
  ['D4a', 4],
  ['D4b2', 4],
  ['D5a', 2],
  ['B4a', 4],
  ['B4b', 2],
  ['B4c1', 2],
  ['B5a', 2],
  ['F1a', 3],
  ['F1b', 1],
  ['M7b', 3],
  ['M7c', 2],
  ['A5a', 1],
  ['N9a', 2],
  ['G1a', 1],
  ['M8a', 1],
  ['C4', 1],
  ['Z3', 1],
  ['Y1', 1],
];

/** A weighted draw from one of the lists above. */
export function drawLineage(rng: Rng, list: readonly (readonly [string, number])[]): string {
  const total = list.reduce((s, [, w]) => s + w, 0);
  let x = rng.next() * total;
  for (const [name, w] of list) {
    x -= w;
    if (x < 0) return name;
  }
  return list[list.length - 1][0];
}

/**
 * The allele a carrier of `haplogroup` has at every position the tree reads: the root's state, then
 * each node's derived alleles from the root down (so back mutations deeper on the path win).
 */
export function lineageAlleles(t: CompiledTree, haplogroup: string): Map<number, string> {
  const node = t.index.get(haplogroup);
  if (node === undefined) throw new Error(`unknown ${t.kind} haplogroup ${haplogroup}`);
  const state = new Map<number, string>();
  // Markers are grouped by node and parents come before children, so a position's first marker is
  // its shallowest one and its ancestral allele is the root's state.
  for (let i = 0; i < t.pos.length; i++) if (!state.has(t.pos[i])) state.set(t.pos[i], t.anc[i]);
  for (const n of pathIndexes(t, node)) {
    for (let i = t.markerStart[n]; i < t.markerStart[n + 1]; i++) state.set(t.pos[i], t.der[i]);
  }
  return state;
}

/**
 * Writes a lineage into the Y or MT range of one pool haplotype (bit = alternate allele) and returns
 * the markers where the lineage's allele is neither of the panel's two (a deletion, or a derived
 * base the panel does not list): a chip reads those as no-calls, so the genotypes must too. Panel
 * markers the tree does not read are set to the reference allele: chips' Y and MT markers are mostly
 * the trees' own, and a lineage is the same at every marker in all its carriers.
 */
export function writeLineage(
  bits: Uint32Array,
  panel: Pick<Panel, 'chromRange' | 'pos' | 'ref' | 'alt'>,
  chrom: 'Y' | 'MT',
  alleles: Map<number, string>,
): Int32Array {
  const [s, e] = panel.chromRange[chrom];
  const unread: number[] = [];
  for (let k = s; k < e; k++) {
    const m = 1 << (k & 31);
    const allele = alleles.get(panel.pos[k]);
    if (allele === panel.alt[k]) bits[k >>> 5] |= m;
    else bits[k >>> 5] &= ~m;
    if (allele !== undefined && allele !== panel.ref[k] && allele !== panel.alt[k]) unread.push(k);
  }
  return Int32Array.from(unread);
}

/**
 * Whether a panel lists most of the trees' Y and MT sites (the shipped panel does; synthetic test
 * panels place their markers anywhere): only then can a lineage be written on it and called back.
 */
export function carriesTreeMarkers(panel: Pick<Panel, 'indexOfPosition'>): boolean {
  const { Y, MT } = haplogroupMarkerPositions();
  const share = (chrom: 'Y' | 'MT', list: number[]) => list.filter((p) => panel.indexOfPosition(chrom, p) >= 0).length / list.length;
  return share('Y', Y) >= 0.5 && share('MT', MT) >= 0.5;
}

const cache = new Map<string, Map<number, string>>();

/** lineageAlleles on the shipped trees, kept per haplogroup (a population reuses each many times). */
export function shippedLineageAlleles(chrom: 'Y' | 'MT', haplogroup: string): Map<number, string> {
  const key = `${chrom}:${haplogroup}`;
  let found = cache.get(key);
  if (!found) {
    found = lineageAlleles(chrom === 'Y' ? compiledYTree() : compiledMtTree(), haplogroup);
    cache.set(key, found);
  }
  return found;
}
