import type { Panel } from '../panel.ts';
import type { Rng } from '../simulate/rng.ts';
import { type AncestryPopulationId, type AncestryReference, loadAncestryReference } from './reference.ts';

/**
 * Simulated genomes of known ancestry, for validating the estimator and for giving the pedigree
 * simulator's founders real ancestry-marker frequencies.
 */

export type AncestryMix = Partial<Record<AncestryPopulationId, number>>;

/** Group shares of a mix in the reference's order, normalised to sum 1. */
export function mixVector(mix: AncestryMix, reference: AncestryReference = loadAncestryReference()): Float64Array {
  const q = Float64Array.from(reference.populations, (p) => mix[p.id] ?? 0);
  const s = q.reduce((a, b) => a + b, 0);
  if (!(s > 0) || q.some((x) => x < 0)) throw new Error('an ancestry mix needs non-negative shares with a positive sum');
  return q.map((x) => x / s);
}

function normal(rng: Rng): number {
  return Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
}

/** Gamma(shape, 1) by Marsaglia & Tsang (2000), boosted for shape < 1. */
export function gamma(rng: Rng, shape: number): number {
  if (shape < 1) return gamma(rng, shape + 1) * (1 - rng.next()) ** (1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = normal(rng);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = 1 - rng.next();
    if (Math.log(u) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v;
  }
}

/** A draw from the flat Dirichlet over k groups (every mix equally likely). */
export function dirichlet(rng: Rng, k: number): Float64Array {
  const x = Float64Array.from({ length: k }, () => gamma(rng, 1));
  const s = x.reduce((a, b) => a + b, 0);
  return x.map((v) => v / s);
}

/**
 * "True" population frequencies consistent with the reference: each group's figure is a reference
 * sample of `chromosomes` copies, so the population it stands for may differ from it by sampling
 * noise; this draws one such population per marker and group from the Beta posterior of the sample.
 * Genomes drawn from it, not from the reference itself, are an honest test of the estimator.
 */
export function perturbedFrequencies(rng: Rng, reference: AncestryReference = loadAncestryReference()): Float64Array {
  const K = reference.populations.length;
  const out = new Float64Array(reference.freq.length);
  for (let i = 0; i < reference.size; i++) {
    for (let k = 0; k < K; k++) {
      const n = reference.chromosomes[k];
      const f = reference.freq[i * K + k];
      // The stored figure is (x + 0.5) / (n + 1): Beta(x + 0.5, n - x + 0.5) has exactly that mean.
      const a = Math.max(0.05, f * (n + 1));
      const b = Math.max(0.05, (1 - f) * (n + 1));
      const ga = gamma(rng, a);
      out[i * K + k] = ga / (ga + gamma(rng, b));
    }
  }
  return out;
}

export interface AdmixedOptions {
  reference?: AncestryReference;
  /** Frequencies to draw from (default the reference's own). */
  freq?: Float64Array;
  /** Share of markers left uncalled, as when a chip does not carry them (default 0). */
  missing?: number;
}

/**
 * Alt-allele counts of one genome whose every allele copy comes from group k with probability q[k]
 * (-1 where the marker is left uncalled).
 */
export function simulateAdmixedGenotypes(q: ArrayLike<number>, rng: Rng, opts: AdmixedOptions = {}): Int8Array {
  const reference = opts.reference ?? loadAncestryReference();
  const freq = opts.freq ?? reference.freq;
  const K = reference.populations.length;
  const cum = new Float64Array(K);
  for (let k = 0, s = 0; k < K; k++) cum[k] = s += q[k];
  const pick = () => {
    const u = rng.next() * cum[K - 1];
    let k = 0;
    while (k < K - 1 && u >= cum[k]) k++;
    return k;
  };
  const missing = opts.missing ?? 0;
  const out = new Int8Array(reference.size);
  for (let i = 0; i < reference.size; i++) {
    if (missing > 0 && rng.next() < missing) {
      out[i] = -1;
      continue;
    }
    let g = 0;
    for (let copy = 0; copy < 2; copy++) if (rng.next() < freq[i * K + pick()]) g++;
    out[i] = g;
  }
  return out;
}

/**
 * Alt-allele frequencies of a mix at the panel markers that are reference markers with the same two
 * alleles, by panel index (alt as the panel codes it), for the simulated founders (createPopulation).
 */
export function ancestryFrequencies(
  panel: Pick<Panel, 'ref' | 'alt' | 'indexOfPosition'>,
  mix: AncestryMix,
  reference: AncestryReference = loadAncestryReference(),
): Map<number, number> {
  const q = mixVector(mix, reference);
  const K = q.length;
  const out = new Map<number, number>();
  for (let i = 0; i < reference.size; i++) {
    const k = panel.indexOfPosition(reference.chrom[i], reference.pos[i]);
    if (k < 0) continue;
    let f = 0;
    for (let j = 0; j < K; j++) f += q[j] * reference.freq[i * K + j];
    if (panel.alt[k] === reference.alt[i] && panel.ref[k] === reference.ref[i]) out.set(k, f);
    else if (panel.alt[k] === reference.ref[i] && panel.ref[k] === reference.alt[i]) out.set(k, 1 - f);
  }
  return out;
}
