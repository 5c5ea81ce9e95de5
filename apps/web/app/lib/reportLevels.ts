import { REPORT_CATEGORIES, type ReportApiCategory, type ReportCategory } from '@jiyin/contracts/reportApi';

/** Tag colour per result level: elevated risk red, carrier or altered response orange, typical blue, favourable green. */
const LEVEL_COLOURS: Record<string, string> = {
  high: 'red',
  affected: 'red',
  'poor-metabolizer': 'volcano',
  'ultrarapid-metabolizer': 'volcano',
  'altered-response': 'orange',
  carrier: 'orange',
  'intermediate-metabolizer': 'gold',
  'rapid-metabolizer': 'gold',
  typical: 'blue',
  low: 'green',
  'not-carrier': 'green',
  'normal-metabolizer': 'green',
  'normal-response': 'green',
  trait: 'purple',
};

export function levelColour(level: string | null): string {
  return (level && LEVEL_COLOURS[level]) || 'default';
}

/** Levels that call for attention (old-risk counts them). */
export const ELEVATED_LEVELS: readonly string[] = [
  'high',
  'affected',
  'poor-metabolizer',
  'ultrarapid-metabolizer',
  'altered-response',
  'carrier',
];

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
