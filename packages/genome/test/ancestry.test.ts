import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  ANCESTRY_POPULATIONS,
  dirichlet,
  estimateAdmixture,
  estimateAncestry,
  loadAncestryReference,
  mixVector,
  perturbedFrequencies,
  simulateAdmixedGenotypes,
} from '../src/ancestry/index.ts';
import { lookupsFromCalls } from '../src/lookup.ts';
import { packGenome } from '../src/pack.ts';
import { loadPanel } from '../src/panel.ts';
import { parseRawFile } from '../src/parse/index.ts';
import { callsOf, createRng, type Rng, simulatePedigree } from '../src/simulate/index.ts';
import { GenomeError } from '../src/types.ts';

const reference = loadAncestryReference();
const K = reference.populations.length;
const pct = (x: number) => `${(100 * x).toFixed(1)}`.padStart(5);

interface Case {
  kind: 'pure' | '50/50' | '70/20/10' | 'Dirichlet';
  q: Float64Array;
}

/** Random picks of distinct groups. */
function pick(rng: Rng, n: number): number[] {
  const out: number[] = [];
  while (out.length < n) {
    const k = rng.int(K);
    if (!out.includes(k)) out.push(k);
  }
  return out;
}

function cases(rng: Rng): Case[] {
  const out: Case[] = [];
  const at = (shares: [number, number][]) => {
    const q = new Float64Array(K);
    for (const [k, s] of shares) q[k] = s;
    return q;
  };
  for (let k = 0; k < K; k++) for (let rep = 0; rep < 2; rep++) out.push({ kind: 'pure', q: at([[k, 1]]) });
  for (let r = 0; r < 5; r++) {
    const [a, b] = pick(rng, 2);
    out.push({
      kind: '50/50',
      q: at([
        [a, 0.5],
        [b, 0.5],
      ]),
    });
  }
  for (let r = 0; r < 5; r++) {
    const [a, b, c] = pick(rng, 3);
    out.push({
      kind: '70/20/10',
      q: at([
        [a, 0.7],
        [b, 0.2],
        [c, 0.1],
      ]),
    });
  }
  for (let r = 0; r < 5; r++) out.push({ kind: 'Dirichlet', q: dirichlet(rng, K) });
  return out;
}

interface Outcome {
  kind: Case['kind'];
  truth: Float64Array;
  share: number[];
  low: number[];
  high: number[];
}

/**
 * Simulates every case, estimates, and prints the error table. `freq` is what the genomes are drawn from;
 * `missing` leaves that share of markers uncalled, as a chip that lacks them would.
 */
function validate(title: string, seed: number, opts: { perturb: boolean; missing: number; replicates: number }) {
  const rng = createRng(seed);
  const freq = opts.perturb ? perturbedFrequencies(rng.fork(), reference) : undefined;
  const outcomes: Outcome[] = [];
  let markers = 0;
  const t0 = performance.now();
  for (const c of cases(rng.fork())) {
    const g = simulateAdmixedGenotypes(c.q, rng, { reference, freq, missing: opts.missing });
    const e = estimateAdmixture(g, { reference, replicates: opts.replicates, seed: outcomes.length + 1 });
    markers += e.markersUsed;
    outcomes.push({
      kind: c.kind,
      truth: c.q,
      share: e.populations.map((p) => p.share),
      low: e.populations.map((p) => p.low),
      high: e.populations.map((p) => p.high),
    });
  }
  const ms = (performance.now() - t0) / outcomes.length;
  const kinds = ['pure', '50/50', '70/20/10', 'Dirichlet'] as const;
  const mae = (os: Outcome[], k?: number) => {
    let s = 0;
    let n = 0;
    for (const o of os)
      for (let j = 0; j < K; j++)
        if (k === undefined || k === j) {
          s += Math.abs(o.share[j] - o.truth[j]);
          n++;
        }
    return s / n;
  };
  const coverage = (os: Outcome[]) => {
    let inside = 0;
    let n = 0;
    for (const o of os)
      for (let j = 0; j < K; j++) {
        if (o.truth[j] >= o.low[j] - 1e-9 && o.truth[j] <= o.high[j] + 1e-9) inside++;
        n++;
      }
    return inside / n;
  };
  const lines = [
    `${title}: ${outcomes.length} genomes, ${Math.round(markers / outcomes.length)} markers each on average, ${ms.toFixed(0)} ms per genome (${opts.replicates} bootstrap replicates)`,
    `mean absolute error of the share, in percentage points (columns: ${kinds.join(', ')}, all)`,
  ];
  for (let k = 0; k < K; k++) {
    const row = kinds.map((kind) =>
      pct(
        mae(
          outcomes.filter((o) => o.kind === kind),
          k,
        ),
      ),
    );
    lines.push(`  ${ANCESTRY_POPULATIONS[k].name.padEnd(8, '　')} ${row.join(' ')} ${pct(mae(outcomes, k))}`);
  }
  lines.push(
    `  ${'全部'.padEnd(8, '　')} ${kinds.map((kind) => pct(mae(outcomes.filter((o) => o.kind === kind)))).join(' ')} ${pct(mae(outcomes))}`,
  );
  if (opts.replicates > 0) {
    lines.push(
      `truth inside the 90% band: ${kinds.map((kind) => `${kind} ${pct(coverage(outcomes.filter((o) => o.kind === kind)))}%`).join(', ')}, all ${pct(coverage(outcomes))}%`,
    );
  }
  const pure = outcomes.filter((o) => o.kind === 'pure');
  const topRight = pure.filter((o) => o.share.indexOf(Math.max(...o.share)) === o.truth.indexOf(1)).length;
  lines.push(`pure genomes whose largest share is the true group: ${topRight}/${pure.length}`);
  process.stdout.write(`\n${lines.join('\n')}\n`);
  return {
    pureMae: mae(pure),
    mixMae: mae(outcomes.filter((o) => o.kind !== 'pure')),
    mae: mae(outcomes),
    coverage: coverage(outcomes),
    topRight: topRight / pure.length,
  };
}

describe('ancestry reference panel', () => {
  it('has every group, chip-readable SNPs on GRCh37 and frequencies inside (0, 1)', () => {
    expect(reference.populations.map((p) => p.id)).toEqual(ANCESTRY_POPULATIONS.map((p) => p.id));
    expect(reference.size).toBeGreaterThan(5000);
    for (let i = 0; i < reference.size; i++) {
      expect(reference.rsid[i]).toMatch(/^rs\d+$/);
      expect(`${reference.ref[i]}${reference.alt[i]}`).toMatch(/^(?!AT|TA|CG|GC)[ACGT]{2}$/);
    }
    expect(Math.min(...reference.freq)).toBeGreaterThan(0);
    expect(Math.max(...reference.freq)).toBeLessThan(1);
    // Every reference marker is in the engine's panel with the same alleles, so packed genomes keep it.
    const panel = loadPanel();
    let same = 0;
    for (let i = 0; i < reference.size; i++) {
      const k = panel.indexOfPosition(reference.chrom[i], reference.pos[i]);
      if (k >= 0 && new Set([panel.ref[k], panel.alt[k]]).has(reference.alt[i])) same++;
    }
    expect(same).toBe(reference.size);
  });
});

describe('ancestry estimation on simulated admixed genomes', () => {
  it('recovers known shares when genomes are drawn from the reference frequencies', () => {
    const r = validate('ideal (genomes drawn from the reference frequencies)', 2026, { perturb: false, missing: 0, replicates: 100 });
    expect(r.pureMae).toBeLessThan(0.015);
    expect(r.mixMae).toBeLessThan(0.03);
    expect(r.topRight).toBe(1);
    expect(r.coverage).toBeGreaterThan(0.9);
  });

  it('stays close when the true populations differ from the reference by its sampling noise', () => {
    const r = validate('realistic (populations perturbed by the reference sample size)', 7001, {
      perturb: true,
      missing: 0,
      replicates: 100,
    });
    expect(r.pureMae).toBeLessThan(0.02);
    expect(r.mae).toBeLessThan(0.025);
    expect(r.topRight).toBeGreaterThanOrEqual(0.9);
    expect(r.coverage).toBeGreaterThan(0.8);
  });

  it('still works when a chip reads only part of the markers', () => {
    const r = validate('chip-like (realistic, 70% of markers missing)', 4242, { perturb: true, missing: 0.7, replicates: 0 });
    expect(r.pureMae).toBeLessThan(0.035);
    expect(r.mae).toBeLessThan(0.04);
    expect(r.topRight).toBeGreaterThanOrEqual(0.85);
  });
});

describe('estimateAncestry', () => {
  it('is deterministic for a seed and its bands move with the seed', () => {
    const g = simulateAdmixedGenotypes(mixVector({ han_north: 0.6, japanese: 0.4 }), createRng(9));
    const a = estimateAdmixture(g, { seed: 3 });
    expect(estimateAdmixture(g, { seed: 3 })).toEqual(a);
    const b = estimateAdmixture(g, { seed: 4 });
    expect(b.populations.map((p) => p.share)).toEqual(a.populations.map((p) => p.share));
    expect(b.populations.map((p) => [p.low, p.high])).not.toEqual(a.populations.map((p) => [p.low, p.high]));
    const total = a.populations.reduce((s, p) => s + p.share, 0);
    expect(total).toBeCloseTo(1, 9);
    for (const p of a.populations) {
      expect(p.low).toBeLessThanOrEqual(p.share);
      expect(p.high).toBeGreaterThanOrEqual(p.share);
    }
    expect(a.method).toBe('supervised-admixture-em');
    expect(a.band).toMatchObject({ level: 0.9, replicates: 100 });
  });

  it('gives a simulated pedigree member the simulator’s ancestry (half northern, half southern Han), packed or from a file', () => {
    const panel = loadPanel();
    const sim = simulatePedigree('parent-child', { panel, seed: 21 });
    const person = sim.people[0];
    const fromPacked = estimateAncestry(person.genome, { panel });
    const calls = callsOf(sim.family, person.genome);
    const fromCalls = estimateAncestry(lookupsFromCalls(calls));
    expect(fromCalls.populations).toEqual(fromPacked.populations);
    expect(estimateAncestry(packGenome(calls, panel)).populations).toEqual(fromPacked.populations);
    const share = Object.fromEntries(fromPacked.populations.map((p) => [p.id, p.share]));
    process.stdout.write(
      `\nsimulator founder descendant: ${fromPacked.populations.map((p) => `${p.name} ${pct(p.share)}% [${pct(p.low)}-${pct(p.high)}]`).join(', ')}; ${fromPacked.markersUsed} markers\n`,
    );
    expect(share.han_north + share.han_south).toBeGreaterThan(0.75);
    expect(share.han_north + share.han_south + share.japanese + share.dai_sea + share.mongol).toBeGreaterThan(0.95);
    expect(share.han_north).toBeGreaterThan(0.15);
    expect(share.han_south).toBeGreaterThan(0.15);
    expect(fromPacked.markersUsed).toBeGreaterThan(0.9 * reference.size);
  });

  it('refuses a genome with too few reference markers, in Chinese', async () => {
    const file = fileURLToPath(new URL('./fixtures/raw/23andme_v5.txt', import.meta.url));
    const lookups = lookupsFromCalls((await parseRawFile(file)).calls);
    expect(() => estimateAncestry(lookups)).toThrowError(GenomeError);
    try {
      estimateAncestry(lookups);
    } catch (err) {
      expect((err as GenomeError).code).toBe('NO_MARKERS');
      expect((err as GenomeError).message).toMatch(/可用于祖源分析的标记太少/);
    }
  });

  it('counts calls whose alleles are not the reference’s as mismatched, not as genotypes', () => {
    const g = simulateAdmixedGenotypes(mixVector({ european: 1 }), createRng(5));
    const byPos = new Map<string, string>();
    for (let i = 0; i < reference.size; i++) {
      const alt = g[i];
      const gt = (alt >= 1 ? reference.alt[i] : reference.ref[i]) + (alt === 2 ? reference.alt[i] : reference.ref[i]);
      // The first 100 read as a homozygote of a base that is neither allele (a strand or allele mix-up).
      const other = [...'ACGT'].find((b) => b !== reference.ref[i] && b !== reference.alt[i]) as string;
      byPos.set(`${reference.chrom[i]}:${reference.pos[i]}`, i < 100 ? other + other : gt);
    }
    const e = estimateAncestry({ byRsid: () => null, byPosition: (c, p) => byPos.get(`${c}:${p}`) ?? null }, { replicates: 0 });
    expect(e.markersMismatched).toBe(100);
    expect(e.markersUsed + e.markersMismatched).toBe(reference.size);
    expect(e.populations.find((p) => p.id === 'european')?.share).toBeGreaterThan(0.95);
  });
});
