import { afterAll, describe, expect, it } from 'vitest';
import { type LayoutHit, matchGroup, prepareQuery } from '../src/ibd/index.ts';
import { GenomeStore } from '../src/ibd/store.ts';
import { type ChipLayout, layoutFromMarkers, packOnLayout } from '../src/layout.ts';
import { type PackedGenome, serialisePacked } from '../src/pack.ts';
import { callsOf, createPopulation, createRng, simulatePedigree, syntheticPanel } from '../src/simulate/index.ts';
import type { RawCall } from '../src/types.ts';

/**
 * The shared-memory store matched on two threads gives exactly matchGroup's hits on one: same ids,
 * segments, figures and order, whichever thread compared which genome.
 */
describe('GenomeStore (shared planes, several threads)', () => {
  const panel = syntheticPanel(300_000, 5);
  const pop = createPopulation(panel, createRng(11));
  const sims = [1, 2, 3].map((seed) => simulatePedigree('family', { panel, seed, population: pop }));
  const rng = createRng(12);
  const first = callsOf(sims[0].family, sims[0].people[0].genome);
  const tag = Int8Array.from(first, () => rng.int(5));
  const sub = (keep: (k: number) => boolean) => {
    const idx = first.map((_, k) => k).filter((k) => keep(k));
    const layout = layoutFromMarkers(
      idx.map((k) => first[k].chrom),
      idx.map((k) => first[k].pos),
    );
    return { layout, pick: (c: RawCall[]) => idx.map((k) => c[k]) };
  };
  // Three chips: A and B overlap on 40% of the panel, C is A less a fifth of its markers.
  const chips = [sub((k) => tag[k] <= 2), sub((k) => tag[k] >= 1), sub((k) => tag[k] <= 2 && k % 5 !== 0)];
  const people: { id: string; layout: ChipLayout; genome: PackedGenome }[] = [];
  sims.forEach((sim, f) => {
    sim.people.forEach((p, i) => {
      const chip = chips[(i + f) % 3];
      people.push({
        id: `f${f}-${p.id}`,
        layout: chip.layout,
        genome: packOnLayout(chip.pick(callsOf(sim.family, p.genome)), chip.layout),
      });
    });
  });
  const query = people.find((p) => p.id === 'f0-son') as (typeof people)[number];
  const store = new GenomeStore({ threads: 2, slabGenomes: 3, chunkGenomes: 1 });
  for (const p of people) store.add(p.id, p.layout, p.genome);
  afterAll(() => store.close());

  /** matchGroup per layout on one thread, in the store's order, merged as the store merges them. */
  const single = (skip: Set<string>) => {
    const hits: LayoutHit[] = [];
    for (const chip of chips) {
      const group = people.filter((p) => p.layout === chip.layout && !skip.has(p.id)).map((p) => ({ id: p.id, genome: p.genome }));
      hits.push(...matchGroup(prepareQuery(query.layout, query.genome, chip.layout), group));
    }
    const order = new Map(people.map((p, i) => [p.id, i]));
    return hits.sort((x, y) => y.sharedCM - x.sharedCM || (order.get(x.id) ?? 0) - (order.get(y.id) ?? 0));
  };

  it('finds exactly what matchGroup finds, with both threads taking part', async () => {
    const skip = new Set(['f0-son']);
    const expected = single(skip);
    expect(expected.length).toBeGreaterThan(5);
    // The worker thread starts during the first match; repeat until it has compared some genomes.
    let helped = false;
    for (let round = 0; round < 20 && !helped; round++) {
      const stats = { compared: 0, candidates: 0, matches: 0 };
      const hits = await store.match(query.layout, query.genome, { skip }, stats);
      expect(hits).toEqual(expected);
      expect(stats.compared).toBe(people.length - 1);
      expect(stats.matches).toBe(expected.length);
      const by = store.lastMatch?.comparedByThread ?? [];
      expect(by.reduce((a, b) => a + b, 0)).toBe(people.length - 1);
      helped = by.length === 2 && by[1] > 0;
    }
    expect(helped).toBe(true);
  });

  it('keeps its genomes right through deletes, replacements and layout changes', async () => {
    const other = new GenomeStore({ threads: 2, slabGenomes: 2, chunkGenomes: 2 });
    try {
      for (const p of people) other.add(p.id, p.layout, p.genome);
      // A deleted genome's slot takes the last one of its layout; a replaced one changes in place.
      const gone = people.filter((_, i) => i % 4 === 1).map((p) => p.id);
      for (const id of gone) expect(other.delete(id)).toBe(true);
      expect(other.delete(gone[0])).toBe(false);
      const father = people.find((p) => p.id === 'f0-father') as (typeof people)[number];
      const cousin = people.find((p) => p.id === 'f0-cousin') as (typeof people)[number];
      other.add('f0-father', cousin.layout, cousin.genome);
      expect(other.size).toBe(people.length - gone.length);
      const hits = await other.match(query.layout, query.genome, { skip: new Set(['f0-son']) });
      for (const id of gone.filter((x) => x !== 'f0-father')) expect(hits.some((h) => h.id === id)).toBe(false);
      const asFather = hits.find((h) => h.id === 'f0-father');
      const asCousin = hits.find((h) => h.id === 'f0-cousin');
      if (!gone.includes('f0-cousin')) expect(asFather?.sharedCM).toBe(asCousin?.sharedCM);
      expect(asFather?.sharedCM).not.toBe(matchGroup(prepareQuery(query.layout, query.genome, father.layout), [father]).at(0)?.sharedCM);
      // Every stored genome reads back bit for bit.
      for (const p of people) {
        const planes = other.planesOf(p.id);
        if (gone.includes(p.id) && p.id !== 'f0-father') {
          expect(planes).toBeUndefined();
          continue;
        }
        const g = p.id === 'f0-father' ? cousin.genome : p.genome;
        const words = (g.n + 31) >>> 5;
        const back = Array.from({ length: words }, (_, w) => [planes?.hi[(planes?.hiAt ?? 0) + w], planes?.lo[(planes?.loAt ?? 0) + w]]);
        expect(back).toEqual(Array.from({ length: words }, (_, w) => [g.hi[w], g.lo[w]]));
      }
    } finally {
      await other.close();
    }
  });

  it('refuses a genome not over the layout it is said to be on', () => {
    expect(() => store.add('x', chips[1].layout, query.genome)).toThrow(/芯片位点布局/);
    expect(() => store.addSerialised('x', chips[1].layout, serialisePacked(query.genome))).toThrow(/芯片位点布局/);
    expect(() => store.addSerialised('x', query.layout, serialisePacked(query.genome).subarray(1))).toThrow(/已损坏/);
    expect(store.has('x')).toBe(false);
  });

  it('stores serialised genomes (addSerialised) exactly as unpacked ones, replacing in place', async () => {
    const from = new GenomeStore({ threads: 2, slabGenomes: 3, chunkGenomes: 1 });
    try {
      // First each under another genome's bytes, then replaced by its own: a replacement writes in place.
      people.forEach((p, i) => {
        const other = people[(i + 1) % people.length];
        if (other.layout === p.layout) from.addSerialised(p.id, p.layout, serialisePacked(other.genome));
      });
      // Serialised bytes at an odd offset in a larger buffer (as a database driver may hand them over).
      for (const p of people) {
        const bytes = serialisePacked(p.genome);
        const padded = new Uint8Array(bytes.length + 3);
        padded.set(bytes, 1);
        from.addSerialised(p.id, p.layout, padded.subarray(1, 1 + bytes.length));
      }
      expect(from.size).toBe(people.length);
      for (const p of people) {
        const a = from.planesOf(p.id);
        const b = store.planesOf(p.id);
        const words = (p.genome.n + 31) >>> 5;
        const read = (x: typeof a) => Array.from({ length: words }, (_, w) => [x?.hi[(x?.hiAt ?? 0) + w], x?.lo[(x?.loAt ?? 0) + w]]);
        expect(read(a)).toEqual(read(b));
      }
      const skip = new Set(['f0-son']);
      expect(await from.match(query.layout, query.genome, { skip })).toEqual(single(skip));
    } finally {
      await from.close();
    }
  });
});
