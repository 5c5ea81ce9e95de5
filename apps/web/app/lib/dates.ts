import type { Birthday } from '@jiyin/contracts/accounts';

const LUNAR_MONTHS = ['正', '二', '三', '四', '五', '六', '七', '八', '九', '十', '冬', '腊'];
const DAY_TENS = ['初', '十', '廿', '三'];
const DIGITS = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

function lunarDay(d: number): string {
  if (d === 10) return '初十';
  if (d === 20) return '二十';
  if (d === 30) return '三十';
  return `${DAY_TENS[Math.floor(d / 10)]}${DIGITS[d % 10]}`;
}

/** A §3 Date as people write it: 1990年6月12日, or 农历2023年闰二月十五. */
export function formatBirthday(b: Birthday): string {
  if (!b.chooseLunarCalendar) return `${b.year}年${b.month}月${b.day}日`;
  const leap = b.month < 0 ? '闰' : '';
  return `农历${b.year}年${leap}${LUNAR_MONTHS[Math.abs(b.month) - 1]}月${lunarDay(b.day)}`;
}

const BEIJING_OFFSET_MS = 8 * 3600 * 1000;
const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * An instant as Beijing wall-clock time, 2026-11-23 18:00:00. Built by hand rather than with
 * toLocaleString because Node's and the browser's ICU may format differently, which breaks hydration.
 * China has no daylight saving time, so a fixed offset is exact.
 */
export function formatBeijingTime(iso: string | Date): string {
  const d = new Date(new Date(iso).getTime() + BEIJING_OFFSET_MS);
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`;
}
