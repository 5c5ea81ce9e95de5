/**
 * Engine scale benchmark: one new genome against 100,000 stored genomes on four chip layouts, one
 * thread (`node packages/genome/bench/scale.ts [--stored N]`; bench:genome runs it too).
 *
 * The stored genomes are synthesised cheaply, and the output says so: 300 founders are simulated once
 * and every stored genome takes each chromosome from a random founder (realistic genotypes on its
 * layout, unrelated to the query), except a handful of the query's true relatives placed among them.
 * They are built in batches of 2,000 (the planes refilled in place), and only
 * the matching is timed: holding 100,000 genomes of 600,000 markers at once takes about 15 GB.
 */
import { type GroupStats, matchGroup, pairLayouts, prepareQuery } from '../src/ibd/index.ts';
import { type ChipLayout, layoutFromMarkers } from '../src/layout.ts';
import { emptyPacked, type PackedGenome } from '../src/pack.ts';
import {
  type ChipName,
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
import type { Chrom } from '../src/types.ts';

export interface ScaleResult {
  stored: number;
  layouts: { name: string; size: number; stored: number; overlapWithQuery: number }[];
  matchMs: number;
  /** CPU time of the matching thread (less sensitive than wall time to other work on the machine). */
  matchCpuMs: number;
  perLayoutMs: number[];
  perLayoutCpuMs: number[];
  prepareMs: number;
  stats: GroupStats;
  relativesFound: string[];
  relativesPlanted: string[];
  bytesPerGenome: number[];
}

/** A seeded revision of a chip: the same markers less a few percent (chip versions differ so). */
function revision(base: ChipLayout, drop: number, seed: number): ChipLayout {
  const rng = createRng(seed);
  const chrom: Chrom[] = [];
  const pos: number[] = [];
  for (let k = 0; k < base.size; k++) {
    if (rng.next() < drop) continue;
    chrom.push(base.chrom[k]);
    pos.push(base.pos[k]);
  }
  return layoutFromMarkers(chrom, pos);
}

/** Codes of `g` (over `from`) moved onto `to` (a sub-layout of it). */
function onto(g: PackedGenome, from: ChipLayout, to: ChipLayout): PackedGenome {
  const out = emptyPacked(to, g.sex);
  let j = 0;
  for (let k = 0; k < to.size; k++) {
    while (from.pos[j] !== to.pos[k] || from.chrom[j] !== to.chrom[k]) j++;
    const w = j >>> 5;
    const b = j & 31;
    const bit = 1 << (k & 31);
    if (!((g.hi[w] >>> b) & 1)) out.hi[k >>> 5] &= ~bit;
    if (!((g.lo[w] >>> b) & 1)) out.lo[k >>> 5] &= ~bit;
  }
  return out;
}

export function runScale(total = 100_000, seed = 77): ScaleResult {
  const panel = simulationPanel();
  const pop = createPopulation(panel, createRng(seed));
  const a = chipLayout('23andme-v5');
  const b = chipLayout('ancestry-v2');
  const layouts: { name: string; layout: ChipLayout; share: number; base: ChipName; from: ChipLayout }[] = [
    { name: '23andme-v5', layout: a, share: 0.4, base: '23andme-v5', from: a },
    { name: 'ancestry-v2', layout: b, share: 0.3, base: 'ancestry-v2', from: b },
    { name: '23andme-v5 revision (-4%)', layout: revision(a, 0.04, seed + 1), share: 0.15, base: '23andme-v5', from: a },
    { name: 'ancestry-v2 revision (-4%)', layout: revision(b, 0.04, seed + 2), share: 0.15, base: 'ancestry-v2', from: b },
  ];
  // The query and its relatives: the extended demo family, the query on the 23andMe layout.
  const fam = simulatePedigree('extended-family', { panel, seed, population: pop });
  const query = fam.people.find((p) => p.id === 'daughter') as { genome: SimulatedGenome };
  const relatives = fam.people.filter((p) => ['father', 'aunt', 'cousin', 'second-cousin'].includes(p.id));
  const qLayout = a;
  const qGenome = simulatedOnChip(query.genome, '23andme-v5');

  const founders = new Family(pop, createRng(seed + 3));
  const bases = Array.from({ length: 300 }, (_, i) => genotypesOf(founders, founders.founder(`base${i}`, i % 2 ? 'male' : 'female')));
  const rng = createRng(seed + 4);
  const stats: GroupStats = { compared: 0, candidates: 0, matches: 0 };
  const found: string[] = [];
  const perLayoutMs: number[] = [];
  const perLayoutCpuMs: number[] = [];
  let matchMs = 0;
  let matchCpuMs = 0;
  let prepareMs = 0;
  const BATCH = 2000;
  const result: ScaleResult['layouts'] = [];
  const bytesPerGenome: number[] = [];
  for (const [li, L] of layouts.entries()) {
    const count = Math.round(total * L.share);
    const basePacked = bases.map((g) => onto(simulatedOnChip(g, L.base), L.from, L.layout));
    const words = basePacked[0].hi.length;
    const chromWords: [number, number][] = [];
    for (const [, [s, e]] of Object.entries(L.layout.chromRange)) if (e > s) chromWords.push([s >>> 5, ((e - 1) >>> 5) + 1]);
    // A running job has every layout pairing cached (pairLayouts): only the query's projection counts.
    pairLayouts(qLayout, L.layout);
    let t = performance.now();
    const prepared = prepareQuery(qLayout, qGenome, L.layout);
    prepareMs += performance.now() - t;
    let ms = 0;
    let cpuMs = 0;
    // One relative per layout, placed at a random place of its group.
    const rel = relatives[li];
    const relAt = rng.int(count);
    // Planes are refilled in place batch after batch: allocating 15 GB over the run would put the
    // garbage collector's work into the timed matching (a running job holds its genomes in a cache).
    const slots = Array.from({ length: Math.min(BATCH, count) }, () => ({ hi: new Uint32Array(words), lo: new Uint32Array(words) }));
    for (let start = 0; start < count; start += BATCH) {
      const batch: { id: string; genome: PackedGenome }[] = [];
      for (let i = start; i < Math.min(count, start + BATCH); i++) {
        if (i === relAt && rel) {
          batch.push({ id: rel.id, genome: onto(simulatedOnChip(rel.genome, L.base), L.from, L.layout) });
          continue;
        }
        const { hi, lo } = slots[i - start];
        for (const [w0, w1] of chromWords) {
          const src = basePacked[rng.int(basePacked.length)];
          hi.set(src.hi.subarray(w0, w1), w0);
          lo.set(src.lo.subarray(w0, w1), w0);
        }
        batch.push({ id: `s${li}-${i}`, genome: { panelId: L.layout.id, n: L.layout.size, sex: 'female', hi, lo } });
      }
      t = performance.now();
      const cpu = process.cpuUsage();
      for (const h of matchGroup(prepared, batch, {}, stats)) found.push(h.id);
      const used = process.cpuUsage(cpu);
      cpuMs += (used.user + used.system) / 1000;
      ms += performance.now() - t;
    }
    perLayoutMs.push(ms);
    perLayoutCpuMs.push(cpuMs);
    matchCpuMs += cpuMs;
    matchMs += ms;
    bytesPerGenome.push(words * 8);
    result.push({ name: L.name, size: L.layout.size, stored: count, overlapWithQuery: prepared.pairing.overlapMarkers });
  }
  return {
    stored: total,
    layouts: result,
    matchMs,
    matchCpuMs,
    perLayoutMs,
    perLayoutCpuMs,
    prepareMs,
    stats,
    relativesFound: found,
    relativesPlanted: relatives.map((r) => r.id),
    bytesPerGenome,
  };
}

export function printScale(r: ScaleResult, out: (s: string) => void): void {
  out(`one new genome (23andme-v5 layout) vs ${r.stored} stored genomes on ${r.layouts.length} layouts, one thread`);
  out('  (stored genomes synthesised: each chromosome from one of 300 simulated founders; 4 true relatives planted)');
  r.layouts.forEach((l, i) => {
    out(
      `  ${l.name.padEnd(28)} ${String(l.size).padStart(7)} markers, ${String(l.stored).padStart(6)} genomes, overlap with the query ${l.overlapWithQuery}: ${r.perLayoutMs[i].toFixed(0)} ms (${r.perLayoutCpuMs[i].toFixed(0)} ms CPU, ${((1000 * r.perLayoutCpuMs[i]) / l.stored).toFixed(0)} µs a genome)`,
    );
  });
  const mean = r.bytesPerGenome.reduce((s, b, i) => s + b * r.layouts[i].stored, 0) / r.stored;
  out(
    `  total ${r.matchMs.toFixed(0)} ms matching (${r.matchCpuMs.toFixed(0)} ms CPU) + ${r.prepareMs.toFixed(0)} ms projecting the query (goal < 2000 ms): ${r.matchMs + r.prepareMs < 2000 ? 'ok' : `MISSED by ${(r.matchMs + r.prepareMs - 2000).toFixed(0)} ms`}`,
  );
  out(
    `  compared ${r.stats.compared}, past the prefilter ${r.stats.candidates}, hits ${r.stats.matches}; relatives found ${r.relativesPlanted.filter((x) => r.relativesFound.includes(x)).length}/${r.relativesPlanted.length}`,
  );
  out(
    `  memory: ${(mean / 1024).toFixed(0)} KB per packed genome (2 bits a marker) → ${((mean * 100_000) / 2 ** 30).toFixed(1)} GiB per 100,000 genomes held at once (the job streams them in batches instead)`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const i = process.argv.indexOf('--stored');
  const total = i > 0 ? Number(process.argv[i + 1]) : 100_000;
  printScale(runScale(total), (s) => process.stdout.write(`${s}\n`));
}
