import { describe, expect, it } from 'vitest';
import { CODES } from '../src/codes.ts';
import {
  initialReportStatus,
  REPORT_STATUS_BY_CODE,
  REPORT_TYPES,
  reportAccess,
  reportStatusAfter,
  reportType,
  STANDARD_SUBMODULES,
} from '../src/reports.ts';

describe('report status code table (§4)', () => {
  it.each(REPORT_STATUS_BY_CODE.map((r) => [r.match, r.status]))('%s → %s', (match, status) => {
    const answer = typeof match === 'string' ? { code: 0, data: match } : { code: match };
    expect(reportStatusAfter('out', answer)).toBe(status);
  });

  it('code 0 leaves the status unchanged', () => {
    expect(reportStatusAfter('none', { code: 0, data: { list: [] } })).toBe('none');
    expect(reportStatusAfter('out', { code: 0 })).toBe('out');
  });

  it('any other non-zero code is an error', () => {
    expect(reportStatusAfter('out', { code: CODES.INTERNAL.code })).toBe('error');
    expect(reportStatusAfter('out', { code: 777 })).toBe('error');
  });

  it('starts as error without data, out with a report, none otherwise', () => {
    expect(initialReportStatus(null)).toBe('error');
    expect(initialReportStatus({ hasReport: true })).toBe('out');
    expect(initialReportStatus({ hasReport: false })).toBe('none');
  });
});

describe('report types and access (§4, §6)', () => {
  const standard = { isOnlineProduct: true, supportSubmodules: STANDARD_SUBMODULES };
  const cases: [string, Parameters<typeof reportType>[0], (typeof REPORT_TYPES)[number], { ancestry: boolean; health: boolean }][] = [
    ['online standard', standard, 'standard', { ancestry: true, health: true }],
    [
      'online without ancestry',
      { isOnlineProduct: true, supportSubmodules: ['disease', 'drug'] },
      'noAncestry',
      { ancestry: false, health: true },
    ],
    ['online ancestry only', { isOnlineProduct: true, supportSubmodules: ['ancestry'] }, 'standard', { ancestry: true, health: true }],
    ['offline', { isOnlineProduct: false, supportSubmodules: STANDARD_SUBMODULES }, 'offline', { ancestry: false, health: false }],
    ['third party', { ...standard, thirdParty: true }, 'thirdParty', { ancestry: false, health: false }],
    ['child talent', { ...standard, childTalent: true }, 'childTalent', { ancestry: false, health: false }],
  ];
  it.each(cases)('%s', (_name, product, type, access) => {
    expect(reportType(product)).toBe(type);
    expect(reportAccess(type)).toEqual(access);
  });

  it('shared-link viewing is always standard', () => {
    expect(reportType({ isOnlineProduct: false, supportSubmodules: [] }, true)).toBe('standard');
  });

  it('covers all five types', () => {
    expect(new Set(cases.map((c) => c[2]))).toEqual(new Set(REPORT_TYPES));
  });
});
