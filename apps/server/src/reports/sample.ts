import {
  callMtHaplogroup,
  callYHaplogroup,
  evaluateReports,
  type HaplogroupCall,
  type ItemResult,
  kbFrequencyOverrides,
  loadKnowledgeBase,
  loadPanel,
  lookupsFromPacked,
  type PackedGenome,
  simulatePedigree,
} from '@jiyin/genome';

/**
 * The bundled demo genome of sample mode (§4): a synthetic man simulated over the marker panel with a
 * fixed seed, so every visitor and every process sees the same sample report. His report markers are
 * drawn from East Asian allele frequencies (kbFrequencyOverrides), so the sample reads like a typical
 * customer's report. Built on first use
 * (about a second) and kept for the life of the process.
 */
export interface SampleGenome {
  sex: 'male';
  items: ItemResult[];
  yHaplogroup: string | null;
  mtHaplogroup: string | null;
  /** The genome itself and its full haplogroup calls, for the ancestry report. */
  packed: PackedGenome;
  calls: { y: HaplogroupCall | null; mt: HaplogroupCall | null };
}

const SAMPLE_SEED = 20_240_601;

/** In each category, this many of the best-evidenced items stay locked in the sample (see below). */
export const SAMPLE_LOCKED_PER_CATEGORY = 2;

let built: SampleGenome | undefined;

export function sampleGenome(): SampleGenome {
  if (built) return built;
  const panel = loadPanel();
  // The pedigree's father: a founder, always male, so the sample shows a paternal line too.
  const sim = simulatePedigree('parent-child', {
    panel,
    seed: SAMPLE_SEED,
    populationOptions: { freqAt: kbFrequencyOverrides(panel) },
  });
  const father = sim.people.find((p) => p.id === 'father');
  if (!father) throw new Error('sample pedigree has no father');
  // A simulated genome is packed exactly like a stored one (two bit-planes over the panel).
  const packed: PackedGenome = { ...father.genome, sex: 'male' };
  const lookups = lookupsFromPacked(packed, panel);
  const calls = { y: callYHaplogroup(lookups), mt: callMtHaplogroup(lookups) };
  built = {
    sex: 'male',
    items: evaluateReports(lookups),
    yHaplogroup: calls.y?.haplogroup ?? null,
    mtHaplogroup: calls.mt?.haplogroup ?? null,
    packed,
    calls,
  };
  return built;
}

let locked: ReadonlySet<string> | undefined;

/**
 * Items the sample keeps locked so visitors see what buying unlocks: per category, the items backed
 * by the most references (ties by id), i.e. the ones with the strongest evidence.
 */
export function sampleLockedItems(): ReadonlySet<string> {
  if (locked) return locked;
  const byCategory = new Map<string, { id: string; refs: number }[]>();
  for (const item of loadKnowledgeBase()) {
    const list = byCategory.get(item.category) ?? [];
    list.push({ id: item.id, refs: item.references.length });
    byCategory.set(item.category, list);
  }
  const ids = new Set<string>();
  for (const list of byCategory.values()) {
    list.sort((a, b) => b.refs - a.refs || a.id.localeCompare(b.id));
    for (const { id } of list.slice(0, SAMPLE_LOCKED_PER_CATEGORY)) ids.add(id);
  }
  locked = ids;
  return ids;
}
