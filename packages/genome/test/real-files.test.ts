import { describe, expect, it } from 'vitest';
import { estimateAncestry } from '../src/ancestry/index.ts';
import { callMtHaplogroup, callYHaplogroup } from '../src/haplogroups/index.ts';
import { OVERLAP_FLOOR } from '../src/ibd/layouts.ts';
import { LAYOUT_CHROMS, layoutOfCalls } from '../src/layout.ts';
import { lookupsFromCalls } from '../src/lookup.ts';
import { parseRawFile } from '../src/parse/index.ts';
import { checkPlausibility } from '../src/plausibility.ts';
import { evaluateReports } from '../src/reports/index.ts';
import { AUTOSOMES, GenomeError } from '../src/types.ts';

/**
 * Real people's genotypes (data/SOURCES.md, "Real raw-data files"): two East Asian 1000 Genomes
 * samples as single-sample VCFs. No full consumer-chip file of a real person could be obtained here,
 * so the vendor layouts are covered by test/fixtures/raw only; these files check that the engine
 * reads a real, sparse genome honestly instead of inventing results.
 */
const REAL = new URL('./fixtures/real/', import.meta.url);
const SAMPLES = [
  { id: 'NA18525', population: 'CHB' },
  { id: 'NA18939', population: 'JPT' },
];

describe.each(SAMPLES)('1000 Genomes $id ($population), GRCh37 VCF', ({ id }) => {
  const parsed = () => parseRawFile(new URL(`1kg-${id}.vcf.gz`, REAL).pathname);

  it('parses every line, finds GRCh37 from the positions and keeps the X calls', async () => {
    const g = await parsed();
    expect([g.vendor, g.build, g.headerBuild]).toEqual(['vcf', 37, 37]);
    expect(g.markers).toBe(25_709);
    expect(g.called).toBeGreaterThanOrEqual(25_700);
    expect(g.dropped).toEqual([]);
    const chroms = new Set(g.calls.map((c) => c.chrom));
    expect(chroms.size).toBe(23);
    expect(g.calls.filter((c) => c.chrom === 'X').length).toBeGreaterThan(1_000);
  });

  it('calls no haplogroup: the file has no Y or MT line', async () => {
    const l = lookupsFromCalls((await parsed()).calls);
    expect(callYHaplogroup(l)).toBeNull();
    expect(callMtHaplogroup(l)).toBeNull();
  });

  it('reports every knowledge-base item as not detected rather than guessing', async () => {
    const items = evaluateReports(lookupsFromCalls((await parsed()).calls));
    expect(items.length).toBeGreaterThan(100);
    expect(new Set(items.map((i) => i.status))).toEqual(new Set(['unDetected']));
  });

  it('refuses ancestry with a Chinese reason: too few reference markers', async () => {
    const l = lookupsFromCalls((await parsed()).calls);
    let error: unknown;
    try {
      estimateAncestry(l);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(GenomeError);
    expect((error as GenomeError).code).toBe('NO_MARKERS');
    expect((error as GenomeError).message).toContain('可用于祖源分析的标记太少');
  });
});

describe.each(SAMPLES)('the relatives gate on 1000 Genomes $id', ({ id }) => {
  it('keeps the file out of matching for its size, not as a suspected forgery', async () => {
    const g = await parseRawFile(new URL(`1kg-${id}.vcf.gz`, REAL).pathname);
    const r = checkPlausibility({ vendor: g.vendor, calls: g.calls, statedSex: null });
    expect(r.matchable).toBe(false);
    expect(r.reasons.map((x) => x.code)).toEqual(['TOO_FEW_MARKERS']);
    expect(r.figures.autosomalMarkers).toBeLessThan(OVERLAP_FLOOR);
    expect(r.reasons[0].message).toContain('无法可靠比对');
  });
});

describe.each(SAMPLES)('counts per chromosome on 1000 Genomes $id', ({ id }) => {
  it('gives the chip layout and the gate each chromosome’s markers as a plain count over the calls does', async () => {
    const g = await parseRawFile(new URL(`1kg-${id}.vcf.gz`, REAL).pathname);
    const layout = layoutOfCalls(g.calls);
    for (const c of LAYOUT_CHROMS) {
      const positions = new Set(g.calls.filter((x) => x.chrom === c).map((x) => x.pos));
      const [start, end] = layout.chromRange[c];
      expect(end - start).toBe(positions.size);
      const pos = [...layout.pos.subarray(start, end)];
      expect(pos).toEqual([...positions].sort((a, b) => a - b));
    }
    expect(layout.size).toBe(new Set(g.calls.filter((x) => LAYOUT_CHROMS.includes(x.chrom)).map((x) => `${x.chrom}:${x.pos}`)).size);
    const r = checkPlausibility({ vendor: g.vendor, calls: g.calls, statedSex: null });
    expect(r.figures.autosomalMarkers).toBe(g.calls.filter((x) => AUTOSOMES.includes(x.chrom)).length);
  });
});
