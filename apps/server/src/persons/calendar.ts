import type { Birthday } from '@jiyin/contracts/accounts';
import lunar from 'lunar-javascript';
import { ApiError } from '../http/errors.ts';

const { Lunar, LunarMonth } = lunar;

/**
 * Validates a §3 Date against the real calendars and gives its solar date (YYYY-MM-DD): a lunar date
 * must name a month the year has (a leap month only where that year has one) and a day the month has.
 */
export function solarDateOf(b: Birthday): string {
  if (b.chooseLunarCalendar) {
    const month = LunarMonth.fromYm(b.year, b.month);
    if (!month) throw new ApiError('BAD_REQUEST', b.month < 0 ? `农历${b.year}年没有闰${-b.month}月` : '农历月份不存在');
    if (b.day > month.getDayCount()) throw new ApiError('BAD_REQUEST', `农历该月只有 ${month.getDayCount()} 天`);
    return Lunar.fromYmd(b.year, b.month, b.day).getSolar().toYmd();
  }
  if (b.month < 1) throw new ApiError('BAD_REQUEST', '公历没有闰月');
  const d = new Date(Date.UTC(b.year, b.month - 1, b.day));
  if (d.getUTCMonth() !== b.month - 1 || d.getUTCDate() !== b.day) throw new ApiError('BAD_REQUEST', '日期不存在');
  return d.toISOString().slice(0, 10);
}
