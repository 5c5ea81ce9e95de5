import type { ThemeConfig } from 'antd';

/**
 * The one antd theme of the site. Its styles are baked into a stylesheet at build time (vite.config.ts,
 * `antdStylesheet`), so pages render with `zeroRuntime` and generate no styles per request; the fixed
 * `cssVar.key` makes the class the build's stylesheet targets the same on every page.
 */
export const ANTD_THEME = {
  token: { colorPrimary: '#1677ff', borderRadius: 8 },
  cssVar: { key: 'jy-theme' },
} satisfies ThemeConfig;
