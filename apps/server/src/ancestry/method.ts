import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { MethodBlock, MethodSection } from '@jiyin/contracts/ancestryApi';

/**
 * The ancestry method note (packages/genome/data/ancestry/METHOD.zh.md, written beside the engine it
 * describes) as sections of paragraphs, lists and tables for the report pages. Only the Markdown the
 * note uses is read: '## ' sections, paragraphs, '- ' and '1. ' lists, pipe tables, **bold** and
 * `code` (shown as plain text). Text before the first section speaks to developers and is left out.
 */
export function parseMethodNote(markdown: string): MethodSection[] {
  const sections: MethodSection[] = [];
  let current: MethodSection | null = null;
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  let table: string[][] = [];

  const plain = (s: string) =>
    s
      .replace(/\*\*(.+?)\*\*/g, '$1')
      .replace(/`([^`]+)`/g, '$1')
      .trim();
  const cells = (line: string) => line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map(plain);
  const flush = () => {
    if (!current) return;
    if (paragraph.length) current.blocks.push({ type: 'paragraph', text: plain(paragraph.join('')) });
    if (list) current.blocks.push({ type: 'list', ordered: list.ordered, items: list.items.map(plain) });
    if (table.length) {
      const [header, , ...rows] = table;
      current.blocks.push({ type: 'table', header, rows } satisfies MethodBlock);
    }
    paragraph = [];
    list = null;
    table = [];
  };

  for (const raw of markdown.split('\n')) {
    const line = raw.trimEnd();
    if (line.startsWith('## ')) {
      flush();
      current = { title: plain(line.slice(3)), blocks: [] };
      sections.push(current);
      continue;
    }
    if (!current) continue;
    const bullet = /^- (.*)$/.exec(line);
    const numbered = /^\d+\. (.*)$/.exec(line);
    if (line === '') flush();
    else if (line.startsWith('|')) {
      if (!table.length) flush();
      table.push(cells(line));
    } else if (bullet || numbered) {
      const ordered = Boolean(numbered);
      if (paragraph.length || table.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push((bullet ?? numbered)?.[1] ?? '');
    } else if (list && /^\s+/.test(raw)) {
      // A wrapped list item continues on an indented line.
      list.items[list.items.length - 1] += line.trim();
    } else paragraph.push(line.trim());
  }
  flush();
  return sections;
}

let note: MethodSection[] | undefined;

/** The shipped note, read once. */
export function methodNote(): MethodSection[] {
  if (!note) {
    const engine = createRequire(import.meta.url).resolve('@jiyin/genome');
    note = parseMethodNote(readFileSync(new URL('../data/ancestry/METHOD.zh.md', pathToFileURL(engine)), 'utf8'));
  }
  return note;
}

/** The section on what the composition cannot tell (its title starts with 局限). */
export function limitsSection(): MethodSection | null {
  return methodNote().find((s) => s.title.startsWith('局限')) ?? null;
}
