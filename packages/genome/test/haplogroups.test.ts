import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  callMtHaplogroup,
  callYHaplogroup,
  haplogroupMarkerPositions,
  loadMtTree,
  loadYTree,
  mtPathOf,
  type TreeNode,
  yPathOf,
} from '../src/haplogroups/index.ts';
import { type CompiledTree, compiledMtTree, compiledYTree, findNode, pathIndexes } from '../src/haplogroups/tree.ts';
import { type Chrom, GenomeError } from '../src/types.ts';
import type { Lookups } from '../src/lookup.ts';

const RCRS = readFileSync(new URL('./fixtures/haplogroups/rCRS.txt', import.meta.url), 'utf8').trim();

function rng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** A male who is derived along the path to `haplogroup` and ancestral at every other Y marker. */
function yProfile(haplogroup: string): Map<number, string> {
  const t = compiledYTree();
  const node = findNode(t, haplogroup);
  expect(node).toBeGreaterThan(0);
  const onPath = new Set(pathIndexes(t, node));
  const genotype = new Map<number, string>();
  for (let n = 0; n < t.names.length; n++) {
    for (let i = t.markerStart[n]; i < t.markerStart[n + 1]; i++) genotype.set(t.pos[i], onPath.has(n) ? t.der[i] : t.anc[i]);
  }
  return genotype;
}

/** Lookups of a genome with these genotypes on one chromosome, by position only. */
function lookup(chrom: Chrom, genotype: Map<number, string>): Lookups {
  return { byPosition: (c, pos) => (c === chrom ? (genotype.get(pos) ?? null) : null), byRsid: () => null };
}

const NOTHING: Lookups = { byPosition: () => null, byRsid: () => null };

function markersOf(t: CompiledTree, name: string): number[] {
  const node = t.index.get(name);
  if (node === undefined) throw new Error(`no node ${name}`);
  return Array.from({ length: t.markerStart[node + 1] - t.markerStart[node] }, (_, k) => t.markerStart[node] + k);
}

function isOnPathTo(path: string[], name: string): boolean {
  return path.includes(name);
}

/** rCRS with the given mutations ('5178A', '8281d'). */
function mtProfile(mutations: string[]): Map<number, string> {
  const g = new Map<number, string>();
  for (let p = 1; p <= RCRS.length; p++) if (RCRS[p - 1] !== 'N') g.set(p, RCRS[p - 1]);
  for (const m of mutations) {
    const [, pos, state] = /^(\d+)([ACGTd])$/.exec(m) ?? [];
    g.set(Number(pos), state === 'd' ? 'D' : state);
  }
  return g;
}

/** The states separating rCRS (H2a2a1) from the root of haplogroup M/N/R lineages, from the literature. */
const NON_H = ['73G', '263G', '750G', '1438G', '2706G', '4769G', '7028T', '8860G', '11719A', '14766T', '15326G'];
const NON_N = ['8701G', '9540C', '10398G', '10873C', '15301A', '12705T', '16223T'];
const M = [...NON_H, ...NON_N, '489C', '10400T', '14783C', '15043A'];

describe('tree integrity', () => {
  for (const [kind, load] of [
    ['Y', loadYTree],
    ['MT', loadMtTree],
  ] as const) {
    it(`${kind}: one root, every parent exists and precedes its child, no cycles`, () => {
      const nodes: TreeNode[] = load();
      expect(nodes.filter((n) => n.parent === null)).toHaveLength(1);
      expect(nodes[0].parent).toBeNull();
      const seen = new Map<string, number>();
      nodes.forEach((n, i) => {
        expect(seen.has(n.id)).toBe(false);
        if (n.parent !== null) expect(seen.get(n.parent)).toBeLessThan(i);
        seen.set(n.id, i);
      });
      // Parents precede children, so walking up always ends at the root within nodes.length steps.
      const parentOf = new Map(nodes.map((n) => [n.id, n.parent]));
      for (const n of nodes) {
        let steps = 0;
        for (let p: string | null = n.id; p !== null; p = parentOf.get(p) ?? null) steps++;
        expect(steps).toBeLessThanOrEqual(nodes.length);
      }
    });
  }

  it('Y: each GRCh37 position defines exactly one branch, with distinct ancestral and derived alleles', () => {
    const t = compiledYTree();
    expect(new Set(t.pos).size).toBe(t.pos.length);
    for (let i = 0; i < t.pos.length; i++) expect(t.anc[i]).not.toBe(t.der[i]);
    expect(t.names.length).toBeGreaterThan(4000);
  });

  it('mt: replaying mutations from mt-MRCA, each marker starts from its parent state and rCRS comes out as H2a2a1', () => {
    const t = compiledMtTree();
    // Root state: rCRS with the mutations on the path to H2a2a1 undone.
    const root = new Map<number, string>();
    for (const node of pathIndexes(t, t.index.get('H2a2a1')!).reverse()) {
      for (let i = t.markerStart[node]; i < t.markerStart[node + 1]; i++) root.set(t.pos[i], t.anc[i]);
    }
    const state = (path: number[], pos: number) => {
      let s = root.get(pos) ?? RCRS[pos - 1];
      for (const node of path) {
        for (let i = t.markerStart[node]; i < t.markerStart[node + 1]; i++) if (t.pos[i] === pos) s = t.der[i];
      }
      return s;
    };
    for (let node = 1; node < t.names.length; node++) {
      const parentPath = pathIndexes(t, t.parent[node]);
      const positions = new Set<number>();
      for (let i = t.markerStart[node]; i < t.markerStart[node + 1]; i++) {
        expect(positions.has(t.pos[i])).toBe(false);
        positions.add(t.pos[i]);
        expect(t.anc[i]).not.toBe(t.der[i]);
        expect(t.anc[i], `${t.names[node]} ${t.markerName[i]}`).toBe(state(parentPath, t.pos[i]));
      }
    }
    const h = pathIndexes(t, t.index.get('H2a2a1')!);
    for (let i = 0; i < t.pos.length; i++) expect(state(h, t.pos[i])).toBe(RCRS[t.pos[i] - 1]);
  });

  it('keeps the East Asian branches and places key SNPs where ISOGG and PhyloTree put them', () => {
    const mt = new Set(loadMtTree().map((n) => n.id));
    for (const h of [
      'A',
      'B4',
      'B5',
      'C',
      'D',
      'D4',
      'D5',
      'F',
      'F1',
      'G',
      'M7',
      'M7b',
      'M7c',
      'M8',
      'M9',
      'N9',
      'N9a',
      'R9',
      'Y',
      'Z',
      'M10',
      'E',
    ]) {
      expect(mt.has(h), h).toBe(true);
    }
    const y = compiledYTree();
    const nodeOfSnp = (snp: string) => {
      const i = y.markerName.indexOf(snp);
      expect(i, snp).toBeGreaterThanOrEqual(0);
      return { node: y.names[pathIndexes(y, findNode(y, snp)).at(-1)!], pos: y.pos[i], anc: y.anc[i], der: y.der[i] };
    };
    expect(nodeOfSnp('M175').node).toBe('O');
    expect(nodeOfSnp('M122').node).toBe('O2');
    expect(nodeOfSnp('M119').node).toBe('O1a');
    expect(nodeOfSnp('M268').node).toBe('O1b');
    expect(nodeOfSnp('M134').node).toBe('O2a2b1');
    expect(nodeOfSnp('M117').node).toBe('O2a2b1a1');
    expect(nodeOfSnp('F11').node).toBe('O2a1b1a1a1a');
    expect(nodeOfSnp('F3796').node).toBe('C2a1a3a');
    expect(nodeOfSnp('M231').node).toBe('N');
    expect(nodeOfSnp('M174').node).toBe('D1');
    expect(nodeOfSnp('M242').node).toBe('Q');
    expect(nodeOfSnp('M207').node).toBe('R');
    expect(nodeOfSnp('M217')).toEqual({ node: 'C2', pos: 15437333, anc: 'A', der: 'C' });
    expect(yPathOf('O')).toEqual([
      'Y-Adam',
      'A000T',
      'A00T',
      'A0T',
      'A1',
      'A1b',
      'BT',
      'CT',
      'CF',
      'F',
      'GHIJK',
      'HIJK',
      'IJK',
      'K',
      'K2',
      'NO',
      'NO1',
      'O',
    ]);
  });

  it('ships compact files', () => {
    for (const f of ['ytree.json', 'mttree.json']) {
      expect(readFileSync(new URL(`../data/haplogroups/${f}`, import.meta.url)).length).toBeLessThan(1_000_000);
    }
  });
});

describe('Y haplogroup', () => {
  const F11 = yProfile('O2a1b1a1a1a');

  it('a male derived along the O-F11 path gets O2a1b1a1a1a with its path from the root', () => {
    const call = callYHaplogroup(lookup('Y', F11))!;
    expect(call.haplogroup).toBe('O2a1b1a1a1a');
    expect(call.snpName).toBe('O-F11');
    expect(call.path.map((p) => p.haplogroup)).toEqual(yPathOf('O-F11'));
    expect(call.path[0].haplogroup).toBe('Y-Adam');
    expect(call.path.find((p) => p.haplogroup === 'O')!.snps).toContain('M175');
    expect(call.path.at(-1)!.snps).toContain('F11');
    expect(call.ancestral).toBe(0);
    expect(call.derived).toBeGreaterThan(100);
    expect(call.confidence).toBeGreaterThan(0.9);
    expect(call.confidence).toBeLessThanOrEqual(1);
  });

  for (const h of ['C2', 'C2a1a3a', 'N', 'D1', 'Q', 'R1a1a', 'O1b', 'O2a2b1a1']) {
    it(`calls ${h} from its own profile`, () => {
      expect(callYHaplogroup(lookup('Y', yProfile(h)))!.haplogroup).toBe(h);
    });
  }

  it('accepts diploid-looking male calls ("AA") as haploid', () => {
    const doubled = new Map([...F11].map(([p, g]) => [p, g + g]));
    expect(callYHaplogroup(lookup('Y', doubled))!.haplogroup).toBe('O2a1b1a1a1a');
  });

  it('with the deepest markers no-called, falls back to a parent branch, never a sibling', () => {
    const g = new Map(F11);
    const t = compiledYTree();
    for (const name of ['O2a1b1a1a1a', 'O2a1b1a1a1']) for (const i of markersOf(t, name)) g.set(t.pos[i], '--');
    const call = callYHaplogroup(lookup('Y', g))!;
    expect(call.haplogroup).toBe('O2a1b1a1a');
    expect(call.path.map((p) => p.haplogroup)).toEqual(yPathOf('O2a1b1a1a'));
    expect(call.derived).toBeLessThan(callYHaplogroup(lookup('Y', F11))!.derived);
  });

  it('with half of all markers no-called at random, stays on the true path', () => {
    const truth = yPathOf('O2a1b1a1a1a');
    for (let seed = 1; seed <= 20; seed++) {
      const r = rng(seed);
      const g = new Map([...F11].map(([p, a]) => [p, r() < 0.5 ? '--' : a]));
      const call = callYHaplogroup(lookup('Y', g))!;
      expect(isOnPathTo(truth, call.haplogroup), `seed ${seed}: ${call.haplogroup}`).toBe(true);
      expect(yPathOf(call.haplogroup).length).toBeGreaterThanOrEqual(yPathOf('O2').length);
    }
  });

  it('reads by rsid when the file has no position for a marker', () => {
    const t = compiledYTree();
    const byRsid = new Map<string, string>();
    for (let i = 0; i < t.pos.length; i++) if (t.rsid[i]) byRsid.set(`rs${t.rsid[i]}`, F11.get(t.pos[i])!);
    const call = callYHaplogroup({ byPosition: () => null, byRsid: (rs) => byRsid.get(rs) ?? null })!;
    expect(isOnPathTo(yPathOf('O2a1b1a1a1a'), call.haplogroup)).toBe(true);
    expect(yPathOf(call.haplogroup)).toContain('O2');
  });

  it('one wrong call does not flip the result', () => {
    const t = compiledYTree();
    // A derived misread at a branch of another clade (R1a1a) and an ancestral misread on the path (at O).
    const noisy = new Map(F11);
    const r1a = markersOf(t, 'R1a1a')[0];
    noisy.set(t.pos[r1a], t.der[r1a]);
    const o = markersOf(t, 'O')[0];
    noisy.set(t.pos[o], t.anc[o]);
    const call = callYHaplogroup(lookup('Y', noisy))!;
    expect(call.haplogroup).toBe('O2a1b1a1a1a');
    expect(call.ancestral).toBe(1);
    // A heterozygous call at a haploid site is noise: counted as a no-call.
    const het = new Map(F11);
    const f11 = markersOf(t, 'O2a1b1a1a1')[0];
    het.set(t.pos[f11], `${t.anc[f11]}${t.der[f11]}`.split('').sort().join(''));
    const hetCall = callYHaplogroup(lookup('Y', het))!;
    expect(hetCall.haplogroup).toBe('O2a1b1a1a1a');
    expect(hetCall.noCall).toBe(1);
  });

  it('a female (no Y calls, or a few spurious ones) gets null', () => {
    expect(callYHaplogroup(NOTHING)).toBeNull();
    const noCalls = new Map([...F11].map(([p]) => [p, '--']));
    expect(callYHaplogroup(lookup('Y', noCalls))).toBeNull();
    const spurious = new Map(noCalls);
    for (const [p, a] of [...F11].slice(0, 20)) spurious.set(p, a);
    expect(callYHaplogroup(lookup('Y', spurious))).toBeNull();
    // Autosomal calls are not Y calls.
    expect(callYHaplogroup(lookup('1', F11))).toBeNull();
  });

  it('yPathOf accepts ISOGG, SNP-based and SNP names and rejects unknown ones', () => {
    expect(yPathOf('O-F11')).toEqual(yPathOf('O2a1b1a1a1a'));
    expect(yPathOf('F11')).toEqual(yPathOf('O2a1b1a1a1a'));
    expect(yPathOf('O2a1b1a1a1a').slice(-3)).toEqual(['O2a1b1a1a', 'O2a1b1a1a1', 'O2a1b1a1a1a']);
    expect(() => yPathOf('Z9z9')).toThrow(GenomeError);
  });

  it('loadYTree gives SNP-based names and cited ages, null elsewhere', () => {
    const nodes = loadYTree();
    const o = nodes.find((n) => n.id === 'O')!;
    expect(o.snpName).toBe('O-M175');
    expect(o.snps).toContain('M175');
    expect(o.age).toBe(34042);
    expect(nodes.find((n) => n.id === 'O2')!.age).toBeNull();
    expect(nodes.find((n) => n.id === 'D1')!.age).toBe(49866);
  });
});

describe('mt haplogroup', () => {
  it('rCRS itself is H2a2a1', () => {
    const call = callMtHaplogroup(lookup('MT', mtProfile([])))!;
    expect(call.haplogroup).toBe('H2a2a1');
    expect(call.path[0].haplogroup).toBe('mt-MRCA');
    expect(call.path.map((p) => p.haplogroup)).toEqual(mtPathOf('H2a2a1'));
    expect(call.ancestral).toBe(0);
  });

  it('a D4 profile (rCRS + published D4 states) is D4', () => {
    const call = callMtHaplogroup(lookup('MT', mtProfile([...M, '4883T', '5178A', '16362C', '3010A', '8414T', '14668T'])))!;
    expect(call.haplogroup).toBe('D4');
    expect(call.path.map((p) => p.haplogroup)).toEqual(expect.arrayContaining(['L3', 'M', 'D', 'D4']));
    expect(call.path.find((p) => p.haplogroup === 'D')!.snps).toEqual(expect.arrayContaining(['C5178A', 'T16362C']));
    expect(call.ageEstimateYbp).toBeNull();
    expect(callMtHaplogroup(lookup('MT', mtProfile([...M, '4883T', '5178A', '16362C'])))!.ageEstimateYbp).toBe(48300);
  });

  it('an M7b profile is M7b', () => {
    expect(callMtHaplogroup(lookup('MT', mtProfile([...M, '6455T', '9824C', '4071T', '12405T'])))!.haplogroup).toBe('M7b');
  });

  it('B4 with or without the 9-bp deletion as chips report it', () => {
    const b4 = [...NON_H, '16189C', '16217C'];
    const withDeletion = mtProfile([...b4, ...Array.from({ length: 9 }, (_, k) => `${8281 + k}d`)]);
    const a = callMtHaplogroup(lookup('MT', withDeletion))!;
    expect(a.haplogroup).toBe('B4');
    expect(a.path.find((p) => p.haplogroup === "B4'5")!.snps).toContain('C8281d');
    // Most chips do not read the deletion: the other markers still place the sample in B4.
    const withoutDeletion = mtProfile(b4);
    for (let p = 8281; p <= 8289; p++) withoutDeletion.delete(p);
    const b = callMtHaplogroup(lookup('MT', withoutDeletion))!;
    expect(b.haplogroup).toBe('B4');
    expect(a.derived).toBe(b.derived + 9);
  });

  it('a sparse chip (one MT site in five) still lands on the true path', () => {
    const g = mtProfile([...M, '4883T', '5178A', '16362C', '3010A', '8414T', '14668T']);
    const truth = mtPathOf('D4');
    const r = rng(7);
    for (const p of [...g.keys()]) if (r() > 0.2) g.delete(p);
    const call = callMtHaplogroup(lookup('MT', g))!;
    expect(truth).toContain(call.haplogroup);
  });

  it('no MT calls gives null', () => {
    expect(callMtHaplogroup(NOTHING)).toBeNull();
    expect(callMtHaplogroup(lookup('MT', new Map([[16217, '--']])))).toBeNull();
  });
});

describe('robustness', () => {
  it('odd lookup results never throw: every answer is null or a well-formed call', () => {
    const junk = ['', '-', '--', '00', 'A', 'AA', 'AG', 'N', 'NN', 'ACGT', 'DI', 'DD', 'I', '0', 'a', '??'];
    const r = rng(11);
    for (let round = 0; round < 50; round++) {
      const pick = () => junk[Math.floor(r() * junk.length)];
      const look = () => (r() < 0.3 ? null : pick());
      for (const call of [
        callYHaplogroup({ byPosition: look, byRsid: pick }),
        callMtHaplogroup({ byPosition: look, byRsid: () => null }),
      ]) {
        if (call === null) continue;
        expect(call.path[0].haplogroup).toMatch(/^(Y-Adam|mt-MRCA)$/);
        expect(call.confidence).toBeGreaterThanOrEqual(0);
        expect(call.confidence).toBeLessThanOrEqual(1);
        expect(call.derived + call.ancestral + call.noCall).toBeGreaterThanOrEqual(0);
      }
    }
  });
});

describe('marker positions for the panel', () => {
  it('lists the sorted positions both trees read', () => {
    const { Y, MT } = haplogroupMarkerPositions();
    expect(Y).toContain(15437333);
    expect(MT).toContain(16217);
    expect(Y.every((p, i) => i === 0 || p > Y[i - 1])).toBe(true);
    expect(MT.every((p) => p >= 1 && p <= 16569)).toBe(true);
  });
});
