import { describe, expect, it } from 'vitest';
import { formatBeijingTime, formatBirthday } from '../app/lib/dates.ts';

describe('formatBirthday', () => {
  it.each([
    [{ year: 1990, month: 6, day: 12, chooseLunarCalendar: false }, '1990年6月12日'],
    [{ year: 2023, month: -2, day: 15, chooseLunarCalendar: true }, '农历2023年闰二月十五'],
    [{ year: 1988, month: 1, day: 1, chooseLunarCalendar: true }, '农历1988年正月初一'],
    [{ year: 1988, month: 12, day: 20, chooseLunarCalendar: true }, '农历1988年腊月二十'],
    [{ year: 1988, month: 11, day: 23, chooseLunarCalendar: true }, '农历1988年冬月廿三'],
    [{ year: 1988, month: 3, day: 30, chooseLunarCalendar: true }, '农历1988年三月三十'],
  ])('%o → %s', (b, text) => expect(formatBirthday(b)).toBe(text));
});

describe('formatBeijingTime', () => {
  it.each([
    ['2026-11-23T10:00:00Z', '2026-11-23 18:00:00'],
    ['2026-12-31T16:05:09.120Z', '2027-01-01 00:05:09'],
  ])('%s → %s', (iso, text) => expect(formatBeijingTime(iso)).toBe(text));
});
