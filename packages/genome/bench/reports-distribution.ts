/**
 * `npm run bench:reports`: the reports' time for one genome, then a distribution run: 1,000 simulated
 * East Asians (report markers drawn from kbFrequencyOverrides), and per item the share of people at
 * each result level beside the share expected from the allele frequencies (Hardy–Weinberg, markers
 * independent). Prints the worst deviations and the items whose markers have no East Asian figure.
 */
import { lookupsFromPacked } from '../src/lookup.ts';
import type { PackedGenome } from '../src/pack.ts';
import { loadPanel } from '../src/panel.ts';
import type { Chrom } from '../src/types.ts';
import { badgeOf, evaluateItem, evaluateReports, type KbItem, type Level, loadKnowledgeBase } from '../src/reports/index.ts';
import { createPopulation, createRng, kbFrequencyOverrides, kbMarkerFrequencies, simulatePedigree } from '../src/simulate/index.ts';
import { benchReports } from './reports.ts';

const PEOPLE = Number(process.env.BENCH_REPORTS_PEOPLE ?? 1000);
const SEED = 18;

type Sex = 'male' | 'female';

/** Haploid for a man's X outside the pseudo-autosomal regions, MT and Y; the knowledge base has no PAR marker. */
const haploid = (chrom: string, sex: Sex) => chrom === 'MT' || chrom === 'Y' || (chrom === 'X' && sex === 'male');

/** Genotypes of one marker with their Hardy–Weinberg probabilities (alleles sorted as lookups give them). */
function genotypeProbs(m: KbItem['markers'][number], altFreq: number, sex: Sex): [string, number][] {
  const p = altFreq;
  const q = 1 - p;
  if (haploid(m.chrom, sex)) {
    return [
      [m.ref, q],
      [m.alt, p],
    ];
  }
  const het = [m.ref, m.alt].sort().join('');
  return [
    [m.ref + m.ref, q * q],
    [het, 2 * p * q],
    [m.alt + m.alt, p * p],
  ];
}

/** Expected share of each level among people with a result, for one sex; null when a marker has no frequency. */
function expectedShares(item: KbItem, sex: Sex): Map<Level, number> | null {
  const freqs = kbMarkerFrequencies();
  const per: [string, number][][] = [];
  for (const m of item.markers) {
    const f = freqs.get(m.rsid);
    if (!f) return null;
    per.push(genotypeProbs(m, f.altFreq, sex));
  }
  const out = new Map<Level, number>();
  const walk = (i: number, gts: string[], prob: number) => {
    if (prob === 0) return;
    if (i === per.length) {
      const byRsid = new Map(item.markers.map((m, k) => [m.rsid, gts[k] as string]));
      const r = evaluateItem(item, { byRsid: (rsid) => byRsid.get(rsid) ?? null });
      if (r.result) out.set(r.result.level, (out.get(r.result.level) ?? 0) + prob);
      return;
    }
    for (const [g, p] of per[i] as [string, number][]) walk(i + 1, [...gts, g], prob * p);
  };
  walk(0, [], 1);
  const total = [...out.values()].reduce((a, b) => a + b, 0);
  for (const [k, v] of out) out.set(k, v / total);
  return out;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

const panel = loadPanel();
const kb = loadKnowledgeBase();

process.stdout.write('reports bench\n');
const population = createPopulation(panel, createRng(SEED), { freqAt: kbFrequencyOverrides(panel) });
const first = simulatePedigree('unrelated', { panel, seed: SEED * 10_000, population, focusOnly: true }).people[0];
if (!first) throw new Error('no simulated person');
const one = benchReports(lookupsFromPacked({ ...first.genome } as PackedGenome, panel));
process.stdout.write(`  all reports of one genome: ${one.ms.toFixed(2)} ms for ${one.items} items (${one.out} with a result)\n`);

// Distribution run: 1,000 unrelated people of one simulated East Asian population.
const t = performance.now();
const counts = new Map<string, Map<Level, number>>();
const detected = new Map<string, number>();
const sexes = { male: 0, female: 0 };
let people = 0;
for (let s = 0; people < PEOPLE; s++) {
  const sim = simulatePedigree('unrelated', { panel, seed: SEED * 10_000 + 1 + s, population, focusOnly: true });
  for (const p of sim.people) {
    if (people >= PEOPLE) break;
    people++;
    sexes[p.sex]++;
    for (const r of evaluateReports(lookupsFromPacked({ ...p.genome } as PackedGenome, panel))) {
      if (!r.result) continue;
      detected.set(r.id, (detected.get(r.id) ?? 0) + 1);
      const c = counts.get(r.id) ?? new Map<Level, number>();
      c.set(r.result.level, (c.get(r.result.level) ?? 0) + 1);
      counts.set(r.id, c);
    }
  }
}
process.stdout.write(
  `  distribution run: ${people} simulated people (${sexes.male} men, ${sexes.female} women) in ${((performance.now() - t) / 1000).toFixed(1)} s\n`,
);

interface Deviation {
  item: KbItem;
  level: Level;
  simulated: number;
  expected: number;
  n: number;
}
const deviations: Deviation[] = [];
const noFigure: string[] = [];
for (const item of kb) {
  const male = expectedShares(item, 'male');
  const female = expectedShares(item, 'female');
  if (!male || !female) {
    noFigure.push(item.id);
    continue;
  }
  const n = detected.get(item.id) ?? 0;
  const c = counts.get(item.id) ?? new Map<Level, number>();
  const levels = new Set<Level>([...male.keys(), ...female.keys(), ...c.keys()]);
  for (const level of levels) {
    const expected = (sexes.male * (male.get(level) ?? 0) + sexes.female * (female.get(level) ?? 0)) / people;
    deviations.push({ item, level, simulated: n ? (c.get(level) ?? 0) / n : 0, expected, n });
  }
}

const z = (d: Deviation) => {
  const se = Math.sqrt(Math.max(d.expected * (1 - d.expected), 1 / d.n) / d.n);
  return (d.simulated - d.expected) / se;
};
deviations.sort((a, b) => Math.abs(b.simulated - b.expected) - Math.abs(a.simulated - a.expected));
const items = new Set(deviations.map((d) => d.item.id)).size;
const within = deviations.filter((d) => Math.abs(d.simulated - d.expected) <= 0.05).length;
process.stdout.write(
  `  expected shares for ${items} of ${kb.length} items (all their markers have an East Asian frequency): ${within} of ${deviations.length} item levels within 5 points of the expected share\n`,
);
process.stdout.write('  worst deviations (simulated vs expected share of people with a result):\n');
for (const d of deviations.slice(0, 12)) {
  const word = badgeOf(d.item.category, d.level, d.item.rules.find((r) => r.level === d.level)?.label ?? d.level);
  process.stdout.write(
    `    ${d.item.id} ${word}: ${pct(d.simulated)} vs ${pct(d.expected)} (${(d.simulated - d.expected >= 0 ? '+' : '') + ((d.simulated - d.expected) * 100).toFixed(1)} points, z ${z(d).toFixed(1)}, n ${d.n})\n`,
  );
}
const alerts = deviations.filter((d) => d.level === 'confirm' || d.level === 'two-copies' || d.level === 'hemizygous');
if (alerts.length) {
  process.stdout.write('  results to confirm clinically (chip calls of rare variants, two copies):\n');
  for (const d of alerts) process.stdout.write(`    ${d.item.id} ${d.level}: ${pct(d.simulated)} vs ${pct(d.expected)}\n`);
}
// Where deviations come from: the founder pool (128 haplotypes by default) fixes each marker's
// frequency at a multiple of 1/128 drawn around its target, so every simulated population drifts.
const overrides = kbFrequencyOverrides(panel);
let drift = 0;
let worstDrift = { k: -1, target: 0, pool: 0 };
for (const [key, target] of overrides) {
  const colon = key.indexOf(':');
  const k = panel.indexOfPosition(key.slice(0, colon) as Chrom, Number(key.slice(colon + 1)));
  let n = 0;
  for (const hap of population.pool) n += ((hap[k >>> 5] as number) >>> (k & 31)) & 1;
  const pool = n / population.pool.length;
  drift += Math.abs(pool - target);
  if (Math.abs(pool - target) > Math.abs(worstDrift.pool - worstDrift.target)) worstDrift = { k, target, pool };
}
process.stdout.write(
  `  founder pool (${population.pool.length} haplotypes) vs target alt frequency over ${overrides.size} report markers: mean |difference| ${pct(drift / overrides.size)}, largest ${panel.rsid[worstDrift.k]} ${pct(worstDrift.pool)} vs ${pct(worstDrift.target)}\n`,
);
process.stdout.write(`  no expected share (a marker without an East Asian figure; 暂无数据): ${noFigure.length} items\n`);
process.stdout.write(`    ${noFigure.join(' ')}\n`);
