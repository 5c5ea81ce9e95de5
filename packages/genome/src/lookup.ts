import { codeAt, type PackedGenome } from './pack.ts';
import { loadPanel, type Panel } from './panel.ts';
import { rsidTableOf } from './rsidTable.ts';
import { inSlices } from './slices.ts';
import { type Chrom, GenomeError, type NormalisedCall } from './types.ts';

/**
 * A genome's genotypes, called as methods of the object (a method taken off it has no `this`, which
 * the types refuse). The implementations are classes: the haplogroup and ancestry loops call them per
 * marker, and V8 keeps the code it optimized around one class's methods from genome to genome, where
 * closures made per genome had it drop and recompile those loops at every import.
 */
export interface Lookups extends RsidLookups {
  /** As byRsid, by GRCh37 position (Y and MT markers that lack rsids). */
  byPosition(this: Lookups, chrom: Chrom, pos37: number): string | null;
}

/** Genotypes by rsid only (what the reports read). */
export interface RsidLookups {
  /**
   * Alleles sorted alphabetically on the GRCh37 forward strand ("AG", "GG", "A" for a haploid call,
   * "DI" for indels), "--" for a no-call, null when the genome has no such marker.
   */
  byRsid(this: RsidLookups, rsid: string): string | null;
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

/**
 * Lookups over every call of a parsed genome (panel or not); the first call of a duplicate wins.
 * `byRsid`: the calls by rsid when already indexed (a parse's ParsedFile.byRsid).
 */
export function lookupsFromCalls(calls: NormalisedCall[], byRsid?: RsidIndex): Lookups {
  return new CallLookups(calls, byRsid ?? null);
}

/** Call indexes by rsid (RsidTable, CallsByRsid): the first call with it, or -1. */
interface RsidIndex {
  get(rsid: string): number;
}

class CallLookups implements Lookups {
  private readonly calls: NormalisedCall[];
  /** Given, or built on first use: reports often need only a handful of markers. */
  private rsidIndex: RsidIndex | null;
  /**
   * Per chromosome, keyed by the position itself, each built when its chromosome is first asked for:
   * an import asks only for Y and MT (the haplogroups), and an index over all 630,000 calls of a
   * 23andMe file allocated ~52 MB.
   */
  private readonly posIndex = new Map<Chrom, Map<number, number>>();

  constructor(calls: NormalisedCall[], byRsid: RsidIndex | null) {
    this.calls = calls;
    this.rsidIndex = byRsid;
  }

  byRsid(rsid: string): string | null {
    this.rsidIndex ??= rsidTableOf(this.calls);
    return this.at(this.rsidIndex.get(rsid));
  }

  byPosition(chrom: Chrom, pos37: number): string | null {
    let onChrom = this.posIndex.get(chrom);
    if (!onChrom) {
      onChrom = inSlices(this.calls.length, { calls: this.calls, chrom, index: new Map() }, positionSlice).index;
      this.posIndex.set(chrom, onChrom);
    }
    return this.at(onChrom.get(pos37));
  }

  private at(k: number | undefined): string | null {
    return k === undefined || k < 0 ? null : genotypeString(this.calls[k].a1, this.calls[k].a2);
  }
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
  return new PackedLookups(g, panel);
}

class PackedLookups implements Lookups {
  private readonly g: PackedGenome;
  private readonly panel: Panel;

  constructor(g: PackedGenome, panel: Panel) {
    this.g = g;
    this.panel = panel;
  }

  byRsid(rsid: string): string | null {
    return this.at(this.panel.indexOfRsid(rsid));
  }

  byPosition(chrom: Chrom, pos37: number): string | null {
    return this.at(this.panel.indexOfPosition(chrom, pos37));
  }

  private at(k: number): string | null {
    if (k < 0) return null;
    const { g, panel } = this;
    const code = codeAt(g, k);
    if (code === 3) return '--';
    const chrom: Chrom = panel.chrom[k];
    const haploid = chrom === 'Y' || chrom === 'MT' || (chrom === 'X' && g.sex === 'male' && !inXPar(panel.pos[k]));
    const ref = panel.ref[k];
    const alt = panel.alt[k];
    if (code === 1) return genotypeString(ref, alt);
    const base = code === 0 ? ref : alt;
    return haploid ? base : base + base;
  }
}
