import { describe, expect, it } from 'vitest';
import { confusionTable, runAccuracy } from '../bench/match.ts';
import { loadPanel } from '../src/panel.ts';

/**
 * Matching accuracy on simulated pedigrees at full panel size (the shipped ~600k-marker panel):
 * 20 independent pairs per relationship and 200 unrelated pairs. `npm run bench:genome` prints the
 * same table.
 */
describe('relative matching accuracy on simulated pedigrees', () => {
  it('grades relationships as the acceptance asks', () => {
    const panel = loadPanel();
    const acc = runAccuracy(panel, 20, 200, 2024);
    console.log(`confusion table (true relationship × predicted grade), ${panel.size} markers:\n${confusionTable(acc)}`);
    const of = (name: string) => acc.outcomes.filter((o) => o.pedigree === name);

    expect(of('parent-child')).toHaveLength(20);
    for (const o of of('parent-child')) expect(o.label).toBe('父母/子女');
    for (const o of of('full-siblings')) expect(o.label).toBe('全同胞兄弟姐妹');
    for (const o of of('first-cousins')) {
      expect(o.sharedCM).toBeGreaterThanOrEqual(396);
      expect(o.sharedCM).toBeLessThanOrEqual(1397);
    }
    const unrelated = of('unrelated');
    expect(unrelated).toHaveLength(200);
    const clean = unrelated.filter((o) => o.sharedCM < 20 && o.longestCM < 7).length;
    expect(clean / unrelated.length).toBeGreaterThanOrEqual(0.99);

    // Detection follows the truth closely for close relatives (segments < 7 cM are not reported).
    for (const o of [...of('parent-child'), ...of('full-siblings'), ...of('half-siblings')]) {
      expect(Math.abs(o.sharedCM - o.trueSharedCM) / o.trueSharedCM).toBeLessThan(0.05);
    }
    expect(of('half-siblings').filter((o) => o.grade === '3-4').length).toBeGreaterThanOrEqual(18);
  });
});
