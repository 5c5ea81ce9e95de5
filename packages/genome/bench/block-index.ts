/**
 * Would a transposed block index eliminate unrelated stored genomes early? (`node
 * packages/genome/bench/block-index.ts [--stored N]`; the measurement behind docs/ten-million.md,
 * "A transposed block index: measured, not built".)
 *
 * The index would hold, per marker, bitsets over the genomes of a shard (homozygous one way, the other
 * way) and eliminate, block by block, the genomes opposite-homozygous to the query at two markers of
 * the block (one is tolerated). To stay lossless a block must lie wholly inside every stretch the
 * prefilter can pass (≥ 6 cM), so blocks are whole words inside cells of c cM, and a window of k
 * consecutive cells with c × (k + 1) ≤ 6 cM. This prints, for simulated unrelated people (founders
 * of the bench population) against the bench's query, how many windows keep a genome alive, how many
 * genomes keep any (those could not be eliminated), and for single cells (the only windows whose
 * work can stop early) the share of 32-genome words with a genome alive (those read every marker).
 */
import { matchContext } from '../src/ibd/context.ts';
import { prepareQuery } from '../src/ibd/index.ts';
import {
  chipLayout,
  createPopulation,
  createRng,
  Family,
  genotypesOf,
  type SimulatedGenome,
  simulatedOnChip,
  simulatePedigree,
  simulationPanel,
} from '../src/simulate/index.ts';

const i = process.argv.indexOf('--stored');
const stored = i > 0 ? Number(process.argv[i + 1]) : 320;
const seed = 77;
const panel = simulationPanel();
const pop = createPopulation(panel, createRng(seed));
const fam = simulatePedigree('extended-family', { panel, seed, population: pop });
const daughter = fam.people.find((p) => p.id === 'daughter') as { genome: SimulatedGenome };
const query = simulatedOnChip(daughter.genome, '23andme-v5');
const founders = new Family(pop, createRng(seed + 3));
const people = Array.from({ length: stored }, (_, k) => genotypesOf(founders, founders.founder(`base${k}`, k % 2 ? 'male' : 'female')));
const out = (s: string) => process.stdout.write(`${s}\n`);
out(`query (23andme-v5) against ${stored} simulated unrelated people; windows alive = at most one opposite homozygote`);

for (const chip of ['23andme-v5', 'ancestry-v2'] as const) {
  const layout = chipLayout(chip);
  const prepared = prepareQuery(chipLayout('23andme-v5'), query, layout);
  const q = prepared.genome;
  const ctx = matchContext(layout);
  out(`${chip} (${prepared.pairing.map ? 'cross' : 'same'} layout, ${prepared.pairing.overlapMarkers} markers both carry)`);
  const genomes = people.map((g) => simulatedOnChip(g, chip));
  for (const [c, k] of [
    [3, 1],
    [2, 2],
    [1.5, 3],
    [1, 5],
  ] as const) {
    let windows = 0;
    let alive = 0;
    let anyAlive = 0;
    // Per cell (k = 1): words of 32 genomes with a genome alive.
    const cellAlive = new Map<string, boolean[]>();
    genomes.forEach((g, gi) => {
      let any = false;
      for (const [chrom, s, e] of ctx.autosomes) {
        const first = (s + 31) >>> 5;
        const last = (e >>> 5) - 1;
        const counts: number[] = [];
        let w = first;
        for (let cell = Math.ceil(ctx.cm[first << 5] / c); ; cell++) {
          while (w <= last && ctx.cm[w << 5] < cell * c) w++;
          let n = 0;
          while (w <= last && ctx.cm[(w << 5) + 31] < (cell + 1) * c) {
            let x = (q.hi[w] ^ g.hi[w]) & ~(q.lo[w] | g.lo[w]);
            for (; x !== 0; x &= x - 1) n++;
            w++;
          }
          if (w > last) break;
          counts.push(n);
        }
        for (let j = 0; j + k <= counts.length; j++) {
          let n = 0;
          for (let m = 0; m < k; m++) n += counts[j + m];
          windows++;
          if (n > 1) continue;
          alive++;
          any = true;
          if (k === 1) {
            const key = `${chrom}:${j}`;
            const words = cellAlive.get(key) ?? [];
            words[gi >>> 5] = true;
            cellAlive.set(key, words);
          }
        }
      }
      if (any) anyAlive++;
    });
    let line = `  cells of ${c} cM, ${k} in a row: ${((100 * alive) / windows).toFixed(3)}% of ${windows} genome-windows alive; genomes with a window alive ${anyAlive}/${stored}`;
    if (k === 1) {
      const cells = windows / stored;
      let wordsAlive = 0;
      for (const words of cellAlive.values()) wordsAlive += words.filter(Boolean).length;
      line += `; 32-genome words with a genome alive, per cell: ${((100 * wordsAlive) / (cells * Math.ceil(stored / 32))).toFixed(1)}%`;
    }
    out(line);
  }
}
