import {
  type ChipName,
  callsOf,
  callsOnChip,
  createPopulation,
  createRng,
  type RawCall,
  simulatePedigree,
  simulationPanel,
  type Vendor,
  writeVendorFile,
} from '@jiyin/genome';

/**
 * The chip a kit of this product is read on, as the simulator models it (the published size of the
 * 23andMe v5 chip, drawn from real HapMap3 markers): lab kits' genomes and the marketing's marker count.
 */
export const LAB_KIT_CHIP: ChipName = '23andme-v5';

/**
 * A synthetic person's genotypes as a file of a realistic chip lists them (23andMe-v5-sized layout
 * by default: real rsids at their real GRCh37 positions, no invented marker), deterministic per seed
 * and sex: the benchmark's uploads and the tests' files. No real person's data is ever bundled.
 */
export function simulatedCalls(seed: number, sex: 'male' | 'female', chip: ChipName = LAB_KIT_CHIP): RawCall[] {
  const panel = simulationPanel();
  const population = createPopulation(panel, createRng(seed));
  // Founders' sexes are drawn at random: the first draw (in seed order) with the wanted sex is used.
  for (let k = 0; k < 64; k++) {
    const sim = simulatePedigree('unrelated', { panel, seed: seed * 64 + k, population, focusOnly: true });
    const person = sim.people.find((p) => p.sex === sex);
    if (person) return callsOnChip(callsOf(sim.family, person.genome), chip);
  }
  throw new Error(`no ${sex} simulated for seed ${seed}`);
}

/** The bytes of a raw-data file of these calls in a vendor's layout (23andMe by default). */
export function vendorFileBytes(calls: Iterable<RawCall>, vendor: Vendor = '23andme'): Buffer {
  const generatedAt = new Date(Date.UTC(2025, 0, 1));
  return Buffer.from([...writeVendorFile(vendor, calls, { generatedAt })].join(''));
}
