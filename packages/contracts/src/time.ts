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
