import type { AncestryLine, LineageHorizonId, LineageStep, LineageTreeNode, LineageTreeView, YTreeRow } from '@jiyin/contracts/ancestryApi';
import { LINEAGE_HORIZONS } from '@jiyin/contracts/ancestryApi';
import { AGES_YBP, loadMtTree, loadYTree, type TreeNode } from '@jiyin/genome';

/** The Y or mt tree with what the ancestry views walk: nodes by name, children, subtree sizes. */
export interface TreeIndex {
  kind: 'Y' | 'MT';
  nodes: TreeNode[];
  byId: Map<string, TreeNode>;
  children: Map<string, string[]>;
  /** Branches below each node (0 for a leaf). */
  descendants: Map<string, number>;
}

function index(kind: 'Y' | 'MT', nodes: TreeNode[]): TreeIndex {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const children = new Map<string, string[]>();
  for (const n of nodes) {
    if (n.parent === null) continue;
    const list = children.get(n.parent) ?? [];
    list.push(n.id);
    children.set(n.parent, list);
  }
  // Parents precede children, so one backward pass sums subtree sizes.
  const descendants = new Map<string, number>(nodes.map((n) => [n.id, 0]));
  for (let i = nodes.length - 1; i > 0; i--) {
    const n = nodes[i];
    const parent = n.parent as string;
    descendants.set(parent, (descendants.get(parent) ?? 0) + 1 + (descendants.get(n.id) ?? 0));
  }
  return { kind, nodes, byId, children, descendants };
}

const built: Partial<Record<'Y' | 'MT', TreeIndex>> = {};

export function treeIndex(kind: 'Y' | 'MT'): TreeIndex {
  built[kind] ??= index(kind, kind === 'Y' ? loadYTree() : loadMtTree());
  return built[kind];
}

export const kindOfLine = (line: AncestryLine): 'Y' | 'MT' => (line === 'paternal' ? 'Y' : 'MT');

/** Names from the root down to `name`, or null when the tree has no such node. */
export function pathTo(t: TreeIndex, name: string): string[] | null {
  if (!t.byId.has(name)) return null;
  const path: string[] = [];
  for (let n: TreeNode | undefined = t.byId.get(name); n; n = n.parent === null ? undefined : t.byId.get(n.parent)) path.push(n.id);
  return path.reverse();
}

const SNPS_SHOWN = 8;

/** One path step as the line pages show it; `observed` are the markers the genome showed derived. */
export function lineageStep(t: TreeIndex, name: string, observed: readonly string[] = []): LineageStep {
  const n = t.byId.get(name);
  if (!n) throw new Error(`unknown ${t.kind} node ${name}`);
  const age = AGES_YBP[t.kind].get(name);
  return {
    haplogroup: n.id,
    snpName: n.snpName ?? null,
    snps: n.snps.slice(0, SNPS_SHOWN),
    snpCount: n.snps.length,
    observed: [...observed],
    ageYbp: age?.ybp ?? null,
    ageReference: age?.reference ?? null,
  };
}

let rows: YTreeRow[] | undefined;

/** Every Y-tree node as a compact row (parents first), for the interactive tree. */
export function yTreeRows(): YTreeRow[] {
  if (rows) return rows;
  const t = treeIndex('Y');
  const at = new Map(t.nodes.map((n, i) => [n.id, i]));
  rows = t.nodes.map((n) => [
    n.id,
    n.parent === null ? -1 : (at.get(n.parent) as number),
    n.snpName ?? '',
    n.age ?? null,
    n.snps.slice(0, 6).join('/'),
    n.snps.length,
  ]);
  return rows;
}

const formatYears = (ybp: number) => `约 ${ybp.toLocaleString('en-US')} 年前`;

/**
 * The differentiation tree of a Y lineage below a time horizon (§2.2 eastern-zhou, neolithic).
 *
 * Only published ages are used (AGES_YBP, each the time to the most recent common ancestor, TMRCA,
 * of a clade). A branch's lineage exists from its parent's common ancestor on, so a path branch
 * is known to have formed before the horizon when its parent, itself or a branch below it on the
 * path has an age at least the horizon, and known to have formed after it when an ancestor's age is
 * under the horizon. The tree starts at the deepest path branch known to be older (the lineage the
 * user's ancestor was on at the horizon; the root of all Y lineages at worst) and shows the path
 * down to the user's branch, the branches splitting off it (collapsed, with their size) and the
 * branches below the user's that the chip did not resolve.
 */
export function lineageTree(
  horizonId: LineageHorizonId,
  haplogroup: string,
): Omit<LineageTreeView, 'sample' | 'reason'> & { haplogroup: string } {
  const horizon = LINEAGE_HORIZONS.find((h) => h.id === horizonId);
  if (!horizon) throw new Error(`unknown horizon ${horizonId}`);
  return { horizon: horizonId, ...differentiationTree(horizon, haplogroup) };
}

/** lineageTree at any horizon (era: its Chinese name, ybp: years before present). */
export function differentiationTree(
  horizon: { era: string; ybp: number },
  haplogroup: string,
): Omit<LineageTreeView, 'sample' | 'reason' | 'horizon'> & { haplogroup: string } {
  const t = treeIndex('Y');
  const path = pathTo(t, haplogroup);
  if (!path) throw new Error(`unknown Y haplogroup ${haplogroup}`);
  const H = horizon.ybp;
  const age = (name: string) => AGES_YBP.Y.get(name)?.ybp ?? null;

  let dated = -1; // deepest path branch with an age at least the horizon
  path.forEach((name, i) => {
    const a = age(name);
    if (a !== null && a >= H) dated = i;
  });
  const anchorAt = Math.min(dated + 1, path.length - 1);
  const relation: LineageTreeNode['relation'][] = path.map((_, i) => (i <= anchorAt ? 'before' : 'unknown'));
  for (let i = 1; i < path.length; i++) {
    const a = age(path[i - 1]);
    if (relation[i] !== 'before' && (relation[i - 1] === 'after' || (a !== null && a < H))) relation[i] = 'after';
  }
  const anchor = path[anchorAt];
  const spine = path.slice(anchorAt);
  const onPath = new Set(spine);

  const node = (id: string, rel: LineageTreeNode['relation']): LineageTreeNode => {
    const n = t.byId.get(id) as TreeNode;
    return {
      id,
      parent: id === anchor ? null : n.parent,
      snpName: n.snpName ?? null,
      ageYbp: age(id),
      onPath: onPath.has(id),
      relation: rel,
      descendants: t.descendants.get(id) ?? 0,
    };
  };
  const nodes: LineageTreeNode[] = [];
  spine.forEach((id, i) => {
    const rel = relation[anchorAt + i];
    nodes.push(node(id, rel));
    const parentAge = age(id);
    for (const child of t.children.get(id) ?? []) {
      if (onPath.has(child)) continue;
      const own = age(child);
      const childRel =
        parentAge !== null
          ? parentAge >= H
            ? 'before'
            : 'after'
          : own !== null && own >= H
            ? 'before'
            : rel === 'after'
              ? 'after'
              : 'unknown';
      nodes.push(node(child, childRel));
    }
  });

  const resolved = relation.includes('after');
  const era = `${horizon.era}（${formatYears(H)}）`;
  const evidence =
    dated < 0
      ? `${anchor} 是所有现代男性父系的共同祖先`
      : dated === anchorAt
        ? `${anchor} 的共同祖先生活在${formatYears(age(anchor) as number)}`
        : `${anchor} 在 ${path[dated]} 的共同祖先（${formatYears(age(path[dated]) as number)}）时已经分出`;
  let summary: string;
  if (resolved) {
    summary = `在${era}，您的父系已属于 ${anchor}（${evidence}）；此后沿您的父系又有 ${spine.length - 1} 次有记录的分化，到达您的单倍群 ${haplogroup}。`;
  } else if (anchor === haplogroup) {
    summary =
      `您的父系单倍群 ${haplogroup} 在${era}之前就已形成（${evidence}）。` +
      `芯片读到的位点没有把您的父系分到更晚形成的分支，所以画不出${horizon.era}以来的分化；更细的分支需要 Y 染色体深度测序才能确定。`;
  } else {
    summary =
      `已发表的年代估计只能确定：在${era}，您的父系已属于 ${anchor}（${evidence}）。` +
      `从 ${anchor} 到您的单倍群 ${haplogroup} 之间的 ${spine.length - 1} 次分化没有可引用的年代估计，无法确定哪些发生在${horizon.era}之前、哪些在之后。` +
      '下图从这里画起，年代不明的分支以灰色显示；我们不用推测的年代代替已发表的估计。';
  }
  return { horizonYbp: H, haplogroup, anchor, resolved, nodes, summary };
}
