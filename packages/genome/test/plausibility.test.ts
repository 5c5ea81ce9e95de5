import { describe, expect, it } from 'vitest';
import { type AncestryMix, mixVector, perturbedFrequencies, simulateAdmixedGenotypes } from '../src/ancestry/simulate.ts';
import { loadAncestryReference } from '../src/ancestry/reference.ts';
import { loadPanel } from '../src/panel.ts';
import { OVERLAP_FLOOR } from '../src/ibd/layouts.ts';
import { checkPlausibility, PLAUSIBILITY_LIMITS, populationAgreement } from '../src/plausibility.ts';
import { callsOf, createPopulation, createRng, mergePanels, simulatePedigree, syntheticPanel } from '../src/simulate/index.ts';
import type { NormalisedCall } from '../src/types.ts';

// The shipped panel's real markers (ancestry reference among them) with a synthetic chip-density
// backbone: the sex checks need thousands of X markers, and no real X marker list is shipped.
const panel = mergePanels(loadPanel(), syntheticPanel(600_000, 1));
const reference = loadAncestryReference();

/** Realistic simulated people of one founder population (every member of the extended family). */
function family(ancestry: AncestryMix | undefined, seed: number) {
  const population = createPopulation(panel, createRng(seed), ancestry ? { ancestry } : {});
  const sim = simulatePedigree('extended-family', { panel, seed, population });
  return sim.people.map((p) => ({ id: p.id, sex: p.sex, calls: callsOf(sim.family, p.genome) as NormalisedCall[] }));
}

const codes = (calls: NormalisedCall[], statedSex: 'male' | 'female' | null = null) =>
  checkPlausibility({ vendor: '23andme', calls, statedSex }).reasons.map((r) => r.code);

describe('plausibility gate', () => {
  const people = family(undefined, 11);
  const base = people[0].calls;

  it('passes every realistic simulated genome, of several ancestries, and records the range', () => {
    const seen = { windowHet: [1, 0], het: [1, 0], noCall: [1, 0], z: [99, -99], hetExcessZ: [99, -99], xHetFemale: [1, 0] };
    const widen = (r: number[], x: number) => {
      r[0] = Math.min(r[0], x);
      r[1] = Math.max(r[1], x);
    };
    const groups: [AncestryMix | undefined, number][] = [
      [undefined, 11],
      [{ european: 1 }, 12],
      [{ dai_sea: 0.5, japanese: 0.5 }, 14],
    ];
    let n = 0;
    for (const [mix, seed] of groups) {
      for (const p of seed === 11 ? people : family(mix, seed).slice(0, 2)) {
        const r = checkPlausibility({ vendor: '23andme', calls: p.calls, statedSex: p.sex });
        expect(r.reasons, `${p.id} of ${JSON.stringify(mix)}`).toEqual([]);
        const f = r.figures;
        widen(seen.het, f.heterozygosity);
        widen(seen.windowHet, f.maxWindowHeterozygosity);
        widen(seen.noCall, f.noCallRate);
        widen(seen.z, f.populationZ as number);
        widen(seen.hetExcessZ, f.hetExcessZ as number);
        if (p.sex === 'female') widen(seen.xHetFemale, f.xHeterozygosity as number);
        expect(f.inferredSex).toBe(p.sex);
        n++;
      }
    }
    console.log(
      `plausibility: ${n} realistic genomes passed; measured ${JSON.stringify(seen)}; limits ${JSON.stringify(PLAUSIBILITY_LIMITS)}`,
    );
  });

  it('keeps real people whose genotypes stray from the reference: drifted groups, mixed parents, inbreeding', () => {
    const rng = createRng(5);
    const ids = reference.populations.map((p) => p.id);
    const K = ids.length;
    const freq = perturbedFrequencies(rng, reference);
    for (const id of ids) {
      const r = populationAgreement(simulateAdmixedGenotypes(mixVector({ [id]: 1 }), rng, { freq, missing: 0.5 }), reference);
      expect(r.z).toBeGreaterThan(PLAUSIBILITY_LIMITS.minPopulationZ);
      expect(r.hetExcessZ).toBeLessThan(PLAUSIBILITY_LIMITS.maxHetExcessZ);
    }
    // A first-generation child of the two most different groups: heterozygous far beyond Hardy-Weinberg.
    const a = ids.indexOf('han_south');
    const b = ids.indexOf('african');
    const child = new Int8Array(reference.size);
    for (let i = 0; i < reference.size; i++) child[i] = Number(rng.next() < freq[i * K + a]) + Number(rng.next() < freq[i * K + b]);
    const mixed = populationAgreement(child, reference);
    expect(mixed.z).toBeGreaterThan(PLAUSIBILITY_LIMITS.minPopulationZ);
    expect(mixed.hetExcessZ).toBeLessThan(PLAUSIBILITY_LIMITS.maxHetExcessZ);
    // A child of first cousins (a sixteenth of the genome homozygous by descent).
    const inbred = new Int8Array(reference.size);
    for (let i = 0; i < reference.size; i++) {
      const p = freq[i * K + a];
      inbred[i] = rng.next() < 1 / 16 ? 2 * Number(rng.next() < p) : Number(rng.next() < p) + Number(rng.next() < p);
    }
    expect(populationAgreement(inbred, reference).z).toBeGreaterThan(PLAUSIBILITY_LIMITS.minPopulationZ);
  });

  it('fails an all-heterozygous file', () => {
    const allHet = base.map((c) => {
      const k = panel.indexOfRsid(c.rsid);
      return { ...c, a1: panel.ref[k], a2: c.a2 === '' ? '' : panel.alt[k] };
    });
    const got = codes(allHet);
    expect(got).toContain('HETEROZYGOSITY');
    expect(got).toContain('POPULATION_MISMATCH');
  });

  it('fails heterozygous genotypes pasted only at the population markers', () => {
    const at = new Set(reference.rsid);
    const forged = base.map((c) => {
      if (!at.has(c.rsid)) return c;
      const k = panel.indexOfRsid(c.rsid);
      return { ...c, a1: panel.ref[k], a2: panel.alt[k] };
    });
    const r = checkPlausibility({ vendor: '23andme', calls: forged });
    expect(r.reasons.map((x) => x.code)).toEqual(['POPULATION_MISMATCH']);
    expect(r.reasons[0].message).toMatch(/杂合/);
  });

  it('fails a realistic genome with one window forged all-heterozygous (the probe of the extraction attacks)', () => {
    const start = base.findIndex((c) => c.chrom === '7') + 5000;
    const forged = base.map((c, i) => {
      if (i < start || i >= start + 600 || c.a1 === '-') return c;
      const k = panel.indexOfRsid(c.rsid);
      return { ...c, a1: panel.ref[k], a2: panel.alt[k] };
    });
    const r = checkPlausibility({ vendor: '23andme', calls: forged });
    expect(r.reasons.map((x) => x.code)).toEqual(['HETEROZYGOSITY']);
    expect(r.figures.maxWindowHeterozygosity).toBe(1);
  });

  it('fails random genotypes and an all-homozygous file', () => {
    const rng = createRng(3);
    const draw = (pick: () => number) =>
      base.map((c) => {
        const k = panel.indexOfRsid(c.rsid);
        if (c.a1 === '-' || c.a2 === '') return c;
        const g = pick();
        return { ...c, a1: g === 2 ? panel.alt[k] : panel.ref[k], a2: g === 0 ? panel.ref[k] : panel.alt[k] };
      });
    expect(codes(draw(() => rng.int(3)))).toContain('POPULATION_MISMATCH');
    expect(codes(draw(() => 2 * rng.int(2)))).toEqual(expect.arrayContaining(['HETEROZYGOSITY', 'POPULATION_MISMATCH']));
  });

  it('fails an all-no-call file, with a Chinese reason', () => {
    const r = checkPlausibility({ vendor: '23andme', calls: base.map((c) => ({ ...c, a1: '-', a2: '-' })) });
    expect(r.ok).toBe(false);
    expect(r.reasons.map((x) => x.code)).toEqual(['NO_CALLS', 'POPULATION_UNVERIFIABLE']);
    for (const x of r.reasons) expect(x.message).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('checks X heterozygosity against the stated and the inferred sex', () => {
    const woman = people.find((p) => p.sex === 'female') as (typeof people)[number];
    const man = people.find((p) => p.sex === 'male') as (typeof people)[number];
    expect(codes(woman.calls, 'male')).toEqual(['SEX_INCONSISTENT']);
    expect(codes(man.calls, 'female')).toEqual(['SEX_INCONSISTENT']);
    // A man's Y with a woman's X: no real genome (outside rare aneuploidies, which staff review).
    const chimera = [...woman.calls.filter((c) => c.chrom !== 'Y'), ...man.calls.filter((c) => c.chrom === 'Y')];
    expect(codes(chimera)).toEqual(['SEX_INCONSISTENT']);
  });

  it('checks the marker layout against the vendor the file claims', () => {
    // Four chromosomes' worth of markers: too few for a 23andMe export, and the others are empty.
    const window = base.filter((c) => ['1', '2', '3', '4'].includes(c.chrom));
    expect(window.length).toBeGreaterThan(OVERLAP_FLOOR);
    expect(codes(window)).toContain('VENDOR_LAYOUT');
    // Fewer autosomal markers than matching needs: kept out for that alone, no forgery check judged.
    const small = checkPlausibility({ vendor: '23andme', calls: base.filter((c) => c.chrom === '1') });
    expect([small.matchable, small.reasons.map((x) => x.code)]).toEqual([false, ['TOO_FEW_MARKERS']]);
    // The whole file but chromosomes 5-7: enough markers, yet three autosomes carry none.
    const lopsided = base.filter((c) => !['5', '6', '7'].includes(c.chrom));
    const r = checkPlausibility({ vendor: '23andme', calls: lopsided });
    expect(r.figures.minChromCoverage).toBe(0);
    expect(r.reasons.map((x) => x.code)).toContain('VENDOR_LAYOUT');
    // The same calls claimed as a VCF pass the layout check (whole-genome VCFs have any count above its floor).
    expect(checkPlausibility({ vendor: 'vcf', calls: base }).ok).toBe(true);
  });

  it('answers the same for the same file', () => {
    expect(checkPlausibility({ vendor: '23andme', calls: base })).toEqual(checkPlausibility({ vendor: '23andme', calls: base }));
  });
});
