import { describe, expect, it } from 'vitest';
import { resolveHref } from '../app/lib/links.ts';

describe('resolveHref', () => {
  it.each([
    '/community/',
    '/community/?module=health',
    '/gene-club',
    '/gene-club/detail?id=3',
    '/legacy/x',
    'javascript:void(0)',
    'https://example.com/',
  ])('%s is a plain anchor', (href) => expect(resolveHref(href).kind).toBe('document'));

  it('swaps a legacy path for its new page and keeps query and hash', () => {
    expect(resolveHref('/new/items?a=1#top')).toEqual({ kind: 'app', href: '/topics?a=1#top' });
    expect(resolveHref('/report/trait/detail/7')).toEqual({ kind: 'app', href: '/report/traits/detail/7' });
  });

  it('leaves current paths alone', () => {
    expect(resolveHref('/shop/gene/product-select')).toEqual({ kind: 'app', href: '/shop/gene/product-select' });
    expect(resolveHref('/communityx')).toEqual({ kind: 'app', href: '/communityx' });
  });
});
