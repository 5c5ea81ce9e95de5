import { describe, expect, it } from 'vitest';
import { chromLengthCM, cmAt, cmForPanel, posAtCM } from '../src/geneticmap/index.ts';
import { CHROMS, type Chrom } from '../src/types.ts';

const AUTOSOMES = CHROMS.filter((c) => c !== 'X' && c !== 'Y' && c !== 'MT');

describe('genetic map', () => {
  it('has every autosome and X with published-scale lengths', () => {
    const total = AUTOSOMES.reduce((s, c) => s + chromLengthCM(c), 0);
    // HapMap II sex-averaged autosomal length is about 3,500-3,600 cM.
    expect(total).toBeGreaterThan(3400);
    expect(total).toBeLessThan(3700);
    expect(chromLengthCM('1')).toBeGreaterThan(250);
    expect(chromLengthCM('21')).toBeLessThan(80);
    expect(chromLengthCM('X')).toBeGreaterThan(150);
    expect(chromLengthCM('Y')).toBe(0);
    expect(chromLengthCM('MT')).toBe(0);
  });

  it('is monotone and interpolates', () => {
    for (const c of [...AUTOSOMES, 'X'] as Chrom[]) {
      let prev = -1;
      for (let p = 1; p < 250_000_000; p += 997_331) {
        const g = cmAt(c, p);
        expect(g).toBeGreaterThanOrEqual(prev);
        prev = g;
      }
    }
    const a = cmAt('1', 100_000_000);
    const b = cmAt('1', 100_200_000);
    const mid = cmAt('1', 100_100_000);
    expect(mid).toBeGreaterThanOrEqual(a);
    expect(mid).toBeLessThanOrEqual(b);
    expect(cmAt('Y', 10_000_000)).toBe(0);
  });

  it('posAtCM inverts cmAt', () => {
    for (const c of ['1', '7', '15', '22', 'X'] as Chrom[]) {
      for (const f of [0.1, 0.37, 0.5, 0.93]) {
        const g = f * chromLengthCM(c);
        expect(cmAt(c, posAtCM(c, g))).toBeCloseTo(g, 2);
      }
    }
  });

  it('vectorises over a panel', () => {
    const panel = { size: 3, chrom: ['1', '2', 'MT'] as Chrom[], pos: Int32Array.from([5_000_000, 50_000_000, 100]) };
    const out = cmForPanel(panel);
    expect(out[0]).toBeCloseTo(cmAt('1', 5_000_000), 10);
    expect(out[1]).toBeCloseTo(cmAt('2', 50_000_000), 10);
    expect(out[2]).toBe(0);
  });
});
