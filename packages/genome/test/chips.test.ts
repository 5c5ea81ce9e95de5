import { describe, expect, it, vi } from 'vitest';
import { matchPair } from '../src/ibd/index.ts';
import { layoutOfCalls, packOnLayout } from '../src/layout.ts';
import { loadPanel } from '../src/panel.ts';
import {
  CHIP_NAMES,
  callsOf,
  callsOnChip,
  chipLayout,
  chipMarkerCount,
  createPopulation,
  createRng,
  simulatedOnChip,
  simulatePedigree,
  simulationPanel,
  syntheticPanel,
} from '../src/simulate/index.ts';

describe('simulated chips', () => {
  const panel = simulationPanel();
  const pop = createPopulation(panel, createRng(3));
  const sim = simulatePedigree('parent-child', { panel, seed: 4, population: pop, focusOnly: true });
  const [pair] = sim.pairs;
  const genome = (id: string) => sim.people.find((p) => p.id === id)?.genome as (typeof sim.people)[number]['genome'];

  it('carries real rsids only, at positions of the HapMap3 list or the reference panel', () => {
    expect(panel.rsid.some((id) => id.startsWith('jys'))).toBe(false);
    const ref = loadPanel();
    // Every marker of the reference panel is on it (reports and haplogroups read simulated files).
    for (let k = 0; k < ref.size; k += 97) expect(panel.indexOfPosition(ref.chrom[k], ref.pos[k])).toBeGreaterThanOrEqual(0);
  });

  it('writes files whose layout is the chip layout, packed as the fast path packs them', () => {
    for (const chip of CHIP_NAMES) {
      const calls = callsOnChip(callsOf(sim.family, genome(pair.a)), chip);
      const layout = layoutOfCalls(calls);
      expect(layout.id).toBe(chipLayout(chip).id);
      const slow = packOnLayout(calls, layout, genome(pair.a).sex);
      const fast = simulatedOnChip(genome(pair.a), chip);
      expect(Buffer.from(fast.hi.buffer).equals(Buffer.from(slow.hi.buffer))).toBe(true);
      expect(Buffer.from(fast.lo.buffer).equals(Buffer.from(slow.lo.buffer))).toBe(true);
    }
  });

  it('counts the markers of a chip layout without the simulation panel, as the layout holds them', async () => {
    for (const chip of CHIP_NAMES) expect(chipMarkerCount(chip)).toBe(chipLayout(chip).size);
    // A fresh copy of the module has read nothing yet: the count then reads the file without its alleles.
    vi.resetModules();
    const fresh = await import('../src/simulate/chips.ts');
    for (const chip of CHIP_NAMES) expect(fresh.chipMarkerCount(chip)).toBe(chipLayout(chip).size);
    // The marketing's figure reads this: within what consumer chips test, 500,000 to 700,000 SNPs (T. Janzen,
    // "Compare DNA companies", 2021; data/SOURCES.md "Chip layouts").
    for (const chip of CHIP_NAMES) {
      expect(chipMarkerCount(chip)).toBeGreaterThanOrEqual(500_000);
      expect(chipMarkerCount(chip)).toBeLessThanOrEqual(700_000);
    }
  });

  it('has the published overlap of the two chips and finds a parent across them', () => {
    const a = chipLayout('23andme-v5');
    const b = chipLayout('ancestry-v2');
    const r = matchPair(a, simulatedOnChip(genome(pair.a), '23andme-v5'), b, simulatedOnChip(genome(pair.b), 'ancestry-v2'));
    // 12.9% of the union (Batra & Huang 2019), plus the reference panel's real markers both carry.
    const union = a.size + b.size - r.overlapMarkers;
    expect(r.overlapMarkers / union).toBeGreaterThan(0.12);
    expect(r.overlapMarkers / union).toBeLessThan(0.15);
    expect(r.relationship?.label).toBe('父母/子女');
    expect(Math.abs(r.sharedCM - pair.sharedCM) / pair.sharedCM).toBeLessThan(0.02);
  });
});

describe('founder allele frequencies', () => {
  it('take real frequencies by position, leaving every other marker as it was', () => {
    const panel = syntheticPanel(5000, 2);
    const k = 1234;
    const plain = createPopulation(panel, createRng(3), { ancestry: null });
    const set = createPopulation(panel, createRng(3), { ancestry: null, freqAt: new Map([[`${panel.chrom[k]}:${panel.pos[k]}`, 0.123]]) });
    expect(set.freq[k]).toBeCloseTo(0.123, 5);
    expect(set.freq[k + 1]).toBe(plain.freq[k + 1]);
  });
});
