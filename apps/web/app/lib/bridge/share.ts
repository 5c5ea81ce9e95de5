import type { ShareInfo } from '@jiyin/contracts/embed';
import { BRAND } from '../brand.ts';

/** §9's default share card, in words this product can stand behind. */
export const DEFAULT_SHARE = {
  title: `${BRAND}：基因检测与家庭健康检测`,
  desc: '读懂你的基因，遇见你的家族：健康风险、药物反应、个人特质与祖源分析。',
  image: '/static/share.png',
} as const;

/** This site's static pictures and uploads: the server keeps a webp and an interlaced jpg beside each. */
const OWN_RASTER = /^(\/(?:static|uploads)\/.+)\.(png|jpe?g)$/i;

/**
 * §5 share images: only this site's own pictures (a card never points at another host), never SVG
 * (the messaging app's cards cannot show it): either falls back to the default picture. The picture
 * is given as its webp variant when the browser reads webp, else as its interlaced jpg (written at
 * start for static pictures, on upload for uploads).
 */
export function shareImageUrl(src: string | null | undefined, origin: string, webp: boolean): string {
  let url: URL;
  try {
    url = new URL(src || DEFAULT_SHARE.image, origin);
  } catch {
    url = new URL(DEFAULT_SHARE.image, origin);
  }
  if (url.origin !== new URL(origin).origin || url.pathname.toLowerCase().endsWith('.svg')) url = new URL(DEFAULT_SHARE.image, origin);
  const raster = OWN_RASTER.exec(url.pathname);
  if (raster) url.pathname = `${raster[1]}.${webp ? 'webp' : 'jpg'}`;
  url.search = '';
  url.hash = '';
  return url.href;
}

/** Whether this browser encodes (and so reads) webp: the test §5's "when supported" asks. */
function supportsWebp(): boolean {
  const canvas = document.createElement('canvas');
  canvas.width = 1;
  canvas.height = 1;
  return canvas.toDataURL('image/webp').startsWith('data:image/webp');
}

/** The current page's share card: its title and description, its address without the fragment. */
export function currentShareInfo(): ShareInfo {
  const { origin, pathname, search } = window.location;
  const description = document.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;
  const image = document.querySelector<HTMLMetaElement>('meta[property="og:image"]')?.content;
  return {
    title: document.title || DEFAULT_SHARE.title,
    desc: description || DEFAULT_SHARE.desc,
    link: `${origin}${pathname}${search}`,
    imgUrl: shareImageUrl(image, origin, supportsWebp()),
  };
}
