import lunar from 'lunar-javascript';
import { describe, expect, it } from 'vitest';
import { solarParts } from '../src/trees/dates.ts';
import { LUNAR_TABLE_FROM, LUNAR_YEARS } from '../src/trees/lunarTable.ts';

const { Lunar, LunarYear } = lunar;

describe('lunar dates of tree persons', () => {
  it('convert to solar as lunar-javascript does, through the generated table and beyond it', () => {
    const last = LUNAR_TABLE_FROM + LUNAR_YEARS.length - 1;
    const differ: string[] = [];
    for (let y = LUNAR_TABLE_FROM - 3; y <= last + 3; y++) {
      const leap = LunarYear.fromYear(y).getLeapMonth();
      for (const m of [1, 2, 6, 11, 12, ...(leap ? [leap, -leap] : [])])
        for (const d of [1, 15, 29, 30]) {
          const want = (() => {
            try {
              const s = Lunar.fromYmd(y, m, d).getSolar();
              return [s.getYear(), s.getMonth(), s.getDay()].join('-');
            } catch {
              return 'refused';
            }
          })();
          const got = (() => {
            try {
              const s = solarParts({ year: y, month: m, day: d, chooseLunarCalendar: true });
              return [s.year, s.month, s.day].join('-');
            } catch {
              return 'refused';
            }
          })();
          if (want !== got) differ.push(`${y}/${m}/${d}: ${want} ≠ ${got}`);
        }
    }
    expect(differ).toEqual([]);
  });
});
