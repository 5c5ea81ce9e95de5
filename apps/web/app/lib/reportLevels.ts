import { REPORT_CATEGORIES, type ReportApiCategory, type ReportCategory, type ReportTone } from '@jiyin/contracts/reportApi';

/** Tag colour per verdict tone (the server's): red only for what to act on, orange, gold, blue, green. */
const TONE_COLOURS: Record<ReportTone, string> = {
  alert: 'red',
  attention: 'orange',
  notice: 'gold',
  neutral: 'blue',
  favourable: 'green',
};

export function toneColour(tone: ReportTone | null): string {
  return tone ? TONE_COLOURS[tone] : 'default';
}

/** What an item without a result (the chip did not read its markers) shows; not 未检出, a carrier verdict. */
export const NO_RESULT = '无结果';

export function categoryByPage(page: string | undefined): ReportCategory | undefined {
  return REPORT_CATEGORIES.find((c) => c.page === page);
}

export function categoryByApi(api: ReportApiCategory | string): ReportCategory | undefined {
  return REPORT_CATEGORIES.find((c) => c.api === api);
}

/** Where an item of a category opens. */
export function itemPath(category: ReportApiCategory, id: string): string {
  return `/report/${categoryByApi(category)?.page ?? category}/detail/${encodeURIComponent(id)}`;
}

/** The category of a report path (/report/<page>/...). */
export function categoryOfPath(pathname: string): ReportCategory | undefined {
  return categoryByPage(pathname.split('/')[2]);
}

export function themeBackground(theme: { start: string; end: string }): string {
  return `linear-gradient(135deg, ${theme.start}, ${theme.end})`;
}
