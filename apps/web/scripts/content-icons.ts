// Writes app/components/content-icons.svg: the content icons (antd's outlined set, @ant-design/icons-svg) as one
// sprite of <symbol>s. Pages refer to it with <use>, so the browser fetches the paths once and caches them,
// instead of every page carrying each icon's paths inline (the home page's dozen came to ~10 KB of HTML).
// Run after changing CONTENT_ICONS: npm exec -- node apps/web/scripts/content-icons.ts
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import * as asn from '@ant-design/icons-svg';
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/lib/types';
import { CONTENT_ICONS } from '../app/components/contentIcons.ts';

export const SPRITE_PATH = path.join(import.meta.dirname, '../app/components/content-icons.svg');

const definitions = asn as unknown as Record<string, IconDefinition>;
const componentName = (name: string) => `${name.replace(/(^|-)(\w)/g, (_, _dash, c: string) => c.toUpperCase())}Outlined`;

function render(node: AbstractNode): string {
  const attrs = Object.entries(node.attrs)
    .map(([key, value]) => ` ${key}="${value}"`)
    .join('');
  return `<${node.tag}${attrs}>${(node.children ?? []).map(render).join('')}</${node.tag}>`;
}

export function contentIconSprite(): string {
  const symbols = CONTENT_ICONS.map((name) => {
    const icon = definitions[componentName(name)]?.icon;
    if (!icon || typeof icon === 'function') throw new Error(`no outlined antd icon named ${name}`);
    return `<symbol id="${name}" viewBox="${icon.attrs.viewBox}">${(icon.children ?? []).map(render).join('')}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true">\n${symbols.join('\n')}\n</svg>\n`;
}

if (import.meta.main) writeFileSync(SPRITE_PATH, contentIconSprite());
