import type { ShareInfo } from '@jiyin/contracts/embed';
import { BRAND } from '../brand.ts';

/** §9's default share card, in words this product can stand behind. */
export const DEFAULT_SHARE = {
  title: `${BRAND}：基因检测与家庭健康检测`,
  desc: '读懂你的基因，遇见你的家族：健康风险、药物反应、个人特质与祖源分析。',
  image: '/static/share.png',
} as const;

/**
 * §5: share images must be absolute; SVG cannot be shown by the messaging app's cards, so an SVG
 * falls back to the default picture.
 */
export function shareImageUrl(src: string | null | undefined, origin: string): string {
  const url = new URL(src || DEFAULT_SHARE.image, origin);
  if (url.pathname.toLowerCase().endsWith('.svg')) return new URL(DEFAULT_SHARE.image, origin).href;
  return url.href;
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
    imgUrl: shareImageUrl(image, origin),
  };
}
