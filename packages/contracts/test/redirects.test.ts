import { describe, expect, it } from 'vitest';
import { fillPattern } from '../src/pathPattern.ts';
import { REDIRECT_RULES, redirectTarget, resolveLegacyRedirect } from '../src/redirects.ts';

const sample = { id: '42', '*': 'report/nation/detail' };

describe('legacy redirect table (§2.5)', () => {
  it.each(REDIRECT_RULES.map((r) => [r.from, r]))('row %s resolves to its own target', (_from, rule) => {
    const from = fillPattern(rule.from, sample);
    expect(resolveLegacyRedirect(from)).toBe(fillPattern(rule.to, sample));
  });

  it('has no duplicate sources', () => {
    const froms = REDIRECT_RULES.map((r) => r.from);
    expect(new Set(froms).size).toBe(froms.length);
  });

  it.each([
    ['/new/items', '/topics'],
    ['/new/sample/sport', '/topics/fitness'],
    ['/new/whitepaper', '/white-papers'],
    ['/new/user/detection-persons', '/user/persons'],
    ['/new/user/setting', '/user/settings'],
    ['/new/notice/msg', '/user/messages'],
    ['/new/notice/info', '/user/notices'],
    ['/new/gene-data-import', '/import'],
    ['/new/buy/cart', '/buy/standard/order'],
    ['/new/buy/product-select', '/shop/gene/product-select'],
    ['/new/shop/yfull', '/shop/yfull'],
    ['/new/channel/group', '/shop/group'],
    ['/new/protocol/irb', '/irb'],
    ['/new/protocol/user', '/protocol/user'],
    ['/new/download/guide', '/app'],
    ['/new/auth/signin', '/auth/signin'],
    ['/new/buy/speed-package', '/buy/speed-package'],
    ['/new/report/trait', '/report/traits'],
    ['/new/report/trait/detail/7', '/report/traits/detail/7'],
    ['/new/report/trait/lock-detail', '/report/traits/lock-detail'],
    ['/new/report/trait/lock-detail/3', '/report/traits/lock-detail/3'],
    ['/new/report/inherit/detail/9', '/report/carrier-status/detail/9'],
    ['/new/report/gene-rs', '/report/gene-relatives'],
    ['/new/report/gene-rs/detail', '/report/gene-relatives/detail'],
    ['/new/report/gene-rs/protocol', '/report/gene-relatives/protocol'],
    ['/new/report/gene-rs/tracing-service', '/ancestry/reunion'],
    ['/new/report/ancestry/nation', '/report/ancestry/nation'],
    ['/new/report/hpv/detail', '/report/hpv/detail'],
    ['/new/report/ancestry/gene-distribution', '/report/ancestry/gene-relatives-distribution'],
    ['/new/report/ancestry/gene-distribution/city-list', '/report/ancestry/gene-relatives-distribution/city-list'],
    ['/new/webview/sample/inherited', '/webview/topics/carrier-status'],
    ['/new/webview/sample/sport', '/webview/topics/fitness'],
    ['/new/webview/sample/skin', '/webview/topics/skin'],
    ['/ancestry/seek-relatives', '/ancestry/reunion'],
    ['/ancestry/seek-relatives/list', '/ancestry/reunion/list'],
    ['/ancestry/seek-relatives/edit/17', '/ancestry/reunion/edit/17'],
  ])('%s → %s', (from, to) => {
    expect(resolveLegacyRedirect(from)).toBe(to);
  });

  it('leaves current paths alone', () => {
    for (const p of ['/', '/topics', '/report/traits', '/user', '/newsletter', '/ancestry/reunion']) {
      expect(resolveLegacyRedirect(p)).toBeNull();
    }
  });

  it('keeps the query string', () => {
    expect(redirectTarget('/new/items', '?a=1&b=%E4%B8%AD')).toBe('/topics?a=1&b=%E4%B8%AD');
    expect(redirectTarget('/topics', '?a=1')).toBeNull();
  });
});
