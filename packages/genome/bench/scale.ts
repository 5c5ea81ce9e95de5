/**
 * Engine scale benchmark: one new genome against 100,000 stored genomes on four chip layouts
 * (`node packages/genome/bench/scale.ts [--stored N] [--threads N | --group]`; bench:genome runs it too).
 *
 * The stored genomes are synthesised cheaply, and the output says so: 300 founders are simulated once
 * and every stored genome takes each chromosome from a random founder (realistic genotypes on its
 * layout, unrelated to the query), except a handful of the query's true relatives placed among them.
 * They are built in rounds of 5,000 (the planes refilled in place), and only
 * the matching is timed: holding 100,000 genomes of 600,000 markers at once takes about 15 GB.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { GenomeStore, type GroupStats, matchGroup, pairLayouts, prepareQuery } from '../src/ibd/index.ts';
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
  /** 'group': matchGroup per layout on this thread, planes apart; else GenomeStore on that many threads. */
  engine: 'group' | number;
  /** Stored genomes held at once (the rest are refilled in place round after round). */
  heldAtOnce: number;
  layouts: { name: string; size: number; stored: number; overlapWithQuery: number }[];
  matchMs: number;
  /** CPU time of the matching threads (less sensitive than wall time to other work on the machine). */
  matchCpuMs: number;
  /** Per layout, wall time ('group' only: the store's threads work on every layout at once) and CPU time. */
  perLayoutMs: number[] | null;
  perLayoutCpuMs: number[];
  prepareMs: number;
  stats: GroupStats;
  /** Genomes each thread compared (store only). */
  comparedByThread: number[];
  relativesFound: string[];
  relativesPlanted: string[];
  bytesPerGenome: number[];
  loadBefore: string;
  loadAfter: string;
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

/** The population, the query's family and the founders each stored genome draws on (made once per seed). */
const setups = new Map<number, ReturnType<typeof makeSetup>>();
export function setup(seed: number) {
  let s = setups.get(seed);
  if (!s) {
    s = makeSetup(seed);
    setups.set(seed, s);
  }
  return s;
}

function makeSetup(seed: number) {
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
  const founderGenomes = Array.from({ length: 300 }, (_, i) =>
    genotypesOf(founders, founders.founder(`base${i}`, i % 2 ? 'male' : 'female')),
  );
  const bases = layouts.map((L) => founderGenomes.map((g) => onto(simulatedOnChip(g, L.base), L.from, L.layout)));
  return { layouts, qLayout, qGenome, relatives, bases };
}

/**
 * `engine`: 'group' runs matchGroup layout by layout on this thread (planes apart, as a job fed from
 * the database compares them); a number runs a GenomeStore on that many threads (planes in shared
 * slabs, as the matching thread holds them). Either way the same genomes in the same order.
 */
export async function runScale(total = 100_000, seed = 77, engine: 'group' | number = 'group'): Promise<ScaleResult> {
  const { layouts, qLayout, qGenome, relatives, bases } = setup(seed);
  const rng = createRng(seed + 4);
  const stats: GroupStats = { compared: 0, candidates: 0, matches: 0 };
  const found: string[] = [];
  const perLayoutMs = layouts.map(() => 0);
  const perLayoutCpuMs = layouts.map(() => 0);
  const comparedByThread: number[] = [];
  let matchMs = 0;
  let matchCpuMs = 0;
  let prepareMs = 0;
  const result: ScaleResult['layouts'] = [];
  const bytesPerGenome: number[] = [];
  // Genomes are made round by round, ROUND at a time over all layouts (each layout its share), and
  // refilled in place: 100,000 genomes of 600,000 markers held at once would take 14.5 GiB, more than
  // this shared machine can spare; allocating them anew would put the garbage collector into the timing.
  const ROUND = 5000;
  const counts = layouts.map((L) => Math.round(total * L.share));
  const rounds = Math.ceil(total / ROUND);
  const groups = layouts.map((L, li) => {
    const basePacked = bases[li];
    const words = basePacked[0].hi.length;
    const chromWords: [number, number][] = [];
    for (const [, [s, e]] of Object.entries(L.layout.chromRange)) if (e > s) chromWords.push([s >>> 5, ((e - 1) >>> 5) + 1]);
    // A running job has every layout pairing cached (pairLayouts): only the query's projection counts.
    pairLayouts(qLayout, L.layout);
    const t = performance.now();
    const prepared = prepareQuery(qLayout, qGenome, L.layout);
    prepareMs += performance.now() - t;
    bytesPerGenome.push(words * 8);
    result.push({ name: L.name, size: L.layout.size, stored: counts[li], overlapWithQuery: prepared.pairing.overlapMarkers });
    const perRound = Math.ceil(counts[li] / rounds);
    const slots = Array.from({ length: perRound }, () => ({ hi: new Uint32Array(words), lo: new Uint32Array(words) }));
    // One relative per layout, placed at a random place of its group.
    return { L, li, basePacked, chromWords, prepared, perRound, slots, rel: relatives[li], relAt: rng.int(counts[li]) };
  });
  /** Round r's genomes of one layout: slot k holds genome r * perRound + k. */
  const fill = (g: (typeof groups)[number], r: number) => {
    const batch: { id: string; genome: PackedGenome }[] = [];
    for (let i = r * g.perRound; i < Math.min(counts[g.li], (r + 1) * g.perRound); i++) {
      const k = i - r * g.perRound;
      if (i === g.relAt && g.rel) {
        batch.push({ id: g.rel.id, genome: onto(simulatedOnChip(g.rel.genome, g.L.base), g.L.from, g.L.layout) });
        continue;
      }
      const { hi, lo } = g.slots[k];
      for (const [w0, w1] of g.chromWords) {
        const src = g.basePacked[rng.int(g.basePacked.length)];
        hi.set(src.hi.subarray(w0, w1), w0);
        lo.set(src.lo.subarray(w0, w1), w0);
      }
      batch.push({ id: `s${g.li}-${i}`, genome: { panelId: g.L.layout.id, n: g.L.layout.size, sex: 'female', hi, lo } });
    }
    return batch;
  };
  const loadBefore = readFileSync('/proc/loadavg', 'utf8').trim();
  if (engine === 'group') {
    for (let r = 0; r < rounds; r++) {
      for (const g of groups) {
        const batch = fill(g, r);
        const t = performance.now();
        const cpu = process.cpuUsage();
        for (const h of matchGroup(g.prepared, batch, {}, stats)) found.push(h.id);
        const used = process.cpuUsage(cpu);
        perLayoutCpuMs[g.li] += (used.user + used.system) / 1000;
        perLayoutMs[g.li] += performance.now() - t;
      }
    }
    matchMs = perLayoutMs.reduce((x, y) => x + y, 0);
    matchCpuMs = perLayoutCpuMs.reduce((x, y) => x + y, 0);
  } else {
    const store = new GenomeStore({ threads: engine });
    try {
      for (let r = 0; r < rounds; r++) {
        // Slot ids stay, so a round overwrites the planes of the one before in place.
        const names = new Map<string, string>();
        for (const g of groups) {
          for (const [k, x] of fill(g, r).entries()) {
            store.add(`L${g.li}:${k}`, g.L.layout, x.genome);
            names.set(`L${g.li}:${k}`, x.id);
          }
          // The last round of a layout may be short: its leftover slots from the round before go.
          for (let k = Math.max(0, counts[g.li] - r * g.perRound); k < g.perRound; k++) store.delete(`L${g.li}:${k}`);
        }
        // A running matching thread has its helpers started and pairings cached: warm up once.
        if (r === 0) await store.match(qLayout, qGenome);
        const t = performance.now();
        const cpu = process.cpuUsage();
        for (const h of await store.match(qLayout, qGenome, {}, stats)) found.push(names.get(h.id) ?? h.id);
        const used = process.cpuUsage(cpu);
        matchCpuMs += (used.user + used.system) / 1000;
        matchMs += performance.now() - t;
        const figures = store.lastMatch;
        for (const l of figures?.layouts ?? []) perLayoutCpuMs[layouts.findIndex((L) => L.layout.id === l.id)] += l.cpuUs / 1000;
        for (const [i, n] of (figures?.comparedByThread ?? []).entries()) comparedByThread[i] = (comparedByThread[i] ?? 0) + n;
      }
    } finally {
      await store.close();
    }
  }
  return {
    stored: total,
    engine,
    heldAtOnce: groups.reduce((n, g) => n + g.perRound, 0),
    layouts: result,
    matchMs,
    matchCpuMs,
    perLayoutMs: engine === 'group' ? perLayoutMs : null,
    perLayoutCpuMs,
    prepareMs,
    stats,
    comparedByThread,
    relativesFound: found,
    relativesPlanted: relatives.map((r) => r.id),
    bytesPerGenome,
    loadBefore,
    loadAfter: readFileSync('/proc/loadavg', 'utf8').trim(),
  };
}

export function printScale(r: ScaleResult, out: (s: string) => void): void {
  const how =
    r.engine === 'group' ? 'matchGroup on one thread, planes apart' : `GenomeStore on ${r.engine} thread(s), planes in shared slabs`;
  out(`one new genome (23andme-v5 layout) vs ${r.stored} stored genomes on ${r.layouts.length} layouts: ${how}`);
  out(`  (stored genomes synthesised: each chromosome from one of 300 simulated founders; 4 true relatives planted;`);
  out(`   ${r.heldAtOnce} held at once and refilled in place round after round)`);
  r.layouts.forEach((l, i) => {
    const wall = r.perLayoutMs ? `${r.perLayoutMs[i].toFixed(0)} ms, ` : '';
    out(
      `  ${l.name.padEnd(28)} ${String(l.size).padStart(7)} markers, ${String(l.stored).padStart(6)} genomes, overlap with the query ${l.overlapWithQuery}: ${wall}${r.perLayoutCpuMs[i].toFixed(0)} ms CPU, ${((1000 * r.perLayoutCpuMs[i]) / l.stored).toFixed(1)} µs CPU a genome`,
    );
  });
  const mean = r.bytesPerGenome.reduce((s, b, i) => s + b * r.layouts[i].stored, 0) / r.stored;
  out(
    `  total ${r.matchMs.toFixed(0)} ms matching (${r.matchCpuMs.toFixed(0)} ms CPU, all threads) + ${r.prepareMs.toFixed(0)} ms projecting the query (goal < 2000 ms): ${r.matchMs + r.prepareMs < 2000 ? 'ok' : `MISSED by ${(r.matchMs + r.prepareMs - 2000).toFixed(0)} ms`}`,
  );
  out(
    `  compared ${r.stats.compared}${r.comparedByThread.length ? ` (by thread: ${r.comparedByThread.join(', ')})` : ''}, past the prefilter ${r.stats.candidates}, hits ${r.stats.matches}; relatives found ${r.relativesPlanted.filter((x) => r.relativesFound.includes(x)).length}/${r.relativesPlanted.length}`,
  );
  out(
    `  memory: ${(mean / 1024).toFixed(0)} KB per packed genome (2 bits a marker) → ${((mean * 100_000) / 2 ** 30).toFixed(1)} GiB per 100,000 genomes held at once`,
  );
  out(`  load average before ${r.loadBefore} / after ${r.loadAfter}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // --stored N, --threads N (GenomeStore; default every core) or --group (matchGroup on one thread).
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const total = Number(arg('--stored') ?? 100_000);
  // --compare: matchGroup, then the store on one thread and on every core, back to back on the same genomes.
  const engines: ('group' | number)[] = process.argv.includes('--compare')
    ? ['group', 1, availableParallelism()]
    : [process.argv.includes('--group') ? 'group' : Number(arg('--threads') ?? availableParallelism())];
  for (const engine of engines) printScale(await runScale(total, 77, engine), (s) => process.stdout.write(`${s}\n`));
}
