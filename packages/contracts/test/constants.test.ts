import { describe, expect, it } from 'vitest';
import { CODES, INVALID_SESSION_CODES } from '../src/codes.ts';
import { COMMODITY_TAGS, formatUnread, shortenNumber, SITE_IDS, TOKEN_COOKIE } from '../src/constants.ts';
import { fail, ok } from '../src/envelope.ts';

describe('constants (§9) and codes (§8)', () => {
  it('caps unread badges at 99', () => {
    expect(formatUnread(99)).toBe('99');
    expect(formatUnread(100)).toBe('...');
  });
  it('shortens numbers', () => {
    expect(shortenNumber(999)).toBe('999');
    expect(shortenNumber(1500)).toBe('1.5千');
    expect(shortenNumber(25_000, 'gte')).toBe('2.5万+');
    expect(shortenNumber(10, 'lte')).toBe('少于10');
  });
  it('keeps the spec values', () => {
    expect(SITE_IDS).toEqual({ app: 4, wechat: 6, mobile: 5, pc: 1 });
    expect(TOKEN_COOKIE.maxAgeMs).toBe(7 * 24 * 3600 * 1000);
    expect(COMMODITY_TAGS).toHaveLength(19);
    expect(INVALID_SESSION_CODES).toEqual([1001, 1003, 2102]);
  });
  it('walks every code: unique, non-zero except OK, Chinese message', () => {
    const codes = Object.values(CODES).map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const [name, { code, msg }] of Object.entries(CODES)) {
      if (name === 'OK') continue;
      expect(code).not.toBe(0);
      expect(msg).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
  it('builds envelopes', () => {
    expect(ok({ a: 1 })).toEqual({ code: 0, data: { a: 1 }, msg: 'ok' });
    expect(fail('NOT_FOUND')).toEqual({ code: 4004, data: null, msg: '内容不存在' });
  });
});
