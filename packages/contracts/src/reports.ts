import { CODES } from './codes.ts';

/**
 * Report status of §4: what a report page shows. Values mirror the spec's list; `out` means the
 * report is available.
 */
export const REPORT_STATUSES = [
  'out',
  'none',
  'noPermission',
  'error',
  'undetected',
  'notFound',
  'shouldUpgrade',
  'shouldShare',
  'tumorShareLimit',
  'itemNotSupported',
] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** The §4 code mapping as data: one row per code or text the report calls answer. */
export const REPORT_STATUS_BY_CODE: readonly { match: number | string; status: ReportStatus }[] = [
  { match: CODES.NO_PERMISSION.code, status: 'noPermission' },
  { match: CODES.NOT_FOUND.code, status: 'notFound' },
  { match: CODES.API_NOT_FOUND.code, status: 'notFound' },
  { match: CODES.SHOULD_UPGRADE.code, status: 'shouldUpgrade' },
  { match: CODES.SHOULD_SHARE.code, status: 'shouldShare' },
  { match: CODES.ITEM_NOT_SUPPORTED.code, status: 'itemNotSupported' },
  // Not in the spec's table: a detection whose report is not computed yet is the 'none' state (§4
  // initialisation), whichever call discovers it.
  { match: CODES.REPORT_NOT_READY.code, status: 'none' },
  { match: 'unDetected', status: 'undetected' },
  { match: 'tumorShareSctLimit', status: 'tumorShareLimit' },
];

/**
 * The status after a report call: code 0 leaves it unchanged, a known code or text maps by the
 * table, any other non-zero code is an error.
 */
export function reportStatusAfter(current: ReportStatus, answer: { code: number; data?: unknown }): ReportStatus {
  const text = typeof answer.data === 'string' ? answer.data : undefined;
  const byText = text === undefined ? undefined : REPORT_STATUS_BY_CODE.find((r) => r.match === text);
  if (byText) return byText.status;
  if (answer.code === 0) return current;
  return REPORT_STATUS_BY_CODE.find((r) => r.match === answer.code)?.status ?? 'error';
}

/** Initial status of §4: no data is an error, a person with a report is out, otherwise none. */
export function initialReportStatus(person: { hasReport?: boolean } | null | undefined): ReportStatus {
  if (!person) return 'error';
  return person.hasReport ? 'out' : 'none';
}

/** The five report types of the selected person (§4). */
export const REPORT_TYPES = ['thirdParty', 'childTalent', 'standard', 'noAncestry', 'offline'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export interface ReportProduct {
  isOnlineProduct: boolean;
  /** Submodules of the product; the standard set is what the standard product carries. */
  supportSubmodules: readonly string[];
  thirdParty?: boolean;
  childTalent?: boolean;
}

/** Submodules of the standard online product: health reports plus ancestry. */
export const STANDARD_SUBMODULES = ['ancestry', 'disease', 'traits', 'carrier-status', 'drug', 'nutrition', 'fitness', 'tumor'] as const;

/** §4: shared-link viewing is always standard; otherwise by product. */
export function reportType(product: ReportProduct, viaShareLink = false): ReportType {
  if (viaShareLink) return 'standard';
  if (product.thirdParty) return 'thirdParty';
  if (product.childTalent) return 'childTalent';
  if (!product.isOnlineProduct) return 'offline';
  // "Standard submodules" read as the ancestry (parentage) module the standard product is built on:
  // an ancestry-only kit must open its ancestry report, and health categories it lacks are locked
  // per category (productStatus) rather than by type.
  return product.supportSubmodules.includes('ancestry') ? 'standard' : 'noAncestry';
}

/** §6 Report access: which report families a person of each type may see. */
export function reportAccess(type: ReportType): { ancestry: boolean; health: boolean } {
  return {
    ancestry: type === 'standard',
    health: type === 'standard' || type === 'noAncestry',
  };
}
