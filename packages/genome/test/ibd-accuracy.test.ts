import { describe, expect, it } from 'vitest';
import { gradeAccuracy, type Mode, RELATIONSHIPS, runIbdBench } from '../bench/ibd-run.ts';

/**
 * Matching accuracy on the simulated chips (23andMe-v5- and AncestryDNA-v2-sized layouts of real
 * HapMap3 markers), on one chip and across the two: a small version of `npm run bench:ibd` (8 pairs
 * per relationship, 40 unrelated people = 780 pairs), asserting the targets with the margin a
 * small sample needs.
 */
describe('relative matching accuracy on realistic chip layouts', () => {
  const r = runIbdBench({ pairs: 8, unrelatedPeople: 40, seed: 99 });

  for (const mode of ['same', 'cross'] as Mode[]) {
    it(`grades close relatives right (${mode} layout)`, () => {
      const rows = (name: string) => r.records.filter((x) => x.mode === mode && x.relationship === name);
      expect(rows('parent-child')).toHaveLength(8);
      for (const x of rows('parent-child')) expect(x.grade).toBe('2-3');
      for (const x of rows('full-siblings')) expect(x.grade).toBe('2-3');
      for (const x of rows('parent-child')) expect(x.insufficient).toBe(false);
      for (const rel of RELATIONSHIPS.slice(0, 4)) expect(gradeAccuracy(r, rel.name, mode).withinOne).toBeGreaterThanOrEqual(7 / 8);
      expect(gradeAccuracy(r, 'second-cousins', mode).withinOne).toBeGreaterThanOrEqual(5 / 8);
      // Detected sharing follows the truth for close relatives (segments < 7 cM are not reported).
      for (const x of [...rows('parent-child'), ...rows('full-siblings'), ...rows('half-siblings')]) {
        expect(Math.abs(x.sharedCM - x.trueCM) / x.trueCM).toBeLessThan(0.06);
      }
    });

    it(`finds long segments and nothing between unrelated people (${mode} layout)`, () => {
      const long = r.bins[mode][2];
      expect(long.detectedTrue / long.detected).toBeGreaterThanOrEqual(0.95);
      expect(long.truthFound / long.truth).toBeGreaterThanOrEqual(0.95);
      const u = r.unrelated[mode];
      expect(u.pairs).toBe(780);
      expect(u.graded69OrCloser).toBe(0);
      expect(u.anySegment7 / u.pairs).toBeLessThanOrEqual(0.03);
    });

    it(`the prefilter keeps every pair the exhaustive comparison finds (${mode} layout)`, () => {
      // 56 relative pairs and 120 unrelated pairs, each compared in full and through matchGroup.
      expect(r.prefilter[mode].pairs).toBe(7 * 8 + (16 * 15) / 2);
      expect(r.prefilter[mode].dropped).toBe(0);
    });
  }
});
