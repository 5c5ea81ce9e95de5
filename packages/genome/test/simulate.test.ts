import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { callMtHaplogroup, callYHaplogroup } from '../src/haplogroups/index.ts';
import { matchContext } from '../src/ibd/index.ts';
import { lookupsFromPacked } from '../src/lookup.ts';
import { emptyPacked, setCode } from '../src/pack.ts';
import { loadPanel } from '../src/panel.ts';
import { shippedLineageAlleles, writeLineage } from '../src/simulate/lineages.ts';
import {
  callsOf,
  createPopulation,
  createRng,
  Family,
  genotypesOf,
  PEDIGREES,
  SIMULATED_MT_LINEAGES,
  SIMULATED_Y_LINEAGES,
  simulatePedigree,
  syntheticPanel,
} from '../src/simulate/index.ts';

const panel = syntheticPanel(60_000, 5);
const pop = createPopulation(panel, createRng(1));
const code = (g: { hi: Uint32Array; lo: Uint32Array }, k: number) =>
  (((g.hi[k >>> 5] >>> (k & 31)) & 1) << 1) | ((g.lo[k >>> 5] >>> (k & 31)) & 1);

describe('rng', () => {
  it('is reproducible and roughly uniform', () => {
    const a = createRng(42);
    const b = createRng(42);
    const xs = Array.from({ length: 10_000 }, () => a.next());
    expect(xs.slice(0, 5)).toEqual(Array.from({ length: 5 }, () => b.next()));
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(mean).toBeGreaterThan(0.48);
    expect(mean).toBeLessThan(0.52);
    const r = createRng(7);
    const pois = Array.from({ length: 5000 }, () => r.poisson(2.5));
    expect(pois.reduce((s, x) => s + x, 0) / pois.length).toBeCloseTo(2.5, 1);
  });
});

describe('pedigree simulation', () => {
  const exact = { noCallRate: 0, errorRate: 0 };

  it('parent and child share one haplotype everywhere and never show opposite homozygotes', () => {
    const sim = simulatePedigree('parent-child', { panel, seed: 3, population: pop, ...exact });
    const [pair] = sim.pairs;
    expect(pair.relationship).toBe('parent-child');
    const total = matchContext(panel).totalCM;
    expect(pair.sharedCM).toBeGreaterThan(total * 0.99);
    expect(pair.ibd2CM).toBe(0);
    const a = sim.people.find((p) => p.id === pair.a)?.genome;
    const b = sim.people.find((p) => p.id === pair.b)?.genome;
    if (!a || !b) throw new Error('missing genomes');
    const [, autoEnd] = panel.chromRange['22'];
    let opposite = 0;
    for (let k = 0; k < autoEnd; k++) {
      const x = code(a, k);
      const y = code(b, k);
      if ((x === 0 && y === 2) || (x === 2 && y === 0)) opposite++;
    }
    expect(opposite).toBe(0);
  });

  it('full siblings have IBD2 about a quarter of the genome, half siblings none', () => {
    const total = matchContext(panel).totalCM;
    let ibd2 = 0;
    let shared = 0;
    for (let i = 0; i < 10; i++) {
      const sim = simulatePedigree('full-siblings', { panel, seed: 50 + i, population: pop, focusOnly: true });
      ibd2 += sim.pairs[0].ibd2CM / total / 10;
      shared += sim.pairs[0].sharedCM / total / 10;
    }
    expect(ibd2).toBeGreaterThan(0.18);
    expect(ibd2).toBeLessThan(0.32);
    expect(shared).toBeGreaterThan(0.65);
    expect(shared).toBeLessThan(0.85);
    const half = simulatePedigree('half-siblings', { panel, seed: 1, population: pop, focusOnly: true });
    expect(half.pairs[0].ibd2CM).toBe(0);
    expect(half.pairs[0].relationship).toBe('half-siblings');
  });

  it('names every pedigree relationship from the family tree', () => {
    const expected: Record<string, string> = {
      'parent-child': 'parent-child',
      'full-siblings': 'full-siblings',
      'half-siblings': 'half-siblings',
      'first-cousins': 'first-cousins',
      'second-cousins': 'second-cousins',
      'third-cousins': 'third-cousins',
      'fourth-cousins': 'fourth-cousins',
      unrelated: 'unrelated',
    };
    for (const name of PEDIGREES) {
      const sim = simulatePedigree(name, { panel, seed: 8, population: pop, focusOnly: true });
      if (name === 'family' || name === 'extended-family') continue;
      expect(sim.pairs[0].relationship).toBe(expected[name]);
    }
    const fam = simulatePedigree('family', { panel, seed: 8, population: pop, focusOnly: true });
    const rel = (a: string, b: string) => fam.pairs.find((p) => (p.a === a && p.b === b) || (p.a === b && p.b === a))?.relationship;
    expect(rel('son', 'paternal-grandfather')).toBe('grandparent');
    expect(rel('son', 'paternal-aunt')).toBe('avuncular');
    expect(rel('son', 'cousin')).toBe('first-cousins');
    expect(rel('son', 'son-wife')).toBe('unrelated');
    expect(rel('daughter', 'grandchild')).toBe('avuncular');
    expect(rel('cousin', 'grandchild')).toBe('first-cousins-once-removed');
    const ext = simulatePedigree('extended-family', { panel, seed: 8, population: pop, focusOnly: true });
    const extRel = (a: string, b: string) => ext.pairs.find((p) => (p.a === a && p.b === b) || (p.a === b && p.b === a))?.relationship;
    expect(extRel('daughter', 'son')).toBe('full-siblings');
    expect(extRel('daughter', 'aunt')).toBe('avuncular');
    expect(extRel('daughter', 'cousin')).toBe('first-cousins');
    expect(extRel('daughter', 'second-cousin')).toBe('second-cousins');
    expect(extRel('daughter', 'unrelated1')).toBe('unrelated');
    expect(extRel('unrelated1', 'unrelated2')).toBe('unrelated');
    expect(ext.people.find((p) => p.id === 'daughter')?.sex).toBe('female');
  });

  it('is deterministic for a seed', () => {
    const a = simulatePedigree('first-cousins', { panel, seed: 77, population: pop });
    const b = simulatePedigree('first-cousins', { panel, seed: 77, population: pop });
    expect(a.pairs[0].sharedCM).toBe(b.pairs[0].sharedCM);
    expect(Array.from(a.people[4].genome.hi)).toEqual(Array.from(b.people[4].genome.hi));
  });

  it('passes X, Y and MT down the right lines', () => {
    const fam = new Family(pop, createRng(5));
    const dad = fam.founder('dad', 'male');
    const mum = fam.founder('mum', 'female');
    const son = fam.child('son', dad, mum, 'male');
    const daughter = fam.child('daughter', dad, mum, 'female');
    const g = (p: typeof dad) => genotypesOf(fam, p, exact);
    const [gDad, gMum, gSon, gDaughter] = [dad, mum, son, daughter].map(g);
    const [ys, ye] = panel.chromRange.Y;
    const [ms, me] = panel.chromRange.MT;
    const [xs, xe] = panel.chromRange.X;
    for (let k = ys; k < ye; k++) {
      expect(code(gSon, k)).toBe(code(gDad, k));
      expect(code(gDaughter, k)).toBe(3);
    }
    for (let k = ms; k < me; k++) expect(code(gSon, k)).toBe(code(gMum, k));
    let sonXHet = 0;
    let dadXOpposite = 0;
    for (let k = xs; k < xe; k++) {
      if (code(gSon, k) === 1) sonXHet++;
      const d = code(gDad, k);
      const x = code(gDaughter, k);
      if ((d === 0 && x === 2) || (d === 2 && x === 0)) dadXOpposite++;
    }
    expect(sonXHet).toBe(0);
    expect(dadXOpposite).toBe(0);
    const calls = callsOf(fam, gSon);
    const y = calls.find((c) => c.chrom === 'Y');
    expect(y?.a2).toBe('');
    expect(calls.find((c) => c.chrom === '1')?.a2).not.toBe('');
    expect(calls).toHaveLength(panel.size);
  });

  it('adds no-calls and errors at the requested rates', () => {
    const sim = simulatePedigree('unrelated', { panel, seed: 4, population: pop, noCallRate: 0.05, errorRate: 0 });
    const g = sim.people[0].genome;
    const [ys, ye] = panel.chromRange.Y;
    let missing = 0;
    for (let k = 0; k < panel.size; k++) if ((k < ys || k >= ye) && code(g, k) === 3) missing++;
    expect(missing / panel.size).toBeGreaterThan(0.04);
    expect(missing / panel.size).toBeLessThan(0.06);
  });
});

describe('simulated paternal and maternal lineages', () => {
  const shipped = loadPanel();

  it('every lineage the simulator draws is called back as itself on the shipped panel', () => {
    const lists = [
      ['Y', SIMULATED_Y_LINEAGES],
      ['MT', SIMULATED_MT_LINEAGES],
    ] as const;
    for (const [chrom, list] of lists) {
      for (const [haplogroup] of list) {
        const bits = new Uint32Array((shipped.size + 31) >>> 5);
        const unread = writeLineage(bits, shipped, chrom, shippedLineageAlleles(chrom, haplogroup));
        const g = emptyPacked(shipped, 'male');
        const [s, e] = shipped.chromRange[chrom];
        for (let k = s; k < e; k++) setCode(g, k, (bits[k >>> 5] >>> (k & 31)) & 1 ? 2 : 0);
        for (const k of unread) setCode(g, k, 3);
        const l = lookupsFromPacked(g, shipped);
        const call = chrom === 'Y' ? callYHaplogroup(l) : callMtHaplogroup(l);
        expect({ chrom, haplogroup: call?.haplogroup, ancestral: call?.ancestral }).toEqual({ chrom, haplogroup, ancestral: 0 });
      }
    }
  });

  it("simulated people carry their father's Y and their mother's mt, and the callers recover them through chip noise", () => {
    const sim = simulatePedigree('first-cousins', { panel: shipped, seed: 12 });
    const byId = new Map(sim.people.map((p) => [p.id, p]));
    const seen = new Set<string>();
    for (const p of sim.people) {
      const l = lookupsFromPacked({ ...p.genome }, shipped);
      expect(callYHaplogroup(l)?.haplogroup ?? null).toBe(p.yHaplogroup);
      expect(callMtHaplogroup(l)?.haplogroup).toBe(p.mtHaplogroup);
      expect(p.yHaplogroup === null).toBe(p.sex === 'female');
      if (p.father) expect(p.yHaplogroup).toBe(p.sex === 'male' ? byId.get(p.father)?.yHaplogroup : null);
      if (p.mother) expect(p.mtHaplogroup).toBe(byId.get(p.mother)?.mtHaplogroup);
      if (p.yHaplogroup) seen.add(p.yHaplogroup);
    }
    // Founders' lineages are drawn, not all one branch.
    expect(sim.people.filter((p) => !p.father).length).toBeGreaterThan(2);
    expect(seen.size + new Set(sim.people.map((p) => p.mtHaplogroup)).size).toBeGreaterThan(2);
  }, 60_000);

  it("a panel without the trees' markers keeps synthetic Y and MT and records no lineage", () => {
    const sim = simulatePedigree('parent-child', { panel, seed: 3, population: pop });
    expect(sim.people.map((p) => [p.yHaplogroup, p.mtHaplogroup])).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
  });
});

describe('genome simulate CLI', () => {
  it('writes one file per person and truth.json', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sim-cli-'));
    try {
      const { run } = await import('../src/cli/simulate.ts');
      const write = process.stdout.write;
      process.stdout.write = (() => true) as typeof process.stdout.write;
      let code: number;
      try {
        code = await run(['--pedigree', 'parent-child', '--format', 'ancestry', '--out', dir, '--seed', '3', '--json']);
      } finally {
        process.stdout.write = write;
      }
      expect(code).toBe(0);
      const files = (await readdir(dir)).sort();
      expect(files).toEqual(['child.txt', 'father.txt', 'mother.txt', 'truth.json']);
      const truth = JSON.parse(await readFile(join(dir, 'truth.json'), 'utf8'));
      expect(truth.pairs[0].relationship).toBe('parent-child');
      expect(truth.people.map((p: { id: string }) => p.id)).toEqual(['father', 'mother', 'child']);
      const head = (await readFile(join(dir, 'child.txt'), 'utf8')).slice(0, 4000);
      expect(head).toMatch(/rsid\tchromosome\tposition\tallele1\tallele2/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('rejects bad arguments with a typed error', async () => {
    const { run } = await import('../src/cli/simulate.ts');
    await expect(run(['--pedigree', 'cousins', '--format', '23andme', '--out', '/tmp/x'])).rejects.toMatchObject({ code: 'BAD_ARGUMENT' });
    await expect(run(['--pedigree', 'unrelated', '--format', 'bogus', '--out', '/tmp/x'])).rejects.toMatchObject({ code: 'BAD_ARGUMENT' });
    await expect(run(['--pedigree', 'unrelated', '--format', '23andme'])).rejects.toMatchObject({ code: 'BAD_ARGUMENT' });
  });
});
