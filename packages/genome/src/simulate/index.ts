import type { PanelLike } from '../ibd/context.ts';
import { Family, type Person, type TrueSegment, trueSegments } from './family.ts';
import { type GenotypeOptions, genotypesOf, type SimulatedGenome } from './genotypes.ts';
import { buildPedigree, type PedigreeName, PEDIGREES, relationshipOf } from './pedigrees.ts';
import { createPopulation, type Population, type PopulationOptions } from './population.ts';
import { createRng, type Rng } from './rng.ts';

export { callsOf, genotypesOf } from './genotypes.ts';
export type { GenotypeOptions, SimulatedGenome } from './genotypes.ts';
export { Family, trueSegments } from './family.ts';
export type { Person, Sex, TrueSegment } from './family.ts';
export { buildPedigree, PEDIGREES, relationshipOf } from './pedigrees.ts';
export type { PedigreeName } from './pedigrees.ts';
export { createPopulation } from './population.ts';
export type { Population, PopulationOptions } from './population.ts';
export { SIMULATED_MT_LINEAGES, SIMULATED_Y_LINEAGES } from './lineages.ts';
export { createRng } from './rng.ts';
export { type KbFrequencySource, type KbMarkerFrequency, kbFrequencyOverrides, kbMarkerFrequencies } from './kbFrequencies.ts';
export type { Rng } from './rng.ts';
export { mergePanels, syntheticPanel } from './panel.ts';
export {
  CHIP_NAMES,
  type ChipName,
  callsOnChip,
  chipIndexes,
  chipLayout,
  chipMarkerCount,
  loadChipCatalogue,
  type SimulationPanel,
  simulatedOnChip,
  simulationPanel,
} from './chips.ts';

export interface SimulatedPerson {
  id: string;
  role: string;
  sex: 'male' | 'female';
  father: string | null;
  mother: string | null;
  genome: SimulatedGenome;
  /** The lineages the simulation gave this person (null: female Y, or a panel without real alleles). */
  yHaplogroup: string | null;
  mtHaplogroup: string | null;
}

export interface SimulatedPair {
  a: string;
  b: string;
  relationship: string;
  /** Autosomal cM shared by descent in the pedigree (IBD1 + IBD2), and fully shared (IBD2). */
  sharedCM: number;
  ibd2CM: number;
  segments: TrueSegment[];
}

export interface Simulation {
  pedigree: PedigreeName;
  seed: number;
  panelId: string;
  people: SimulatedPerson[];
  /** The pair(s) the pedigree is about; every pair for `family`. */
  pairs: SimulatedPair[];
  family: Family;
}

export interface SimulateOptions extends GenotypeOptions {
  panel: PanelLike;
  seed?: number;
  /** Reuse one founder population across many simulations (its creation dominates small runs). */
  population?: Population;
  populationOptions?: PopulationOptions;
  /** Only materialise genotypes of the people in the focus pairs (default false: everyone). */
  focusOnly?: boolean;
}

export function isPedigreeName(name: string): name is PedigreeName {
  return (PEDIGREES as readonly string[]).includes(name);
}

export function simulatePedigree(name: PedigreeName, opts: SimulateOptions): Simulation {
  const seed = opts.seed ?? 1;
  const rng: Rng = createRng(seed);
  const pop = opts.population ?? createPopulation(opts.panel, rng.fork(), opts.populationOptions);
  const fam = new Family(pop, rng.fork());
  const built = buildPedigree(fam, name);
  const wanted = new Set<Person>(opts.focusOnly ? built.focus.flat() : built.people);
  const people: SimulatedPerson[] = [];
  for (const p of built.people) {
    if (!wanted.has(p)) continue;
    people.push({
      id: p.id,
      role: built.roles[p.id] ?? '亲属',
      sex: p.sex,
      father: p.father?.id ?? null,
      mother: p.mother?.id ?? null,
      genome: genotypesOf(fam, p, opts),
      yHaplogroup: p.yPool >= 0 ? pop.yLineage[p.yPool] : null,
      mtHaplogroup: pop.mtLineage[p.mtPool],
    });
  }
  const pairs = built.focus.map(([a, b]) => {
    const segments = trueSegments(fam, a, b);
    let sharedCM = 0;
    let ibd2CM = 0;
    for (const s of segments) {
      sharedCM += s.cM;
      if (s.ibd === 2) ibd2CM += s.cM;
    }
    return { a: a.id, b: b.id, relationship: relationshipOf(a, b), sharedCM, ibd2CM, segments };
  });
  return { pedigree: name, seed, panelId: pop.panel.id, people, pairs, family: fam };
}
