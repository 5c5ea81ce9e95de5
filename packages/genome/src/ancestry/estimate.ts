import { type Lookups, lookupsFromPacked } from '../lookup.ts';
import type { PackedGenome } from '../pack.ts';
import { loadPanel, type Panel } from '../panel.ts';
import { createRng } from '../simulate/rng.ts';
import { GenomeError } from '../types.ts';
import { type AncestryPopulationId, type AncestryReference, loadAncestryReference } from './reference.ts';

/**
 * Ancestry composition by supervised admixture: the admixture proportions q (one share per reference
 * group, summing to 1) that maximise the likelihood of a genome's genotypes given the reference groups'
 * fixed allele frequencies, found by EM. Each allele copy at marker i comes from group k with
 * probability q_k and is then the alt allele with probability f_ik, so
 *   P(alt) = p_i = sum_k q_k f_ik,   log L(q) = sum_i g_i log p_i + (2 - g_i) log(1 - p_i),
 * where g_i is the genome's alt-allele count. EM treats each allele copy's group as missing data:
 *   E step: an alt copy came from k with probability q_k f_ik / p_i, a ref copy q_k (1 - f_ik) / (1 - p_i);
 *   M step: q_k = (expected copies from k) / (copies observed).
 * Every EM step increases L, and L is concave in q, so its maximum on the simplex is the one answer.
 * Plain EM is slow where two groups are alike (northern and southern Han: L is flat along their
 * difference), so after a few EM steps the maximum is found with Newton steps on the face of the
 * simplex where shares are positive (active-set method, as ADMIXTURE's quadratic steps do), each step
 * checked to increase L.
 *
 * The band per group is a block bootstrap: the markers, in genome order, are cut into blocks; blocks
 * are drawn with replacement, the shares re-estimated, and the band is the central interval of the
 * replicates. Blocks (rather than single markers) keep neighbouring markers in linkage disequilibrium
 * together, so the band is not made too narrow by counting them as independent.
 */

/** Fewer usable markers than this and the estimate is refused. */
export const MIN_ANCESTRY_MARKERS = 500;

export interface AncestryOptions {
  /** Bootstrap replicates for the band (default 100; 0 gives no band: low = high = share). */
  replicates?: number;
  /** Coverage of the band (default 0.9). */
  level?: number;
  /** Seed of the bootstrap draws (default 1): the same genome and seed always give the same answer. */
  seed?: number;
  reference?: AncestryReference;
  /** Panel of a packed genome (default: the shipped panel). */
  panel?: Panel;
}

export interface AncestryShare {
  id: AncestryPopulationId;
  name: string;
  share: number;
  low: number;
  high: number;
}

export interface AncestryEstimate {
  /** Every reference group, in the reference's order (shares sum to 1). */
  populations: AncestryShare[];
  markersUsed: number;
  /** Markers of the reference panel (used or not). */
  markersInReference: number;
  /** Markers whose call had alleles other than the reference's two (strand or allele mismatch). */
  markersMismatched: number;
  method: 'supervised-admixture-em';
  referenceId: string;
  band: { level: number; replicates: number; blocks: number };
  logLikelihood: number;
  iterations: number;
}

/** Alt-allele counts (0, 1, 2; -1 = not called or absent) at every marker of the reference. */
export function ancestryGenotypes(
  lookups: Lookups,
  reference: AncestryReference = loadAncestryReference(),
): { genotypes: Int8Array; mismatched: number } {
  const genotypes = new Int8Array(reference.size).fill(-1);
  let mismatched = 0;
  for (let i = 0; i < reference.size; i++) {
    const g = lookups.byPosition(reference.chrom[i], reference.pos[i]) ?? lookups.byRsid(reference.rsid[i]);
    if (g === null || g === '--' || g.length !== 2) continue;
    const ref = reference.ref[i];
    const alt = reference.alt[i];
    let count = 0;
    let ok = true;
    for (const a of g) {
      if (a === alt) count++;
      else if (a !== ref) ok = false;
    }
    if (ok) genotypes[i] = count;
    else mismatched++;
  }
  return { genotypes, mismatched };
}

/** Internal: the markers one genome has, laid out for the EM loops. */
interface Data {
  n: number;
  K: number;
  /** freq row-major over the used markers. */
  f: Float64Array;
  g: Float64Array;
}

function dataOf(genotypes: Int8Array, reference: AncestryReference): { data: Data; used: Int32Array } {
  const K = reference.populations.length;
  let n = 0;
  for (let i = 0; i < genotypes.length; i++) if (genotypes[i] >= 0) n++;
  const used = new Int32Array(n);
  const f = new Float64Array(n * K);
  const g = new Float64Array(n);
  let j = 0;
  for (let i = 0; i < genotypes.length; i++) {
    if (genotypes[i] < 0) continue;
    used[j] = i;
    g[j] = genotypes[i];
    f.set(reference.freq.subarray(i * K, i * K + K), j * K);
    j++;
  }
  return { data: { n, K, f, g }, used };
}

/**
 * One EM step from q into out (weights w per marker, or all 1); returns log L(q). Written as one pass:
 * p_i, the log-likelihood term and the expected copies per group are all accumulated together.
 */
function emStep(d: Data, q: Float64Array, out: Float64Array, w: Float64Array | null): number {
  const { n, K, f, g } = d;
  const acc = out;
  acc.fill(0);
  let ll = 0;
  let copies = 0;
  for (let i = 0; i < n; i++) {
    const wi = w ? w[i] : 1;
    if (wi === 0) continue;
    const base = i * K;
    let p = 0;
    for (let k = 0; k < K; k++) p += q[k] * f[base + k];
    const gi = g[i];
    const a = (wi * gi) / p;
    const b = (wi * (2 - gi)) / (1 - p);
    ll += wi * (gi * Math.log(p) + (2 - gi) * Math.log(1 - p));
    for (let k = 0; k < K; k++) {
      const fk = f[base + k];
      acc[k] += a * fk + b * (1 - fk);
    }
    copies += 2 * wi;
  }
  for (let k = 0; k < K; k++) out[k] = (q[k] * acc[k]) / copies;
  return ll;
}

function logLik(d: Data, q: Float64Array, w: Float64Array | null): number {
  const { n, K, f, g } = d;
  let ll = 0;
  for (let i = 0; i < n; i++) {
    const wi = w ? w[i] : 1;
    if (wi === 0) continue;
    let p = 0;
    for (let k = 0; k < K; k++) p += q[k] * f[i * K + k];
    ll += wi * (g[i] * Math.log(p) + (2 - g[i]) * Math.log(1 - p));
  }
  return ll;
}

/**
 * Gradient (all groups) and the Hessian's columns of the `free` groups (all rows, row-major K x K, other
 * columns left 0) of log L at q: the Newton step needs the free block, the active-set test the rest.
 */
function derivatives(d: Data, q: Float64Array, w: Float64Array | null, free: number[], grad: Float64Array, hess: Float64Array): void {
  const { n, K, f, g } = d;
  const m = free.length;
  const cols = Int32Array.from(free);
  const fc = new Float64Array(m);
  grad.fill(0);
  hess.fill(0);
  for (let i = 0; i < n; i++) {
    const wi = w ? w[i] : 1;
    if (wi === 0) continue;
    const base = i * K;
    let p = 0;
    for (let k = 0; k < K; k++) p += q[k] * f[base + k];
    // p is linear in q (dp/dq_k = f_ik): the score is s_i f_ik and the Hessian -c_i f_ik f_il.
    const gi = g[i];
    const s = wi * (gi / p - (2 - gi) / (1 - p));
    const c = wi * (gi / (p * p) + (2 - gi) / ((1 - p) * (1 - p)));
    for (let b = 0; b < m; b++) fc[b] = c * f[base + cols[b]];
    for (let k = 0; k < K; k++) {
      const fk = f[base + k];
      grad[k] += s * fk;
      const row = k * K;
      for (let b = 0; b < m; b++) hess[row + cols[b]] -= fk * fc[b];
    }
  }
}

/**
 * Solves the Newton system of log L restricted to the simplex face of `free`:
 *   H d - mu 1 = -grad,  sum d = 0   (over the free groups),
 * by Gaussian elimination with partial pivoting; returns mu (d written into dir), NaN if singular.
 */
function newtonDirection(grad: Float64Array, hess: Float64Array, free: number[], dir: Float64Array): number {
  const m = free.length;
  const size = m + 1;
  const a = new Float64Array(size * (size + 1));
  for (let r = 0; r < m; r++) {
    for (let c = 0; c < m; c++) a[r * (size + 1) + c] = hess[r * m + c] - (r === c ? 1e-9 : 0);
    a[r * (size + 1) + m] = -1;
    a[r * (size + 1) + size] = -grad[free[r]];
  }
  for (let c = 0; c < m; c++) a[m * (size + 1) + c] = 1;
  for (let col = 0; col < size; col++) {
    let piv = col;
    for (let r = col + 1; r < size; r++) if (Math.abs(a[r * (size + 1) + col]) > Math.abs(a[piv * (size + 1) + col])) piv = r;
    if (Math.abs(a[piv * (size + 1) + col]) < 1e-300) return Number.NaN;
    if (piv !== col) {
      for (let c = 0; c <= size; c++) {
        const t = a[col * (size + 1) + c];
        a[col * (size + 1) + c] = a[piv * (size + 1) + c];
        a[piv * (size + 1) + c] = t;
      }
    }
    for (let r = 0; r < size; r++) {
      if (r === col) continue;
      const factor = a[r * (size + 1) + col] / a[col * (size + 1) + col];
      if (factor === 0) continue;
      for (let c = col; c <= size; c++) a[r * (size + 1) + c] -= factor * a[col * (size + 1) + c];
    }
  }
  dir.fill(0);
  for (let r = 0; r < m; r++) dir[free[r]] = a[r * (size + 1) + size] / a[r * (size + 1) + r];
  return a[m * (size + 1) + size] / a[m * (size + 1) + m];
}

/**
 * Maximum-likelihood shares: a few plain EM steps from q0 (they move every share at once and keep it
 * positive), then Newton steps on the face of the simplex where the shares are positive, with an
 * active set (a share that reaches 0 stays there until the gradient says it should grow again) and a
 * backtracking line search, until the shares move less than tol and the optimality conditions hold.
 */
function fit(
  d: Data,
  q0: Float64Array,
  w: Float64Array | null,
  tol: number,
  emSteps: number,
): { q: Float64Array; ll: number; steps: number } {
  const K = d.K;
  let q = Float64Array.from(q0);
  const next = new Float64Array(K);
  for (let s = 0; s < emSteps; s++) {
    emStep(d, q, next, w);
    q.set(next);
  }
  const grad = new Float64Array(K);
  const hess = new Float64Array(K * K);
  const dir = new Float64Array(K);
  const trial = new Float64Array(K);
  let ll = logLik(d, q, w);
  let steps = emSteps;
  for (let iter = 0; iter < 200; iter++) {
    steps++;
    let free: number[] = [];
    for (let k = 0; k < K; k++) if (q[k] > 0) free.push(k);
    const positives = free.length;
    derivatives(d, q, w, free, grad, hess);
    let columns = free;
    let mu = Number.NaN;
    // Active set: a share at 0 joins the free face when the quadratic model's gradient at the Newton
    // point exceeds the multiplier (it would grow); it leaves again if the new direction shrinks it.
    const held = new Set<number>();
    for (;;) {
      const sub = new Float64Array(free.length * free.length);
      for (let a = 0; a < free.length; a++) for (let b = 0; b < free.length; b++) sub[a * free.length + b] = hess[free[a] * K + free[b]];
      mu = newtonDirection(grad, sub, free, dir);
      if (Number.isNaN(mu)) break;
      const shrinking = free.find((k) => q[k] === 0 && dir[k] < 0);
      if (shrinking !== undefined) {
        held.add(shrinking);
        free = free.filter((k) => k !== shrinking);
        continue;
      }
      let release = -1;
      let most = 1e-9 * Math.abs(mu) + 1e-12;
      for (let k = 0; k < K; k++) {
        if (q[k] > 0 || held.has(k) || free.includes(k)) continue;
        let model = grad[k];
        for (const j of free) model += hess[k * K + j] * dir[j];
        if (model - mu > most) {
          most = model - mu;
          release = k;
        }
      }
      if (release < 0) break;
      free = [...free, release].sort((a, b) => a - b);
      // The released group's own column was not computed (only rarely needed).
      if (!columns.includes(release)) {
        derivatives(d, q, w, free, grad, hess);
        columns = free;
      }
    }
    if (Number.isNaN(mu)) break;
    // Longest step keeping every share ≥ 0; the share that limits it lands exactly on 0.
    let tMax = 1;
    let blocking = -1;
    for (const k of free) {
      if (dir[k] < 0 && q[k] + tMax * dir[k] < 0) {
        tMax = -q[k] / dir[k];
        blocking = k;
      }
    }
    let slope = 0;
    for (const k of free) slope += grad[k] * dir[k];
    if (!(slope > 0)) break;
    let t = tMax;
    let llt = Number.NEGATIVE_INFINITY;
    for (let half = 0; half < 40; half++) {
      for (let k = 0; k < K; k++) trial[k] = Math.max(0, q[k] + t * dir[k]);
      if (t === tMax && blocking >= 0) trial[blocking] = 0;
      const s = trial.reduce((x, y) => x + y, 0);
      for (let k = 0; k < K; k++) trial[k] /= s;
      llt = logLik(d, trial, w);
      if (llt >= ll + 1e-4 * t * slope) break;
      t /= 2;
    }
    if (!(llt >= ll)) break;
    let moved = 0;
    for (let k = 0; k < K; k++) moved = Math.max(moved, Math.abs(trial[k] - q[k]));
    q = Float64Array.from(trial);
    ll = llt;
    // A step cut short by a share reaching 0 says nothing about convergence: go on from the new face.
    const blocked = blocking >= 0 && t === tMax;
    if (moved < tol && !blocked) break;
    // A full Newton step on an unchanged face converges quadratically: once it is below sqrt(tol) the
    // next one would be below tol, so the check costs a pass over the markers for nothing.
    if (t === 1 && !blocked && moved < Math.sqrt(tol) && free.length === positives) break;
  }
  return { q, ll, steps };
}

function quantile(sorted: number[], p: number): number {
  const x = (sorted.length - 1) * p;
  const lo = Math.floor(x);
  const hi = Math.ceil(x);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (x - lo);
}

/**
 * Estimates shares from alt-allele counts over the reference's markers (see ancestryGenotypes); the
 * engine's other entry points end here.
 */
export function estimateAdmixture(
  genotypes: Int8Array,
  opts: Omit<AncestryOptions, 'panel'> & { mismatched?: number } = {},
): AncestryEstimate {
  const reference = opts.reference ?? loadAncestryReference();
  if (genotypes.length !== reference.size) throw new GenomeError('BAD_ARGUMENT', '基因型数量与祖源参考数据不一致');
  const replicates = opts.replicates ?? 100;
  const level = opts.level ?? 0.9;
  if (!Number.isInteger(replicates) || replicates < 0 || replicates > 10_000) {
    throw new GenomeError('BAD_ARGUMENT', '自助重抽样次数必须是 0 到 10000 之间的整数');
  }
  if (!(level > 0 && level < 1)) throw new GenomeError('BAD_ARGUMENT', '置信区间的覆盖率必须在 0 和 1 之间');
  const { data, used } = dataOf(genotypes, reference);
  if (data.n < MIN_ANCESTRY_MARKERS) {
    throw new GenomeError('NO_MARKERS', `可用于祖源分析的标记太少（${data.n} 个，至少需要 ${MIN_ANCESTRY_MARKERS} 个）`);
  }
  const K = data.K;
  const start = new Float64Array(K).fill(1 / K);
  const best = fit(data, start, null, 1e-7, 20);

  // Blocks of consecutive used markers (never across chromosomes); about 20 markers each, at most 200.
  const blockOf = new Int32Array(data.n);
  const target = Math.max(20, Math.ceil(data.n / 200));
  let blocks = 0;
  for (let j = 0, inBlock = 0; j < data.n; j++) {
    const newChrom = j > 0 && reference.chrom[used[j]] !== reference.chrom[used[j - 1]];
    if (j === 0 || newChrom || inBlock >= target) {
      blocks++;
      inBlock = 0;
    }
    blockOf[j] = blocks - 1;
    inBlock++;
  }
  const draws: number[][] = Array.from({ length: K }, () => []);
  if (replicates > 0) {
    const rng = createRng(opts.seed ?? 1);
    const blockWeight = new Float64Array(blocks);
    // A replicate keeps only the markers drawn (about 63%), each weighted by how often its block was.
    const sample: Data = { n: 0, K, f: new Float64Array(data.n * K), g: new Float64Array(data.n) };
    const w = new Float64Array(data.n);
    for (let r = 0; r < replicates; r++) {
      blockWeight.fill(0);
      for (let b = 0; b < blocks; b++) blockWeight[rng.int(blocks)]++;
      let m = 0;
      for (let j = 0; j < data.n; j++) {
        const wj = blockWeight[blockOf[j]];
        if (wj === 0) continue;
        w[m] = wj;
        sample.g[m] = data.g[j];
        sample.f.set(data.f.subarray(j * K, j * K + K), m * K);
        m++;
      }
      sample.n = m;
      // Warm start from the full estimate; a share at 0 grows again when the active-set test says so.
      const rep = fit(sample, best.q, w, 1e-4, 0);
      for (let k = 0; k < K; k++) draws[k].push(rep.q[k]);
    }
  }
  const populations = reference.populations.map((pop, k) => {
    const share = best.q[k];
    if (replicates === 0) return { id: pop.id, name: pop.name, share, low: share, high: share };
    const sorted = draws[k].sort((a, b) => a - b);
    // Percentile band, widened to contain the estimate itself (the two can differ near 0).
    const low = Math.min(share, quantile(sorted, (1 - level) / 2));
    const high = Math.max(share, quantile(sorted, 1 - (1 - level) / 2));
    return { id: pop.id, name: pop.name, share, low, high };
  });
  return {
    populations,
    markersUsed: data.n,
    markersInReference: reference.size,
    markersMismatched: opts.mismatched ?? 0,
    method: 'supervised-admixture-em',
    referenceId: reference.id,
    band: { level, replicates, blocks },
    logLikelihood: best.ll,
    iterations: best.steps,
  };
}

function isPacked(x: Lookups | PackedGenome): x is PackedGenome {
  return typeof (x as PackedGenome).panelId === 'string';
}

/**
 * Ancestry composition of one genome, from its lookups (any parsed file) or its packed form. Throws
 * GenomeError NO_MARKERS when the genome has too few of the reference's markers.
 */
export function estimateAncestry(source: Lookups | PackedGenome, opts: AncestryOptions = {}): AncestryEstimate {
  const reference = opts.reference ?? loadAncestryReference();
  const lookups = isPacked(source) ? lookupsFromPacked(source, opts.panel ?? loadPanel()) : source;
  const { genotypes, mismatched } = ancestryGenotypes(lookups, reference);
  return estimateAdmixture(genotypes, { ...opts, reference, mismatched });
}
