import type { RawCall } from '../types.ts';
import type { Family, Person } from './family.ts';
import { SLOTS, X_SLOT } from './meiosis.ts';
import { copyBits } from './population.ts';

export interface SimulatedGenome {
  panelId: string;
  n: number;
  sex: 'male' | 'female';
  hi: Uint32Array;
  lo: Uint32Array;
}

export interface GenotypeOptions {
  /** Fraction of markers left uncalled (default 0.005, typical of a good chip). */
  noCallRate?: number;
  /** Fraction of called markers miscalled (default 0.0002). */
  errorRate?: number;
}

function haplotypeBits(fam: Family, p: Person, which: 0 | 1): Uint32Array {
  const bits = new Uint32Array((fam.pop.panel.size + 31) >>> 5);
  const hap = p.haps[which];
  for (let slot = 0; slot < SLOTS.length; slot++) {
    for (const seg of hap[slot]) {
      for (const c of fam.chunks(seg.src, slot)) {
        if (c.e <= seg.s || c.s >= seg.e) continue;
        copyBits(bits, fam.pop.pool[c.pool], Math.max(c.s, seg.s), Math.min(c.e, seg.e));
      }
    }
  }
  return bits;
}

/**
 * Packed genotypes of one simulated person (code = (hi<<1)|lo: 0 hom ref, 1 het, 2 hom alt,
 * 3 no-call). Male X, Y and MT are haploid and coded as homozygous; a woman's Y is uncalled.
 */
export function genotypesOf(fam: Family, p: Person, opts: GenotypeOptions = {}): SimulatedGenome {
  const panel = fam.pop.panel;
  const n = panel.size;
  const words = (n + 31) >>> 5;
  const a = haplotypeBits(fam, p, 0);
  const b = haplotypeBits(fam, p, 1);
  const hi = new Uint32Array(words);
  const lo = new Uint32Array(words);
  for (let w = 0; w < words; w++) {
    hi[w] = a[w] & b[w];
    lo[w] = a[w] ^ b[w];
  }
  const setCode = (k: number, code: number) => {
    const m = 1 << (k & 31);
    const w = k >>> 5;
    hi[w] = code & 2 ? hi[w] | m : hi[w] & ~m;
    lo[w] = code & 1 ? lo[w] | m : lo[w] & ~m;
  };
  const bit = (bits: Uint32Array, k: number) => (bits[k >>> 5] >>> (k & 31)) & 1;
  if (p.sex === 'male') {
    const [xs, xe] = panel.chromRange[SLOTS[X_SLOT]];
    for (let k = xs; k < xe; k++) setCode(k, bit(b, k) * 2);
  }
  const [ys, ye] = panel.chromRange.Y;
  for (let k = ys; k < ye; k++) setCode(k, p.sex === 'male' ? bit(fam.pop.pool[p.yPool], k) * 2 : 3);
  const [ms, me] = panel.chromRange.MT;
  for (let k = ms; k < me; k++) setCode(k, bit(fam.pop.pool[p.mtPool], k) * 2);
  // Sites where the lineage carries an allele the panel does not list read as no-calls on a chip.
  if (p.sex === 'male') for (const k of fam.pop.yUnread[p.yPool]) setCode(k, 3);
  for (const k of fam.pop.mtUnread[p.mtPool]) setCode(k, 3);
  // Padding past the last marker reads as "not on the file".
  for (let k = n; k < words * 32; k++) setCode(k, 3);
  const rng = fam.rng;
  const errors = rng.poisson(n * (opts.errorRate ?? 0.0002));
  for (let i = 0; i < errors; i++) {
    const k = rng.int(n);
    const code = ((hi[k >>> 5] >>> (k & 31)) & 1) * 2 + ((lo[k >>> 5] >>> (k & 31)) & 1);
    if (code !== 3) setCode(k, (code + 1 + rng.int(2)) % 3);
  }
  const noCalls = rng.poisson(n * (opts.noCallRate ?? 0.005));
  for (let i = 0; i < noCalls; i++) setCode(rng.int(n), 3);
  return { panelId: panel.id, n, sex: p.sex, hi, lo };
}

/** The genome as forward-strand calls on GRCh37 (for the vendor-file writers). */
export function callsOf(fam: Family, g: SimulatedGenome): RawCall[] {
  const panel = fam.pop.panel as typeof fam.pop.panel & { rsid: string[]; ref: string[]; alt: string[] };
  const calls: RawCall[] = new Array(g.n);
  const haploid = (k: number) => {
    const c = panel.chrom[k];
    return c === 'MT' || c === 'Y' || (c === 'X' && g.sex === 'male');
  };
  for (let k = 0; k < g.n; k++) {
    const code = ((g.hi[k >>> 5] >>> (k & 31)) & 1) * 2 + ((g.lo[k >>> 5] >>> (k & 31)) & 1);
    const r = panel.ref[k];
    const x = panel.alt[k];
    let a1: string;
    let a2: string;
    if (code === 3) [a1, a2] = ['-', '-'];
    else if (haploid(k)) [a1, a2] = [code === 2 ? x : r, ''];
    else [a1, a2] = code === 0 ? [r, r] : code === 1 ? [r, x] : [x, x];
    calls[k] = { rsid: panel.rsid[k], chrom: panel.chrom[k], pos: panel.pos[k], a1, a2 };
  }
  return calls;
}
