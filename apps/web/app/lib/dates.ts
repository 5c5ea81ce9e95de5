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

/** Shared with the server (the electronic report prints Beijing times too). */
export { formatBeijingTime } from '@jiyin/contracts/time';
