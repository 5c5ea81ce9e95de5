import { describe, expect, it } from 'vitest';
import { matchGenomes, matchGroup, matchPair, OVERLAP_FLOOR, pairLayouts, prepareQuery } from '../src/ibd/index.ts';
import {
  type ChipLayout,
  codeCall,
  deserialiseLayout,
  layoutFromMarkers,
  layoutOfCalls,
  packOnLayout,
  serialiseLayout,
} from '../src/layout.ts';
import { codeAt } from '../src/pack.ts';
import { callsOf, createPopulation, createRng, simulatePedigree, syntheticPanel } from '../src/simulate/index.ts';
import { type Chrom, GenomeError, type NormalisedCall, type RawCall } from '../src/types.ts';

const call = (chrom: Chrom, pos: number, a1: string, a2: string): NormalisedCall => ({ rsid: `rs${pos}`, chrom, pos, a1, a2 });

describe('canonical allele coding', () => {
  it('codes by base strength, the same on either strand', () => {
    expect([codeCall('A', 'A'), codeCall('T', 'T'), codeCall('C', 'C'), codeCall('G', 'G')]).toEqual([0, 0, 2, 2]);
    expect([codeCall('A', 'G'), codeCall('C', 'T'), codeCall('A', 'T'), codeCall('C', 'G')]).toEqual([1, 1, 1, 1]);
    // Complement strand: AA <-> TT, GG <-> CC keep their codes.
    expect(codeCall('A', 'A')).toBe(codeCall('T', 'T'));
    expect(codeCall('G', 'G')).toBe(codeCall('C', 'C'));
    expect([codeCall('A', ''), codeCall('G', '')]).toEqual([0, 2]);
    expect([codeCall('-', '-'), codeCall('D', 'I'), codeCall('I', 'I'), codeCall('A', 'D')]).toEqual([3, 3, 3, 3]);
  });
});

describe('chip layouts', () => {
  const calls = [
    call('2', 500, 'A', 'G'),
    call('1', 900, '-', '-'),
    call('1', 100, 'C', 'C'),
    call('Y', 2_800_000, 'T', ''),
    call('MT', 73, 'G', ''),
    call('X', 3_000_000, 'T', 'T'),
    call('1', 100, 'A', 'A'), // same position again: kept once
  ];

  it('keeps every autosomal and X marker a file lists, sorted, once', () => {
    const layout = layoutOfCalls(calls);
    expect(layout.size).toBe(4);
    expect([...layout.pos]).toEqual([100, 900, 500, 3_000_000]);
    expect(layout.chrom).toEqual(['1', '1', '2', 'X']);
    expect(layout.chromRange['1']).toEqual([0, 2]);
    expect(layout.chromRange.Y).toEqual([4, 4]);
    expect(layout.indexOfPosition('2', 500)).toBe(2);
    expect(layout.indexOfPosition('2', 501)).toBe(-1);
    expect(layout.id).toMatch(/^lay-[0-9a-f]{16}$/);
  });

  it('has one id per marker set, whatever the order or the calls', () => {
    const a = layoutOfCalls(calls);
    const b = layoutOfCalls([...calls].reverse().map((c) => ({ ...c, a1: '-', a2: '-' })));
    expect(b.id).toBe(a.id);
    expect(layoutOfCalls(calls.slice(1)).id).not.toBe(a.id);
  });

  it('serialises compactly and back, and refuses damaged bytes', () => {
    const chrom: Chrom[] = [];
    const pos: number[] = [];
    for (let k = 0; k < 50_000; k++) {
      chrom.push(k < 48_000 ? '1' : 'X');
      pos.push(1000 + k * 4_000 + (k % 7));
    }
    const layout = layoutFromMarkers(chrom, pos);
    const bytes = serialiseLayout(layout);
    expect(bytes.length).toBeLessThan(layout.size * 2);
    const back = deserialiseLayout(bytes);
    expect(back.id).toBe(layout.id);
    expect([...back.pos]).toEqual([...layout.pos]);
    expect(back.chrom).toEqual(layout.chrom);
    expect(() => deserialiseLayout(bytes.subarray(0, bytes.length - 3))).toThrow(GenomeError);
    expect(() => deserialiseLayout(new Uint8Array([1, 2, 3]))).toThrow(GenomeError);
    const wrongVersion = bytes.slice();
    wrongVersion[4] = 9;
    expect(() => deserialiseLayout(wrongVersion)).toThrow(GenomeError);
  });

  it('packs a file over its own layout', () => {
    const layout = layoutOfCalls(calls);
    const g = packOnLayout(calls, layout, 'female');
    expect(g.panelId).toBe(layout.id);
    expect(g.n).toBe(4);
    expect([0, 1, 2, 3].map((k) => codeAt(g, k))).toEqual([2, 3, 1, 0]);
  });
});

/** A sub-layout of the simulation's panel: the markers `keep` says yes to (autosomes and X). */
function subLayout(calls: RawCall[], keep: (k: number) => boolean): { layout: ChipLayout; pick: (c: RawCall[]) => RawCall[] } {
  const idx = calls.map((_, k) => k).filter((k) => keep(k));
  const layout = layoutFromMarkers(
    idx.map((k) => calls[k].chrom),
    idx.map((k) => calls[k].pos),
  );
  return { layout, pick: (c) => idx.map((k) => c[k]) };
}

describe('matching across layouts', () => {
  const panel = syntheticPanel(300_000, 5);
  const pop = createPopulation(panel, createRng(6));
  const sim = simulatePedigree('family', { panel, seed: 7, population: pop });
  const person = (id: string) => {
    const p = sim.people.find((x) => x.id === id);
    if (!p) throw new Error(id);
    return callsOf(sim.family, p.genome);
  };
  const son = person('son');
  const father = person('father');
  const cousin = person('cousin');
  const wife = person('son-wife');
  // Two "chips": A keeps markers k % 5 in {0,1,2}, B keeps {1,2,3,4}: overlap 40% of the panel.
  const rng = createRng(8);
  const tag = Int8Array.from(son, () => rng.int(5));
  const A = subLayout(son, (k) => tag[k] <= 2);
  const B = subLayout(son, (k) => tag[k] >= 1);

  it('counts the markers both layouts carry', () => {
    const p = pairLayouts(A.layout, B.layout);
    let both = 0;
    for (let k = 0; k < B.layout.size; k++) if (A.layout.indexOfPosition(B.layout.chrom[k], B.layout.pos[k]) >= 0) both++;
    expect(p.overlapMarkers).toBe(both);
    expect(p.overlapAutosomal).toBeGreaterThan(OVERLAP_FLOOR);
    expect(p.insufficientOverlap).toBe(false);
    expect(p.half.minMarkers).toBeLessThan(500);
    expect(pairLayouts(A.layout, A.layout).map).toBeNull();
  });

  it('finds a parent on another chip at parent-child level, close to the full panel', () => {
    const full = matchGenomes(
      sim.people.find((p) => p.id === 'son')?.genome as never,
      sim.people.find((p) => p.id === 'father')?.genome as never,
      {
        panel,
      },
    );
    const a = packOnLayout(A.pick(son), A.layout);
    const b = packOnLayout(B.pick(father), B.layout);
    const r = matchPair(A.layout, a, B.layout, b);
    expect(r.relationship?.label).toBe('父母/子女');
    expect(Math.abs(r.sharedCM - full.sharedCM) / full.sharedCM).toBeLessThan(0.03);
    expect(r.insufficientOverlap).toBe(false);
    // Same layout: no projection, the same figures as matching on the panel itself.
    const same = matchPair(B.layout, packOnLayout(B.pick(son), B.layout), B.layout, b);
    expect(Math.abs(same.sharedCM - full.sharedCM) / full.sharedCM).toBeLessThan(0.03);
  });

  it('one query against a group finds what one-to-one finds', () => {
    const query = packOnLayout(A.pick(son), A.layout);
    const others = [
      { id: 'father', genome: packOnLayout(B.pick(father), B.layout) },
      { id: 'cousin', genome: packOnLayout(B.pick(cousin), B.layout) },
      { id: 'wife', genome: packOnLayout(B.pick(wife), B.layout) },
    ];
    const stats = { compared: 0, candidates: 0, matches: 0 };
    const hits = matchGroup(prepareQuery(A.layout, query, B.layout), others, {}, stats);
    const direct = others.filter((o) => matchPair(A.layout, query, B.layout, o.genome).segments.length > 0).map((o) => o.id);
    expect(hits.map((h) => h.id).sort()).toEqual(direct.sort());
    expect(hits[0].id).toBe('father');
    // The cousin's detected sharing follows the simulation's truth.
    const cousinCM = hits.find((h) => h.id === 'cousin')?.sharedCM ?? 0;
    const truth = sim.pairs.find((p) => (p.a === 'son' && p.b === 'cousin') || (p.a === 'cousin' && p.b === 'son'))?.sharedCM ?? 0;
    expect(Math.abs(cousinCM - truth) / truth).toBeLessThan(0.15);
    expect(hits.find((h) => h.id === 'wife')).toBeUndefined();
    expect(stats.compared).toBe(3);
    expect(hits.every((h) => h.overlapMarkers === pairLayouts(A.layout, B.layout).overlapMarkers)).toBe(true);
  });

  it('says the overlap is insufficient below the floor instead of grading', () => {
    const C = subLayout(son, (k) => tag[k] === 0 || (tag[k] === 1 && k % 8 === 0));
    const D = subLayout(son, (k) => tag[k] === 1);
    const p = pairLayouts(C.layout, D.layout);
    expect(p.overlapAutosomal).toBeLessThan(OVERLAP_FLOOR);
    const r = matchPair(C.layout, packOnLayout(C.pick(son), C.layout), D.layout, packOnLayout(D.pick(father), D.layout));
    expect(r.insufficientOverlap).toBe(true);
    expect(r.relationship).toBeNull();
    expect(r.overlapMarkers).toBe(p.overlapMarkers);
  });

  it('refuses a genome that is not over the layout it is said to be on', () => {
    const a = packOnLayout(A.pick(son), A.layout);
    expect(() => matchPair(B.layout, a, B.layout, packOnLayout(B.pick(father), B.layout))).toThrow(GenomeError);
  });
});
