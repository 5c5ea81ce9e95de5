import { extractStyle } from '@ant-design/static-style-extract';
import { ConfigProvider } from 'antd';
import { createElement, type ReactElement } from 'react';
import type { Plugin } from 'vite';
import { ANTD_THEME } from './app/lib/theme.ts';

const ID = 'virtual:antd.css';
const RESOLVED = `\0${ID}`;

/**
 * antd's styles for the site's theme as one stylesheet, baked when the app is built (antd's documented
 * "whole export" for server rendering). Vite emits it as a content-hashed asset, so browsers fetch it
 * once and cache it as immutable, and the server inlines no CSS-in-JS styles into pages.
 */
export function antdStylesheet(): Plugin {
  let css: string | undefined;
  return {
    name: 'jiyin-antd-stylesheet',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      const customTheme = (node: ReactElement) => createElement(ConfigProvider, { theme: ANTD_THEME }, node);
      // Tour's styles carry a malformed selector that the CSS minifier rejects (the site has no tour).
      css ??= extractStyle({ customTheme, excludes: ['Tour'] });
      return css;
    },
  };
}
