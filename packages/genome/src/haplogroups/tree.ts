import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { GenomeError } from '../types.ts';
import { AGES_YBP } from './ages.ts';

/**
 * The two haplogroup trees, shipped as data/haplogroups/{ytree,mttree}.json (built by
 * scripts/derive-ytree.py and scripts/derive-mttree.py; sources in data/SOURCES.md). In both files a
 * parent precedes its children, node 0 is the root, and each marker belongs to exactly one node.
 */

/** One node as the Y-tree page draws it. `id` is the haplogroup name (unique within its tree). */
export interface TreeNode {
  id: string;
  parent: string | null;
  name: string;
  /** Y only: SNP-based name such as 'O-F11' (major clade + representative SNP). */
  snpName?: string;
  /** Names of the defining markers ('M175', 'F11'; mt: 'T16217C', 'C8281d', back mutations end in '!'). */
  snps: string[];
  /** Formation/TMRCA age in years before present where a cited source gives one (see ages.ts). */
  age?: number | null;
}

export type TreeKind = 'Y' | 'MT';

/** Compiled, index-based form used by the callers. */
export interface CompiledTree {
  kind: TreeKind;
  version: string;
  names: string[];
  snpNames: string[];
  parent: Int32Array;
  depth: Int32Array;
  /** Markers grouped by node: markers of node n are [markerStart[n], markerStart[n + 1]). */
  markerStart: Int32Array;
  pos: Int32Array;
  anc: string[];
  der: string[];
  markerName: string[];
  /** Y only: rsid number (0 when none), for files that lack a position for the marker. */
  rsid: Int32Array;
  /** Evidence weight of one marker: lower for recurrent mutations and split runs of deletions. */
  weight: Float64Array;
  /**
   * For a marker whose position already mutated higher up its path (back or repeated mutations, common
   * in mtDNA hotspots), the index of that ancestor's marker, else -1: below this node the earlier
   * marker is expected to read as its ancestral state and must not count against the path.
   */
  supersedes: Int32Array;
  /**
   * Index of the first marker at the same position (the marker itself when none precedes it): the
   * caller looks each position up once, the mt tree's 12,847 markers sit at 4,101 positions.
   */
  firstAtPos: Int32Array;
  index: Map<string, number>;
}

const Base = z.enum(['A', 'C', 'G', 'T', 'D', 'I']);
const YFile = z.object({
  version: z.string(),
  nodes: z.array(z.tuple([z.string(), z.number().int(), z.string()])),
  markers: z.array(z.tuple([z.number().int(), z.number().int().positive(), Base, Base, z.string(), z.number().int()])),
});
const MtFile = z.object({
  version: z.string(),
  nodes: z.array(z.tuple([z.string(), z.number().int()])),
  markers: z.array(z.tuple([z.number().int(), z.number().int().min(1).max(16569), Base, Base, z.union([z.literal(0), z.literal(1)])])),
});

interface RawMarker {
  node: number;
  pos: number;
  anc: string;
  der: string;
  name: string;
  rsid: number;
}

function compile(
  kind: TreeKind,
  version: string,
  nodes: { name: string; parent: number; snpName: string }[],
  markers: RawMarker[],
): CompiledTree {
  const n = nodes.length;
  const parent = new Int32Array(n);
  const depth = new Int32Array(n);
  const index = new Map<string, number>();
  nodes.forEach((node, i) => {
    // The derivation scripts write parents first; anything else means a corrupt file.
    if ((i === 0) !== (node.parent === -1) || node.parent >= i || index.has(node.name)) {
      throw new GenomeError('IO_ERROR', `单倍群树数据文件已损坏（节点 ${node.name}）`);
    }
    parent[i] = node.parent;
    depth[i] = i === 0 ? 0 : depth[node.parent] + 1;
    index.set(node.name, i);
  });
  const sorted = [...markers].sort((a, b) => a.node - b.node || a.pos - b.pos);
  const markerStart = new Int32Array(n + 1);
  for (const m of sorted) {
    if (m.node < 0 || m.node >= n) throw new GenomeError('IO_ERROR', '单倍群树数据文件已损坏（标记指向不存在的节点）');
    markerStart[m.node + 1]++;
  }
  for (let i = 0; i < n; i++) markerStart[i + 1] += markerStart[i];

  // A mutation that recurs on k branches says less about any one of them: weight 1/k.
  const recurrence = new Map<string, number>();
  for (const m of sorted) recurrence.set(`${m.pos}${m.der}`, (recurrence.get(`${m.pos}${m.der}`) ?? 0) + 1);
  const weight = new Float64Array(sorted.length);
  for (let i = 0; i < sorted.length; i++) weight[i] = 1 / (recurrence.get(`${sorted[i].pos}${sorted[i].der}`) ?? 1);
  // A multi-base deletion (B4'5's 9 bp) is one event spread over adjacent positions: share one weight.
  for (let i = 0; i < sorted.length; ) {
    let j = i + 1;
    const isDel = (k: number) => sorted[k].der === 'D' || sorted[k].anc === 'D';
    if (isDel(i)) {
      while (j < sorted.length && isDel(j) && sorted[j].node === sorted[i].node && sorted[j].pos === sorted[j - 1].pos + 1) j++;
      for (let k = i; k < j; k++) weight[k] /= j - i;
    }
    i = j;
  }
  const supersedes = new Int32Array(sorted.length).fill(-1);
  const seen = new Set<number>();
  const repeated = new Set<number>();
  for (const m of sorted) (seen.has(m.pos) ? repeated : seen).add(m.pos);
  for (let i = 0; i < sorted.length; i++) {
    if (!repeated.has(sorted[i].pos)) continue;
    find: for (let u = parent[sorted[i].node]; u >= 0; u = parent[u]) {
      for (let k = markerStart[u]; k < markerStart[u + 1]; k++) {
        if (sorted[k].pos === sorted[i].pos) {
          supersedes[i] = k;
          break find;
        }
      }
    }
  }
  const firstAtPos = new Int32Array(sorted.length);
  const firstOf = new Map<number, number>();
  for (let i = 0; i < sorted.length; i++) {
    const first = firstOf.get(sorted[i].pos) ?? i;
    firstAtPos[i] = first;
    if (first === i) firstOf.set(sorted[i].pos, i);
  }
  return {
    kind,
    version,
    names: nodes.map((x) => x.name),
    snpNames: nodes.map((x) => x.snpName),
    parent,
    depth,
    markerStart,
    pos: Int32Array.from(sorted, (m) => m.pos),
    anc: sorted.map((m) => m.anc),
    der: sorted.map((m) => m.der),
    markerName: sorted.map((m) => m.name),
    rsid: Int32Array.from(sorted, (m) => m.rsid),
    weight,
    supersedes,
    firstAtPos,
    index,
  };
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(new URL(`../../data/haplogroups/${file}`, import.meta.url), 'utf8'));
  } catch {
    throw new GenomeError('IO_ERROR', `无法读取单倍群树数据文件 ${file}`);
  }
}

function checked<T>(schema: z.ZodType<T>, value: unknown, file: string): T {
  const r = schema.safeParse(value);
  if (!r.success) throw new GenomeError('IO_ERROR', `单倍群树数据文件 ${file} 格式不对`);
  return r.data;
}

/** mt marker names follow PhyloTree's style: T16217C, deletions C8281d, back mutations with '!'. */
function mtMarkerName(pos: number, anc: string, der: string, back: number): string {
  const core = der === 'D' ? `${anc}${pos}d` : anc === 'D' ? `${pos}${der}` : `${anc}${pos}${der}`;
  return back ? `${core}!` : core;
}

let yTree: CompiledTree | null = null;
let mtTree: CompiledTree | null = null;

export function compiledYTree(): CompiledTree {
  if (yTree) return yTree;
  const f = checked(YFile, readJson('ytree.json'), 'ytree.json');
  yTree = compile(
    'Y',
    f.version,
    f.nodes.map(([name, parent, snpName]) => ({ name, parent, snpName })),
    f.markers.map(([node, pos, anc, der, name, rsid]) => ({ node, pos, anc, der, name, rsid })),
  );
  return yTree;
}

export function compiledMtTree(): CompiledTree {
  if (mtTree) return mtTree;
  const f = checked(MtFile, readJson('mttree.json'), 'mttree.json');
  mtTree = compile(
    'MT',
    f.version,
    f.nodes.map(([name, parent]) => ({ name, parent, snpName: '' })),
    f.markers.map(([node, pos, anc, der, back]) => ({ node, pos, anc, der, name: mtMarkerName(pos, anc, der, back), rsid: 0 })),
  );
  return mtTree;
}

function toNodes(t: CompiledTree): TreeNode[] {
  return t.names.map((name, i) => {
    const snps = t.markerName.slice(t.markerStart[i], t.markerStart[i + 1]);
    const node: TreeNode = { id: name, parent: i === 0 ? null : t.names[t.parent[i]], name, snps };
    if (t.kind === 'Y') node.snpName = t.snpNames[i] || undefined;
    node.age = AGES_YBP[t.kind].get(name)?.ybp ?? null;
    return node;
  });
}

/** Every node of the Y tree, parents before children (for the Y-tree page). */
export function loadYTree(): TreeNode[] {
  return toNodes(compiledYTree());
}

/** Every node of the mt tree, parents before children. */
export function loadMtTree(): TreeNode[] {
  return toNodes(compiledMtTree());
}

/** Node index by haplogroup name, or (Y) by SNP-based name ('O-F11') or a defining SNP's name ('F11'). */
export function findNode(t: CompiledTree, name: string): number {
  const direct = t.index.get(name);
  if (direct !== undefined) return direct;
  const bySnpName = t.snpNames.indexOf(name);
  if (bySnpName >= 0) return bySnpName;
  const snp = name.includes('-') ? name.slice(name.indexOf('-') + 1) : name;
  const m = t.markerName.indexOf(snp);
  if (m < 0) return -1;
  let node = 0;
  while (t.markerStart[node + 1] <= m) node++;
  return node;
}

/** Node indexes from the root down to `node`. */
export function pathIndexes(t: CompiledTree, node: number): number[] {
  const path: number[] = [];
  for (let i = node; i >= 0; i = t.parent[i]) path.push(i);
  return path.reverse();
}

function pathOf(t: CompiledTree, haplogroup: string, label: string): string[] {
  const node = findNode(t, haplogroup.trim());
  if (node < 0) throw new GenomeError('BAD_ARGUMENT', `未知的${label}单倍群：${haplogroup}`);
  return pathIndexes(t, node).map((i) => t.names[i]);
}

/** Names from the Y root (Y-Adam) down to `haplogroup` ('O2a1b1a1a1a', 'O-F11' or 'F11'). */
export function yPathOf(haplogroup: string): string[] {
  return pathOf(compiledYTree(), haplogroup, 'Y');
}

/** Names from the mt root (mt-MRCA) down to `haplogroup`. */
export function mtPathOf(haplogroup: string): string[] {
  return pathOf(compiledMtTree(), haplogroup, '线粒体');
}

/**
 * GRCh37 Y positions and rCRS MT positions the trees read, sorted: the marker panel should carry them
 * so packed genomes keep what the callers need.
 */
export function haplogroupMarkerPositions(): { Y: number[]; MT: number[] } {
  const uniq = (a: Int32Array) => [...new Set(a)].sort((x, y) => x - y);
  return { Y: uniq(compiledYTree().pos), MT: uniq(compiledMtTree().pos) };
}
