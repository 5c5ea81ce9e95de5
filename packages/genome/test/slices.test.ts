import { describe, expect, it } from 'vitest';
import { deserialiseLayout, layoutFromMarkers, serialiseLayout } from '../src/layout.ts';
import { inSlices } from '../src/slices.ts';
import type { Chrom } from '../src/types.ts';

describe('loops run in slices', () => {
  it('covers [0, n) once, in order, with the state carried from slice to slice', () => {
    for (const n of [0, 1, 4095, 4096, 4097, 20_000]) {
      const seen: number[] = [];
      const s = inSlices(n, { seen, calls: 0 }, (st, from, to) => {
        st.calls++;
        for (let i = from; i < to; i++) st.seen.push(i);
      });
      expect(seen).toEqual(Array.from({ length: n }, (_, i) => i));
      expect(s.calls).toBe(Math.ceil(n / 4096));
    }
  });

  it('builds a layout of many markers (unsorted, duplicated, across slice edges) as a plain sort and dedupe would', () => {
    // 12,000 markers on chromosomes 2 and 1 in reverse, every 7th repeated, one off-layout chromosome.
    const chrom: Chrom[] = [];
    const pos: number[] = [];
    for (let i = 12_000; i > 0; i--) {
      const c: Chrom = i % 2 ? '1' : '2';
      chrom.push(c);
      pos.push(i * 10);
      if (i % 7 === 0) {
        chrom.push(c);
        pos.push(i * 10);
      }
      if (i % 1000 === 0) {
        chrom.push('Y');
        pos.push(i);
      }
    }
    const layout = layoutFromMarkers(chrom, pos);
    const expected = [...new Set(chrom.map((c, i) => (c === 'Y' ? '' : `${c}:${pos[i]}`)))]
      .filter(Boolean)
      .map((k) => k.split(':'))
      .sort((a, b) => Number(a[0]) - Number(b[0]) || Number(a[1]) - Number(b[1]));
    expect(layout.size).toBe(12_000);
    expect(layout.chrom).toEqual(expected.map((e) => e[0]));
    expect([...layout.pos]).toEqual(expected.map((e) => Number(e[1])));
    expect(layout.chromRange['1']).toEqual([0, 6000]);
    expect(layout.chromRange['2']).toEqual([6000, 12_000]);
    expect(layout.chromRange.X).toEqual([12_000, 12_000]);
    expect(layout.indexOfPosition('2', 60)).toBe(6002);
    expect(layout.indexOfPosition('2', 30)).toBe(-1);
    const back = deserialiseLayout(serialiseLayout(layout));
    expect(back.id).toBe(layout.id);
    expect([...back.pos]).toEqual([...layout.pos]);
    expect(back.chromRange).toEqual(layout.chromRange);
  });
});
