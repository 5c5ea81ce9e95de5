import { codeAt, type PackedGenome } from './pack.ts';
import { loadPanel, type Panel } from './panel.ts';
import { type RsidTable, rsidTableOf } from './rsidTable.ts';
import { inSlices } from './slices.ts';
import { type Chrom, GenomeError, type GenotypeLookup, type NormalisedCall, type PositionLookup } from './types.ts';

export interface Lookups {
  byRsid: GenotypeLookup;
  byPosition: PositionLookup;
}

/** GRCh37 pseudo-autosomal regions of X, where males are diploid. */
export function inXPar(pos37: number): boolean {
  return (pos37 >= 60_001 && pos37 <= 2_699_520) || (pos37 >= 154_931_044 && pos37 <= 155_260_560);
}

/** A call as the lookups print it: alleles sorted, one letter when haploid, '--' for a no-call. */
export function genotypeString(a1: string, a2: string): string {
  if (a1 === '-' || a1 === '') return '--';
  if (a2 === '') return a1;
  return a1 <= a2 ? a1 + a2 : a2 + a1;
}

/** Lookups over every call of a parsed genome (panel or not); the first call of a duplicate wins. */
export function lookupsFromCalls(calls: NormalisedCall[]): Lookups {
  // Indexes are built on first use: reports often need only a handful of markers.
  let rsidIndex: RsidTable | null = null;
  // Per chromosome, keyed by the position itself, each built when its chromosome is first asked for:
  // an import asks only for Y and MT (the haplogroups), and an index over all 630,000 calls of a
  // 23andMe file allocated ~52 MB.
  const posIndex = new Map<Chrom, Map<number, number>>();
  const at = (k: number | undefined) => (k === undefined || k < 0 ? null : genotypeString(calls[k].a1, calls[k].a2));
  return {
    byRsid(rsid) {
      rsidIndex ??= rsidTableOf(calls);
      return at(rsidIndex.get(rsid));
    },
    byPosition(chrom, pos37) {
      let onChrom = posIndex.get(chrom);
      if (!onChrom) {
        onChrom = inSlices(calls.length, { calls, chrom, index: new Map() }, positionSlice).index;
        posIndex.set(chrom, onChrom);
      }
      return at(onChrom.get(pos37));
    },
  };
}

function positionSlice(s: { calls: NormalisedCall[]; chrom: Chrom; index: Map<number, number> }, from: number, to: number): void {
  const { calls, chrom, index } = s;
  for (let k = from; k < to; k++) {
    const c = calls[k];
    if (c.chrom === chrom && !index.has(c.pos)) index.set(c.pos, k);
  }
}

/**
 * Lookups over a packed genome: only panel markers are known. Code 3 (no-call or absent) reads as
 * '--'. Y, MT and, for males, X outside the PAR read as haploid, since they were packed homozygous.
 */
export function lookupsFromPacked(g: PackedGenome, panel: Panel = loadPanel()): Lookups {
  if (g.panelId !== panel.id || g.n !== panel.size) {
    throw new GenomeError('BAD_ARGUMENT', `基因组数据使用的标记面板 ${g.panelId} 与当前面板 ${panel.id} 不一致`);
  }
  const at = (k: number): string | null => {
    if (k < 0) return null;
    const code = codeAt(g, k);
    if (code === 3) return '--';
    const chrom: Chrom = panel.chrom[k];
    const haploid = chrom === 'Y' || chrom === 'MT' || (chrom === 'X' && g.sex === 'male' && !inXPar(panel.pos[k]));
    const ref = panel.ref[k];
    const alt = panel.alt[k];
    if (code === 1) return genotypeString(ref, alt);
    const base = code === 0 ? ref : alt;
    return haploid ? base : base + base;
  };
  return {
    byRsid: (rsid) => at(panel.indexOfRsid(rsid)),
    byPosition: (chrom, pos37) => at(panel.indexOfPosition(chrom, pos37)),
  };
}
