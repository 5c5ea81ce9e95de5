import type { TreeDate } from '@jiyin/contracts/treesApi';
import lunar from 'lunar-javascript';
import { ApiError } from '../http/errors.ts';
import { LUNAR_TABLE_FROM, LUNAR_YEARS } from './lunarTable.ts';
import { reignYear } from './reigns.ts';

const { Lunar, LunarMonth, LunarYear, Solar } = lunar;

/**
 * Checks a genealogy date against the calendars and fills the western year of a reign date: a
 * lunar date must name a month its year has (a leap month only where the year has one) and a day
 * the month has; a solar one a real day. Year-only and year-month dates are fine.
 */
export function normaliseDate(d: TreeDate, label: string): TreeDate {
  const out: TreeDate = { ...d };
  if (d.dynasty) {
    const y = reignYear(d.dynasty.reign, d.dynasty.year);
    if (y === null) throw new ApiError('BAD_REQUEST', `${label}：${d.dynasty.reign}没有第 ${d.dynasty.year} 年`);
    out.year = y;
  }
  const year = out.year as number;
  if (d.month === undefined) return out;
  if (d.chooseLunarCalendar) {
    const month = LunarMonth.fromYm(year, d.month);
    if (!month) throw new ApiError('BAD_REQUEST', d.month < 0 ? `${label}：农历${year}年没有闰${-d.month}月` : `${label}：农历月份不存在`);
    if (d.day !== undefined && d.day > month.getDayCount())
      throw new ApiError('BAD_REQUEST', `${label}：农历该月只有 ${month.getDayCount()} 天`);
    return out;
  }
  if (d.month < 1) throw new ApiError('BAD_REQUEST', `${label}：公历没有闰月`);
  if (d.day !== undefined && year > 0) {
    const t = new Date(Date.UTC(2000, d.month - 1, d.day));
    t.setUTCFullYear(year);
    if (t.getUTCMonth() !== d.month - 1 || t.getUTCDate() !== d.day) throw new ApiError('BAD_REQUEST', `${label}：日期不存在`);
  }
  return out;
}

type LunarMonths = Map<number, { firstDay: number; days: number }>;

/**
 * Each lunar year's months (month, leap months negative → first julian day, days): from the table
 * generated from lunar-javascript for the years it covers, else built by the library once per process
 * and year. Lunar.fromYmd would compute a year's solar terms again for most dates (the library keeps
 * one year only): the first read of a tree of thousands of lunar dates spent about a second in it.
 */
const lunarMonths = new Map<number, LunarMonths>();

function monthsOf(year: number): LunarMonths {
  let months = lunarMonths.get(year);
  if (months) return months;
  const row = LUNAR_YEARS[year - LUNAR_TABLE_FROM];
  if (row) {
    const [firstDay, leap, long] = row;
    const order = Array.from({ length: 12 }, (_, i) => i + 1).flatMap((m) => (m === leap ? [m, -m] : [m]));
    months = new Map();
    let day = firstDay;
    for (const [i, m] of order.entries()) {
      const days = long & (1 << i) ? 30 : 29;
      months.set(m, { firstDay: day, days });
      day += days;
    }
  } else {
    months = new Map(
      LunarYear.fromYear(year)
        .getMonthsInYear()
        .map((m) => [m.getMonth(), { firstDay: m.getFirstJulianDay(), days: m.getDayCount() }]),
    );
  }
  // Bounded: one entry per year in use.
  if (lunarMonths.size < 20_000) lunarMonths.set(year, months);
  return months;
}

/** The solar (year, month, day) of a date; a lunar month or day unknown stays unknown. */
export function solarParts(d: TreeDate): { year: number; month?: number; day?: number } {
  const year = d.year as number;
  if (!d.chooseLunarCalendar || d.month === undefined || d.day === undefined) {
    return d.chooseLunarCalendar ? { year } : { year, month: d.month, day: d.day };
  }
  const month = monthsOf(year).get(d.month);
  // A month or day the year does not have: the library's own conversion, which refuses it.
  const s =
    month && d.day >= 1 && d.day <= month.days
      ? Solar.fromJulianDay(month.firstDay + d.day - 1)
      : Lunar.fromYmd(year, d.month, d.day).getSolar();
  return { year: s.getYear(), month: s.getMonth(), day: s.getDay() };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Western reading for display and sorting: '1950', '1950-03', '1950-03-02'; BC years as '公元前200'. */
export function dateText(d: TreeDate | null | undefined): string | null {
  if (!d || d.year === undefined) return null;
  const s = solarParts(d);
  const y = s.year > 0 ? String(s.year) : `公元前${1 - s.year}`;
  if (s.month === undefined) return y;
  return s.day === undefined ? `${y}-${pad(s.month)}` : `${y}-${pad(s.month)}-${pad(s.day)}`;
}

/** A comparable number (unknown month/day count as the middle of their span is not assumed: as 0). */
export function dateKey(d: TreeDate | null | undefined): number | null {
  if (!d || d.year === undefined) return null;
  const s = solarParts(d);
  return s.year * 10_000 + (s.month ?? 0) * 100 + (s.day ?? 0);
}
