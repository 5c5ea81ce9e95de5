import type { ClanAgeBasis, ClanGroup, ClanMember, ClanSort } from '@jiyin/contracts/originApi';
import { loadYTree, yPathOf } from '@jiyin/genome';
import type { ClanCandidateRow } from './queries.ts';
import { displayName } from '../relatives/profile.ts';
import { matchId } from '../relatives/queries.ts';
import { provinceOf } from './service.ts';

interface AgedTree {
  age: Map<string, { ybp: number; basis: 'published' | 'interpolated' } | null>;
}

let aged: AgedTree | null = null;

/**
 * Age of every Y-tree node. Nodes with a published TMRCA (AGES_YBP, Karmin et al. 2015) keep it.
 * Below a dated node A, each level of the tree is taken to scale the age by one factor r: a node k
 * levels under A is t(A) × r^k old, never younger than a dated node beneath it. r is fitted to the
 * published ages themselves (the geometric mean, per level, of every dated node against its nearest
 * dated ancestor; about 0.84). The tree's levels are not a clock, so this is a rough estimate and the
 * page says so. Nodes above every dated node get no age.
 */
function agedTree(): AgedTree {
  if (aged) return aged;
  const nodes = loadYTree();
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const published = (id: string | null) => {
    const a = id ? byId.get(id)?.age : null;
    return typeof a === 'number' ? a : null;
  };
  // Fit r: Σ log(t(node) / t(dated ancestor)) over Σ levels between them.
  let sumLog = 0;
  let sumLevels = 0;
  for (const n of nodes) {
    const t = published(n.id);
    if (t === null) continue;
    let levels = 0;
    for (let p = n.parent; p; p = byId.get(p)?.parent ?? null) {
      levels++;
      const tp = published(p);
      if (tp !== null) {
        sumLog += Math.log(t / tp);
        sumLevels += levels;
        break;
      }
    }
  }
  const r = Math.exp(sumLog / sumLevels);
  // Oldest dated node at or below each node (children come after parents in loadYTree).
  const oldestBelow = new Map<string, number>();
  for (let i = nodes.length - 1; i >= 0; i--) {
    const n = nodes[i];
    const own = Math.max(published(n.id) ?? 0, oldestBelow.get(n.id) ?? 0);
    oldestBelow.set(n.id, own);
    if (n.parent) oldestBelow.set(n.parent, Math.max(oldestBelow.get(n.parent) ?? 0, own));
  }
  const age: AgedTree['age'] = new Map();
  const dated = new Map<string, { ybp: number; levels: number } | null>();
  for (const n of nodes) {
    const t = published(n.id);
    const above = n.parent ? (dated.get(n.parent) ?? null) : null;
    const here = t !== null ? { ybp: t, levels: 0 } : above ? { ybp: above.ybp, levels: above.levels + 1 } : null;
    dated.set(n.id, here);
    if (t !== null) age.set(n.id, { ybp: t, basis: 'published' });
    else if (here) {
      const ybp = Math.max(here.ybp * r ** here.levels, oldestBelow.get(n.id) ?? 0);
      age.set(n.id, { ybp: Math.round(ybp), basis: 'interpolated' });
    } else age.set(n.id, null);
  }
  aged = { age };
  return aged;
}

const paths = new Map<string, string[] | null>();

/** The Y path of a haplogroup call, or null for a name the tree does not know. */
function pathOf(haplogroup: string): string[] | null {
  if (!paths.has(haplogroup)) {
    try {
      paths.set(haplogroup, yPathOf(haplogroup));
    } catch {
      paths.set(haplogroup, null);
    }
  }
  return paths.get(haplogroup) ?? null;
}

/** The deepest Y-tree node on both paths, with its age estimate. */
export function commonYAncestor(a: string, b: string): { node: string; ybp: number; basis: 'published' | 'interpolated' } | null {
  const pa = pathOf(a);
  const pb = pathOf(b);
  if (!pa || !pb) return null;
  let i = 0;
  while (i < pa.length && i < pb.length && pa[i] === pb[i]) i++;
  if (i === 0) return null;
  const node = pa[i - 1];
  const est = agedTree().age.get(node);
  return est ? { node, ...est } : null;
}

/**
 * §9 grade timeframes (years before present) for relatives also found by shared DNA. Grades 2-3 and
 * 3-4 have no timeframe in the table; their common ancestor is a parent or grandparent, read here as
 * 20-60 and 40-90 years. 10+ ("over 200 years") gives no range: the Y estimate is kept.
 */
export const GRADE_YEARS: Record<string, [number, number]> = {
  '2-3': [20, 60],
  '3-4': [40, 90],
  '4-6': [60, 120],
  '5-6': [90, 150],
  '6-9': [120, 200],
  '9+': [150, 300],
};

/**
 * Clan members: candidates sharing a Y node with me whose common paternal ancestor is estimated at
 * most `maxYear` years ago. A candidate who is also a DNA match with the very same Y haplogroup takes
 * the §9 grade's timeframe (midpoint), far more precise than the Y tree for recent ancestors.
 */
export function clanMembers(
  me: { personId: string; haplogroup: string },
  candidates: ClanCandidateRow[],
  gradeOf: Map<string, string>,
  maxYear: number,
): ClanMember[] {
  const out: ClanMember[] = [];
  for (const c of candidates) {
    const common = commonYAncestor(me.haplogroup, c.haplogroup);
    if (!common) continue;
    const grade = gradeOf.get(c.personId) ?? null;
    // Shared DNA dates the nearest common ancestor on any line; it stands for the paternal one only
    // when the Y calls are identical (a match through a mother or grandmother carries another Y).
    const sameY = common.node === me.haplogroup && common.node === c.haplogroup;
    const range = grade && sameY ? GRADE_YEARS[grade] : undefined;
    const autosomal = range ? Math.round((range[0] + range[1]) / 2) : null;
    const useAutosomal = autosomal !== null && autosomal < common.ybp;
    const years = useAutosomal ? (autosomal as number) : common.ybp;
    if (years > maxYear) continue;
    const basis: ClanAgeBasis = useAutosomal ? 'autosomal' : common.basis;
    out.push({
      relativeId: matchId(me.personId, c.personId),
      name: displayName({ name: c.name, gender: 'male' }, c.showFullName),
      haplogroup: c.haplogroup,
      commonNode: common.node,
      years,
      yearsRange: useAutosomal && range ? range : null,
      basis,
      grade,
      province: provinceOf(c.birthplace),
    });
  }
  return out;
}

export function sortClan(list: ClanMember[], sort: ClanSort): ClanMember[] {
  const dir = sort === 'COMMON_ANCESTOR_YEAR_ASC' ? 1 : -1;
  return [...list].sort((a, b) => dir * (a.years - b.years) || a.relativeId.localeCompare(b.relativeId));
}

/** Members grouped by the shared Y node, each group dated by that node's age, in the list's order. */
export function clanGroups(sorted: ClanMember[], sort: ClanSort): ClanGroup[] {
  const groups = new Map<string, ClanGroup>();
  for (const m of sorted) {
    const g = groups.get(m.commonNode);
    if (g) g.count += 1;
    else {
      const est = agedTree().age.get(m.commonNode);
      groups.set(m.commonNode, {
        commonNode: m.commonNode,
        years: est?.ybp ?? m.years,
        basis: est?.basis ?? m.basis,
        count: 1,
      });
    }
  }
  const dir = sort === 'COMMON_ANCESTOR_YEAR_ASC' ? 1 : -1;
  return [...groups.values()].sort((a, b) => dir * (a.years - b.years) || a.commonNode.localeCompare(b.commonNode));
}
