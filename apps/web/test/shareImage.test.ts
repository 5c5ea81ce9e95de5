import { describe, expect, it } from 'vitest';
import { shareImageUrl } from '../app/lib/bridge/share.ts';

const SITE = 'https://www.jiyin.example';

describe('share card images (§5)', () => {
  it('gives a static picture of this site as its webp variant, or its interlaced jpg when webp is not read', () => {
    expect(shareImageUrl('/static/share.png', SITE, true)).toBe(`${SITE}/static/share.webp`);
    expect(shareImageUrl('/static/share.png', SITE, false)).toBe(`${SITE}/static/share.jpg`);
    expect(shareImageUrl(`${SITE}/static/activities/a.JPEG?v=2#x`, SITE, false)).toBe(`${SITE}/static/activities/a.jpg`);
  });

  it('uses the default picture when the page names none', () => {
    expect(shareImageUrl(undefined, SITE, true)).toBe(`${SITE}/static/share.webp`);
    expect(shareImageUrl('', SITE, false)).toBe(`${SITE}/static/share.jpg`);
  });

  it('never points at an SVG or another host', () => {
    for (const src of [
      '/static/hero.svg',
      '/static/products/standard.SVG',
      'https://cdn.elsewhere.example/static/share.png',
      '//evil.example/a.jpg',
      'http://www.jiyin.example/static/share.png',
      'data:image/png;base64,iVBORw0KGgo=',
    ]) {
      expect(shareImageUrl(src, SITE, true), src).toBe(`${SITE}/static/share.webp`);
    }
  });

  it('gives an upload of this site as its variant too', () => {
    expect(shareImageUrl('/uploads/community/0b6f.png', SITE, true)).toBe(`${SITE}/uploads/community/0b6f.webp`);
    expect(shareImageUrl(`${SITE}/uploads/community/0b6f.png`, SITE, false)).toBe(`${SITE}/uploads/community/0b6f.jpg`);
  });
});
