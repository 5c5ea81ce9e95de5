/**
 * `npm run bench:ibd`: relative-matching accuracy on realistic chip layouts, same-layout and across two
 * chips, against the Shared cM Project v4, the product's §9 grades and the simulation's true segments.
 * Options: --pairs N (per relationship, default 60), --unrelated N (people; every pair among them is
 * compared, default 150 → 11,175 pairs), --seed N.
 */
import { BINS, type BinCount, gradeAccuracy, type IbdBenchResult, type Mode, quantile, RELATIONSHIPS, runIbdBench } from './ibd-run.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const pairs = arg('pairs', 60);
const people = arg('unrelated', 150);
const seed = arg('seed', 2024);

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const out = (s = '') => process.stdout.write(`${s}\n`);
const misses: string[] = [];
const target = (what: string, value: number, goal: number, atMost = false) => {
  const ok = atMost ? value <= goal : value >= goal;
  if (!ok) misses.push(`${what}: ${pct(value)} vs target ${atMost ? '≤' : '≥'} ${pct(goal)} (missed by ${pct(Math.abs(value - goal))})`);
  return ok ? 'ok' : `MISSED by ${pct(Math.abs(value - goal))}`;
};

out(
  `bench:ibd — ${pairs} simulated pairs per relationship, ${people} unrelated people (${(people * (people - 1)) / 2} pairs), seed ${seed}`,
);
const r: IbdBenchResult = runIbdBench({ pairs, unrelatedPeople: people, seed });
const [nameA, nameB] = Object.keys(r.layoutSizes);
out(
  `layouts: ${nameA} ${r.layoutSizes[nameA as never]} markers, ${nameB} ${r.layoutSizes[nameB as never]} markers (HapMap3 markers, real rsids and positions, plus the reference panel's real markers); both carry ${r.overlapMarkers}`,
);
out('population: haplotype-mosaic founders (see data/SOURCES.md "Simulator"); relatives by recombination on the shipped map');

for (const mode of ['same', 'cross'] as Mode[]) {
  out();
  out(mode === 'same' ? `== same layout (${nameA} with ${nameA})` : `== cross layout (${nameA} with ${nameB})`);
  out(
    `${'relationship'.padEnd(16)}${'sharedCM mean'.padStart(14)}${'5-95%'.padStart(14)}${'true mean'.padStart(11)}   ${'Shared cM Project v4'.padEnd(22)}${'exact'.padStart(8)}${'within 1'.padStart(10)}  target`,
  );
  for (const rel of RELATIONSHIPS) {
    const rows = r.records.filter((x) => x.relationship === rel.name && x.mode === mode);
    const cm = rows.map((x) => x.sharedCM);
    const mean = cm.reduce((a, b) => a + b, 0) / cm.length;
    const trueMean = rows.reduce((a, b) => a + b.trueCM, 0) / rows.length;
    const acc = gradeAccuracy(r, rel.name, mode);
    const scp = rel.scp ? `${rel.scp[0]} (${rel.scp[1]}-${rel.scp[2]})` : '-';
    const idx = RELATIONSHIPS.indexOf(rel);
    const goal = idx <= 3 ? 0.95 : rel.name === 'second-cousins' ? 0.8 : null;
    const verdict = goal === null ? '-' : `≥ ${pct(goal)} within 1: ${target(`${mode} ${rel.name} within one grade`, acc.withinOne, goal)}`;
    out(
      `${rel.name.padEnd(16)}${mean.toFixed(0).padStart(14)}${`${quantile(cm, 0.05).toFixed(0)}-${quantile(cm, 0.95).toFixed(0)}`.padStart(14)}${trueMean.toFixed(0).padStart(11)}   ${scp.padEnd(22)}${pct(acc.exact).padStart(8)}${pct(acc.withinOne).padStart(10)}  ${verdict}`,
    );
  }
  out('segments vs simulation truth (detected segment true when ≥ half of it is in true IBD; true segment found when ≥ half covered):');
  r.bins[mode].forEach((b: BinCount, i) => {
    const precision = b.detected ? b.detectedTrue / b.detected : Number.NaN;
    const recall = b.truth ? b.truthFound / b.truth : Number.NaN;
    const big = BINS[i][1] >= 10;
    const note = big
      ? `  targets ≥ 95%: precision ${target(`${mode} precision ${BINS[i][0]}`, precision, 0.95)}, recall ${target(`${mode} recall ${BINS[i][0]}`, recall, 0.95)}`
      : '';
    out(
      `  ${BINS[i][0].padEnd(9)} precision ${pct(precision).padStart(6)} (${b.detectedTrue}/${b.detected})  recall ${pct(recall).padStart(6)} (${b.truthFound}/${b.truth})${note}`,
    );
  });
  const u = r.unrelated[mode];
  out(
    `unrelated: ${u.pairs} pairs; any segment ≥ 7 cM: ${u.anySegment7} (${pct(u.anySegment7 / u.pairs)}; target ≤ 1%: ${target(`${mode} unrelated with a segment`, u.anySegment7 / u.pairs, 0.01, true)}); graded 6-9 or closer: ${u.graded69OrCloser} (target 0${u.graded69OrCloser ? ' MISSED' : ' ok'}); longest ${u.longestCM.toFixed(1)} cM`,
  );
  const pf = r.prefilter[mode];
  out(
    `prefilter check: ${pf.pairs} pairs (every relative pair, unrelated pairs among the first people) compared exhaustively and through the prefilter; lost by the prefilter: ${pf.dropped}${pf.dropped ? ' MISSED' : ' ok'}`,
  );
  if (pf.dropped) misses.push(`${mode}: the prefilter lost ${pf.dropped} pairs the exhaustive comparison finds`);
  if (u.graded69OrCloser) misses.push(`${mode}: ${u.graded69OrCloser} unrelated pairs graded 6-9 or closer (target 0)`);
  if (mode === 'same') {
    out(
      `  short IBS sharing (≥ 1 cM and 25 markers, no merging) per unrelated pair: ${u.shortSegmentsMean.toFixed(0)} segments, ${u.shortTotalCMMean.toFixed(0)} cM in all, longest ${u.shortLongestMean.toFixed(1)} cM on average`,
    );
  }
}
out();
out(misses.length ? `targets missed:\n  ${misses.join('\n  ')}` : 'all targets met');
out(`run time ${(r.ms / 1000).toFixed(0)} s`);
