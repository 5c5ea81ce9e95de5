import { estimateAdmixture, MIN_ANCESTRY_MARKERS } from './ancestry/estimate.ts';
import { type AncestryReference, loadAncestryReference } from './ancestry/reference.ts';
import { OVERLAP_FLOOR } from './ibd/layouts.ts';
import { qcOf } from './qc.ts';
import { inSlices } from './slices.ts';
import { AUTOSOMES, CHROMS, type Chrom, indexInHead, type NormalisedCall, type Sex, type Vendor } from './types.ts';
import { GRCH37_LENGTH } from './write/index.ts';

/**
 * The plausibility gate of gene relatives: does a parsed file look like what a lab's chip produced for
 * one real person? Files no lab produced (all-heterozygous, random genotypes, windows pasted into a
 * genome) are how the published attacks on matching services work (Ney, Ceze and Kohno, NDSS 2020;
 * Edge and Coop, PLOS Biology 2020), so a genome that fails never enters matching.
 *
 * Judged on the parsed calls only (never on the marker panel the engine packs against):
 * - autosomal heterozygosity and the no-call rate against the range real chip files show;
 * - agreement with real population allele frequencies: the genotypes at the ancestry reference's
 *   markers (1000 Genomes / HGDP frequencies of 9 groups) are scored under Hardy-Weinberg at the
 *   admixture mix that fits them best; a real person's log-likelihood lies near what that mix
 *   predicts, a forged file's lies far below (as a z-score), and genotypes that are (near) impossible
 *   under every group are counted;
 * - X heterozygosity against the stated and the inferred sex;
 * - the marker layout (marker count, chromosome coverage) against the vendor the file claims.
 *
 * A file with fewer autosomal markers than matching needs with anyone (OVERLAP_FLOOR) is not
 * judged at all: it cannot be matched, so it is kept out for that plain reason (TOO_FEW_MARKERS)
 * rather than suspected of forgery (a real sequencing subset or a small panel would fail the chip
 * ranges below without being forged).
 */

export type PlausibilityCode =
  | 'HETEROZYGOSITY'
  | 'NO_CALLS'
  | 'POPULATION_MISMATCH'
  | 'POPULATION_UNVERIFIABLE'
  | 'SEX_INCONSISTENT'
  | 'VENDOR_LAYOUT'
  | 'TOO_FEW_MARKERS';

/**
 * Limits of the gate. Heterozygosity and the population figures were measured on the engine's
 * realistic simulated genomes (test/plausibility.test.ts prints them) and set with a wide margin on
 * either side; marker counts follow the chips' published sizes (data/SOURCES.md, "Plausibility gate").
 */
export const PLAUSIBILITY_LIMITS = {
  /** Share of called autosomal markers that are heterozygous. */
  minHeterozygosity: 0.1,
  maxHeterozygosity: 0.45,
  /**
   * Heterozygosity of any window of windowMarkers consecutive called autosomal markers: a window
   * forged all-heterozygous is half-identical to everyone, the probe of the extraction attacks.
   */
  windowMarkers: 500,
  maxWindowHeterozygosity: 0.6,
  /** Share of markers not called (reports need at most 10%, qc.ts MIN_CALL_RATE). */
  maxNoCallRate: 0.1,
  /** Ancestry-reference markers a file must carry to be judged against population frequencies. */
  minReferenceMarkers: MIN_ANCESTRY_MARKERS,
  /** Log-likelihood z-score under the best-fitting mix below which no reference group explains the file. */
  minPopulationZ: -12,
  /** More heterozygous markers than the most heterozygous parentage predicts, as a z-score, fails. */
  maxHetExcessZ: 8,
  /** X heterozygosity outside the PAR no real genome shows (46,XX chip files show 10-30%). */
  maxXHeterozygosity: 0.45,
  /** Each autosome must carry at least this share of the markers its length predicts. */
  minChromCoverage: 0.25,
} as const;

/** Marker counts a raw-data export of each vendor's chips can plausibly have (published chip sizes with a margin). */
export const VENDOR_MARKERS: Record<Vendor, { min: number; max: number; name: string }> = {
  '23andme': { min: 500_000, max: 1_100_000, name: '23andMe' },
  wegene: { min: 400_000, max: 1_100_000, name: 'WeGene' },
  ancestry: { min: 500_000, max: 900_000, name: 'AncestryDNA' },
  myheritage: { min: 500_000, max: 900_000, name: 'MyHeritage' },
  ftdna: { min: 500_000, max: 900_000, name: 'FamilyTreeDNA' },
  livingdna: { min: 450_000, max: 900_000, name: 'Living DNA' },
  vcf: { min: 300_000, max: 50_000_000, name: 'VCF' },
};

export interface PlausibilityFigures {
  markers: number;
  /** Autosomal markers in the file, called or not (what a chip layout carries for matching). */
  autosomalMarkers: number;
  noCallRate: number;
  heterozygosity: number;
  xHeterozygosity: number | null;
  yCallRate: number | null;
  inferredSex: Sex;
  /** Ancestry-reference markers scored (0 when too few to judge). */
  referenceMarkers: number;
  /** Log-likelihood z-score under the best-fitting reference mix; null when not judged. */
  populationZ: number | null;
  /** Heterozygosity at the reference markers over the most any parentage predicts (z); null when not judged. */
  hetExcessZ: number | null;
  /** Heterozygosity of the most heterozygous window (windowMarkers called autosomal markers). */
  maxWindowHeterozygosity: number;
  /** The autosome with the fewest markers for its length, as a share of what its length predicts. */
  minChromCoverage: number;
}

export interface PlausibilityReason {
  code: PlausibilityCode;
  /** For the owner: Chinese, naming the figure and the range. */
  message: string;
}

export interface PlausibilityResult {
  ok: boolean;
  /**
   * False when the file carries too few markers to be matched with anyone: then the only reason is
   * TOO_FEW_MARKERS and the forgery checks were not run (nothing to review).
   */
  matchable: boolean;
  reasons: PlausibilityReason[];
  figures: PlausibilityFigures;
}

export interface PlausibilityInput {
  vendor: Vendor;
  calls: NormalisedCall[];
  /** The sex the owner gave the person (null: not stated). */
  statedSex?: 'male' | 'female' | null;
  reference?: AncestryReference;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
/**
 * Called X markers below which sex is not judged: consumer chips read some 15,000-30,000 X markers;
 * a file with a few hundred (e.g. only the report markers, mostly rare variants that everyone carries
 * homozygous) shows no heterozygosity whatever the sex.
 */
const MIN_X_FOR_SEX_CHECK = 1000;

const SEX_NAME: Record<Sex, string> = { male: '男性', female: '女性', unknown: '无法判断' };

export interface PopulationAgreement {
  /** Reference markers scored. */
  used: number;
  /** Log-likelihood z-score under the best-fitting mix; null with fewer than minReferenceMarkers. */
  z: number | null;
  /**
   * Heterozygous markers over the most any parentage predicts: the z-score of the count against the
   * pair of groups (one per parent, the same group twice included) that expects the most; null when not judged.
   */
  hetExcessZ: number | null;
}

/**
 * Scores alt-allele counts at the reference's markers (ancestryGenotypes; -1 = absent). Two sides:
 * too unlikely under Hardy-Weinberg at the best-fitting mix (random or invented genotypes: z far
 * below 0), and more heterozygous than even a child of the two most different groups would be
 * (all-heterozygous files; a first-generation mixed child scores high on the first z, which is why
 * heterozygosity is judged per parent pair instead).
 */
export function populationAgreement(genotypes: Int8Array, reference: AncestryReference = loadAncestryReference()): PopulationAgreement {
  let used = 0;
  for (const g of genotypes) if (g >= 0) used++;
  if (used < PLAUSIBILITY_LIMITS.minReferenceMarkers) return { used, z: null, hetExcessZ: null };
  const K = reference.populations.length;
  const q = estimateAdmixture(genotypes, { reference, replicates: 0 }).populations.map((p) => p.share);
  const s: Agreement = {
    K,
    q,
    freq: reference.freq,
    pairMean: new Float64Array(K * K),
    pairVar: new Float64Array(K * K),
    probs: [0, 0, 0],
    ll: 0,
    mean: 0,
    variance: 0,
    hets: 0,
  };
  // Marker by marker through a function: V8 compiled the loop over markers as on-stack-replacement
  // code for its inner loop, left at the end of every marker (some 7,000 deoptimizations per import).
  for (let i = 0; i < genotypes.length; i++) if (genotypes[i] >= 0) scoreMarker(s, i, genotypes[i]);
  const { pairMean, pairVar, hets, ll, mean, variance } = s;
  let hetExcessZ = Number.POSITIVE_INFINITY;
  for (let a = 0; a < K; a++) {
    for (let b = a; b < K; b++) hetExcessZ = Math.min(hetExcessZ, (hets - pairMean[a * K + b]) / Math.sqrt(pairVar[a * K + b]));
  }
  return { used, z: (ll - mean) / Math.sqrt(variance), hetExcessZ };
}

interface Agreement {
  K: number;
  /** The best-fitting mix's shares, one per reference population. */
  q: number[];
  freq: AncestryReference['freq'];
  pairMean: Float64Array;
  pairVar: Float64Array;
  probs: number[];
  ll: number;
  mean: number;
  variance: number;
  hets: number;
}

function scoreMarker(s: Agreement, i: number, g: number): void {
  const { K, q, freq, pairMean, pairVar, probs } = s;
  if (g === 1) s.hets++;
  let p = 0;
  for (let a = 0; a < K; a++) {
    const fa = freq[i * K + a];
    p += q[a] * fa;
    for (let b = a; b < K; b++) {
      const fb = freq[i * K + b];
      const h = fa * (1 - fb) + fb * (1 - fa);
      pairMean[a * K + b] += h;
      pairVar[a * K + b] += h * (1 - h);
    }
  }
  p = Math.min(Math.max(p, 1e-6), 1 - 1e-6);
  let e = 0;
  let e2 = 0;
  for (let h = 0; h < 3; h++) {
    probs[h] = hwe(p, h);
    const l = Math.log(probs[h]);
    e += probs[h] * l;
    e2 += probs[h] * l * l;
  }
  s.ll += Math.log(probs[g]);
  s.mean += e;
  s.variance += e2 - e * e;
}

/**
 * Alt-allele counts at the reference's markers, found by GRCh37 position (as ancestryGenotypes does,
 * but keyed by number so a 600,000-call file needs no string index): -1 where absent, uncalled or
 * with other alleles than the reference's two.
 */
function referenceGenotypes(calls: NormalisedCall[], reference: AncestryReference): Int8Array {
  // Per chromosome, keyed by the position (a small integer): a chrom × 1e9 + pos key was a heap
  // number per call (~8 MB per 23andMe file).
  const at = new Map<Chrom, Map<number, number>>(CHROMS.map((c) => [c, new Map()]));
  for (let i = 0; i < reference.size; i++) at.get(reference.chrom[i])?.set(reference.pos[i], i);
  const out = new Int8Array(reference.size).fill(-1);
  inSlices(calls.length, { calls, reference, at, out, seen: new Uint8Array(reference.size) }, genotypeSlice);
  return out;
}

function genotypeSlice(
  s: { calls: NormalisedCall[]; reference: AncestryReference; at: Map<Chrom, Map<number, number>>; out: Int8Array; seen: Uint8Array },
  from: number,
  to: number,
): void {
  const { calls, reference, at, out, seen } = s;
  // Indexed, not for-of: that loop allocated an iterator result per call (~25 MB per 23andMe file).
  for (let j = from; j < to; j++) {
    const c = calls[j];
    const i = at.get(c.chrom)?.get(c.pos);
    if (i === undefined || seen[i]) continue;
    seen[i] = 1; // the first call of a duplicated position wins, as in the lookups
    if (c.a1 === '-' || c.a2 === '') continue;
    const ref = reference.ref[i];
    const alt = reference.alt[i];
    if ((c.a1 === alt || c.a1 === ref) && (c.a2 === alt || c.a2 === ref)) out[i] = (c.a1 === alt ? 1 : 0) + (c.a2 === alt ? 1 : 0);
  }
}

/** Hardy-Weinberg probability of g alt copies at alt frequency f. */
function hwe(f: number, g: number): number {
  return g === 0 ? (1 - f) * (1 - f) : g === 1 ? 2 * f * (1 - f) : f * f;
}

/** The highest heterozygosity of any run of `size` consecutive called markers of one autosome. */
function maxWindowHeterozygosity(calls: NormalisedCall[], size: number): number {
  const s: Window = { calls, size, ring: new Uint8Array(size), chrom: null, filled: 0, hets: 0, most: 0 };
  // Divided once at the end: a ratio per call was a heap number per call (~10 MB per 23andMe file).
  return inSlices(calls.length, s, windowSlice).most / size;
}

interface Window {
  calls: NormalisedCall[];
  size: number;
  /** Heterozygosity (1/0) of the last `size` called markers of `chrom`. */
  ring: Uint8Array;
  chrom: Chrom | null;
  filled: number;
  hets: number;
  most: number;
}

function windowSlice(s: Window, from: number, to: number): void {
  const { calls, size, ring } = s;
  let { chrom, filled, hets, most } = s;
  // Indexed, not for-of: that loop allocated an iterator result per call (~25 MB per 23andMe file).
  for (let i = from; i < to; i++) {
    const c = calls[i];
    if (c.a1 === '-' || c.a2 === '' || indexInHead(AUTOSOMES, c.chrom) < 0) continue;
    if (c.chrom !== chrom) {
      chrom = c.chrom;
      filled = 0;
      hets = 0;
    }
    const het = c.a1 !== c.a2 ? 1 : 0;
    const slot = filled % size;
    if (filled >= size) hets -= ring[slot];
    ring[slot] = het;
    hets += het;
    filled++;
    if (filled >= size) most = Math.max(most, hets);
  }
  s.chrom = chrom;
  s.filled = filled;
  s.hets = hets;
  s.most = most;
}

/** Calls per autosome (AUTOSOMES order) and in all: one pass, the chromosome's index looked up once per run of it. */
function autosomeCounts(calls: NormalisedCall[]): { counts: Int32Array; total: number } {
  const s = inSlices(calls.length, { calls, counts: new Int32Array(AUTOSOMES.length), last: null, lastIndex: -1 }, countSlice);
  return { counts: s.counts, total: s.counts.reduce((a, b) => a + b, 0) };
}

function countSlice(
  s: { calls: NormalisedCall[]; counts: Int32Array; last: Chrom | null; lastIndex: number },
  from: number,
  to: number,
): void {
  const { calls, counts } = s;
  let { last, lastIndex } = s;
  // Indexed, not for-of: that loop allocated an iterator result per call (~25 MB per 23andMe file).
  for (let i = from; i < to; i++) {
    const chrom = calls[i].chrom;
    if (chrom !== last) {
      last = chrom;
      lastIndex = indexInHead(AUTOSOMES, chrom);
    }
    if (lastIndex >= 0) counts[lastIndex]++;
  }
  s.last = last;
  s.lastIndex = lastIndex;
}

/** Per autosome, markers over what its share of the autosomal length predicts; answers the smallest. */
function chromCoverage({ counts, total }: { counts: Int32Array; total: number }): number {
  if (!total) return 0;
  const length = AUTOSOMES.reduce((s, c) => s + GRCH37_LENGTH[c], 0);
  return Math.min(...AUTOSOMES.map((c, i) => counts[i] / (total * (GRCH37_LENGTH[c] / length))));
}

/** Runs every check; `ok` only when none fails. Pure: the same file always gets the same answer. */
export function checkPlausibility(input: PlausibilityInput): PlausibilityResult {
  const L = PLAUSIBILITY_LIMITS;
  const qc = qcOf(input.calls);
  const autosomes = autosomeCounts(input.calls);
  const autosomalMarkers = autosomes.total;
  const shared = {
    markers: qc.markers,
    autosomalMarkers,
    noCallRate: 1 - qc.callRate,
    heterozygosity: qc.heterozygosity,
    xHeterozygosity: qc.xHeterozygosity,
    yCallRate: qc.yCallRate,
    inferredSex: qc.sex,
    minChromCoverage: chromCoverage(autosomes),
  };
  if (autosomalMarkers < OVERLAP_FLOOR) {
    const message = `文件中的常染色体位点只有 ${autosomalMarkers.toLocaleString('en-US')} 个，少于基因亲人比对所需的 ${OVERLAP_FLOOR.toLocaleString('en-US')} 个（全基因组芯片的原始数据通常有 50–70 万个），无法可靠比对`;
    return {
      ok: false,
      matchable: false,
      reasons: [{ code: 'TOO_FEW_MARKERS', message }],
      figures: { ...shared, referenceMarkers: 0, populationZ: null, hetExcessZ: null, maxWindowHeterozygosity: 0 },
    };
  }
  const reference = input.reference ?? loadAncestryReference();
  const fit = populationAgreement(referenceGenotypes(input.calls, reference), reference);
  const figures: PlausibilityFigures = {
    ...shared,
    referenceMarkers: fit.used,
    populationZ: fit.z,
    hetExcessZ: fit.hetExcessZ,
    maxWindowHeterozygosity: maxWindowHeterozygosity(input.calls, L.windowMarkers),
  };

  const reasons: PlausibilityReason[] = [];
  const fail = (code: PlausibilityCode, message: string) => reasons.push({ code, message });

  if (figures.noCallRate > L.maxNoCallRate) {
    fail('NO_CALLS', `未检出的位点占 ${pct(figures.noCallRate)}，超过真实芯片数据的上限 ${pct(L.maxNoCallRate)}`);
  }
  if (qc.called > 0 && (figures.heterozygosity < L.minHeterozygosity || figures.heterozygosity > L.maxHeterozygosity)) {
    fail(
      'HETEROZYGOSITY',
      `常染色体杂合率为 ${pct(figures.heterozygosity)}，不在真实芯片数据的范围（${pct(L.minHeterozygosity)}–${pct(L.maxHeterozygosity)}）内`,
    );
  }
  if (figures.maxWindowHeterozygosity > L.maxWindowHeterozygosity) {
    fail(
      'HETEROZYGOSITY',
      `有一段连续 ${L.windowMarkers} 个位点的杂合率高达 ${pct(figures.maxWindowHeterozygosity)}（真实数据不超过 ${pct(L.maxWindowHeterozygosity)}），像是人为改写的区段`,
    );
  }
  if (fit.z === null) {
    fail(
      'POPULATION_UNVERIFIABLE',
      `文件中可用于核对人群等位基因频率的位点只有 ${fit.used} 个（至少需要 ${L.minReferenceMarkers} 个），无法确认数据来自真实检测`,
    );
  } else if (fit.z < L.minPopulationZ) {
    fail(
      'POPULATION_MISMATCH',
      `基因型与所有参考人群的等位基因频率都不相符（偏离程度 z = ${fit.z.toFixed(1)}，真实样本在 ${L.minPopulationZ} 以上），不像真实检测得到的数据`,
    );
  } else if ((fit.hetExcessZ ?? 0) > L.maxHetExcessZ) {
    fail(
      'POPULATION_MISMATCH',
      `人群参考位点上的杂合位点比任何父母组合可能产生的都多（超出 z = ${(fit.hetExcessZ ?? 0).toFixed(1)}），不像真实检测得到的数据`,
    );
  }
  const xHet = figures.xHeterozygosity;
  const stated = input.statedSex ?? null;
  if (xHet !== null && xHet > L.maxXHeterozygosity) {
    fail('SEX_INCONSISTENT', `X 染色体杂合率为 ${pct(xHet)}，高于任何真实样本（上限 ${pct(L.maxXHeterozygosity)}）`);
  } else if (qc.xCalled >= MIN_X_FOR_SEX_CHECK && qc.xHeterozygosity !== null && qc.yCallRate !== null && qc.sex === 'unknown') {
    fail('SEX_INCONSISTENT', `X 染色体杂合率（${pct(qc.xHeterozygosity)}）与 Y 染色体检出率（${pct(qc.yCallRate)}）互相矛盾，无法判断性别`);
  } else if (qc.xCalled >= MIN_X_FOR_SEX_CHECK && stated && qc.sex !== 'unknown' && qc.sex !== stated) {
    fail('SEX_INCONSISTENT', `检测人登记为${SEX_NAME[stated]}，但数据显示为${SEX_NAME[qc.sex]}（X 染色体杂合率 ${pct(xHet ?? 0)}）`);
  }
  const layout = VENDOR_MARKERS[input.vendor];
  if (figures.markers < layout.min || figures.markers > layout.max) {
    fail(
      'VENDOR_LAYOUT',
      `文件标明来自 ${layout.name}，但有 ${figures.markers} 个位点，该机构的原始数据应有 ${layout.min}–${layout.max} 个位点`,
    );
  } else if (figures.minChromCoverage < L.minChromCoverage) {
    fail('VENDOR_LAYOUT', `文件标明来自 ${layout.name}，但部分常染色体上的位点远少于该机构芯片的覆盖`);
  }
  return { ok: reasons.length === 0, matchable: true, reasons, figures };
}
