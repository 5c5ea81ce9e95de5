import type { YTreeRow } from '@jiyin/contracts/ancestryApi';

/** The Y tree in the browser: rows by index, children lists, lookups by name and SNP name. */
export interface YTreeModel {
  rows: YTreeRow[];
  children: number[][];
  byName: Map<string, number>;
  /** Branches below each node. */
  size: Int32Array;
}

export function buildModel(rows: YTreeRow[]): YTreeModel {
  const children: number[][] = rows.map(() => []);
  const byName = new Map<string, number>();
  rows.forEach((r, i) => {
    byName.set(r[0], i);
    if (r[1] >= 0) children[r[1]].push(i);
  });
  const size = new Int32Array(rows.length);
  // Parents come first, so a backward pass sums subtree sizes.
  for (let i = rows.length - 1; i > 0; i--) size[rows[i][1]] += 1 + size[i];
  return { rows, children, byName, size };
}

/** Indexes from the root down to node i. */
export function pathOf(m: YTreeModel, i: number): number[] {
  const path: number[] = [];
  for (let n = i; n >= 0; n = m.rows[n][1]) path.push(n);
  return path.reverse();
}

/**
 * Nodes matching what a user typed: the haplogroup name ('O2a1b'), the SNP-based name ('O-F11') or
 * one of the first defining SNPs ('F11', 'M175'), case-insensitive. Exact matches first, then names
 * starting with the text, then any containing it; at most `limit`.
 */
export function searchNodes(m: YTreeModel, text: string, limit = 20): number[] {
  const q = text.trim().toLowerCase();
  if (!q) return [];
  const exact: number[] = [];
  const prefix: number[] = [];
  const inside: number[] = [];
  m.rows.forEach((r, i) => {
    const name = r[0].toLowerCase();
    const snpName = r[2].toLowerCase();
    const snps = r[4].toLowerCase().split('/');
    if (name === q || snpName === q || snpName.endsWith(`-${q}`) || snps.includes(q)) exact.push(i);
    else if (name.startsWith(q) || snpName.startsWith(q)) prefix.push(i);
    else if (name.includes(q) || snpName.includes(q)) inside.push(i);
  });
  // Shorter (higher) names first within a group: 'O2' before 'O2a1b1'.
  const byLength = (a: number, b: number) => m.rows[a][0].length - m.rows[b][0].length || a - b;
  return [...exact.sort(byLength), ...prefix.sort(byLength), ...inside.sort(byLength)].slice(0, limit);
}

/** What is open by default: every node on the paths to the given nodes, so their siblings show too. */
export function expandedFor(m: YTreeModel, targets: number[]): Set<number> {
  const open = new Set<number>();
  for (const t of targets) for (const n of pathOf(m, t)) if (n !== t) open.add(n);
  return open;
}
