/**
 * The consistency checks a genealogist expects of a tree, and the tree relationship of two persons
 * for comparing with DNA. Warnings are shown, never silently fixed; only a cycle (someone their own
 * ancestor) is refused, since no view of the tree could draw it.
 */
import type { TreeDate, TreeWarning } from '@jiyin/contracts/treesApi';
import { dateKey } from './dates.ts';

interface P {
  id: string;
  surname: string;
  givenName: string;
  sex: string;
  birth: TreeDate | null;
  death: TreeDate | null;
  living: boolean;
}
interface R {
  kind: 'parent' | 'spouse';
  fromId: string;
  toId: string;
}

const yearOf = (d: TreeDate | null) => (d?.year === undefined ? null : d.year);

/** Parents of each person (parent edges only). */
export function parentMap(relations: R[]): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const r of relations) if (r.kind === 'parent') m.set(r.toId, [...(m.get(r.toId) ?? []), r.fromId]);
  return m;
}

/** Whether making `parent` a parent of `child` would make someone their own ancestor. */
export function makesCycle(parents: Map<string, string[]>, parent: string, child: string): boolean {
  if (parent === child) return true;
  const seen = new Set<string>();
  const stack = [parent];
  while (stack.length) {
    const id = stack.pop() as string;
    if (id === child) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(parents.get(id) ?? []));
  }
  return false;
}

export function treeWarnings(persons: P[], relations: R[], nowYear: number): TreeWarning[] {
  const byId = new Map(persons.map((p) => [p.id, p]));
  const name = (p: P) => `${p.surname}${p.givenName}`;
  const out: TreeWarning[] = [];
  for (const p of persons) {
    const b = dateKey(p.birth);
    const d = dateKey(p.death);
    if (b !== null && d !== null && b > d) out.push({ personId: p.id, text: `${name(p)}的出生日期晚于去世日期` });
    const by = yearOf(p.birth);
    if (p.living && by !== null && nowYear - by > 120) out.push({ personId: p.id, text: `${name(p)}标为在世，但出生已超过 120 年` });
    if (p.living && p.death) out.push({ personId: p.id, text: `${name(p)}标为在世，却填写了去世日期` });
  }
  for (const [childId, parents] of parentMap(relations)) {
    const c = byId.get(childId);
    if (!c) continue;
    if (parents.length > 2) out.push({ personId: childId, text: `${name(c)}有 ${parents.length} 位父母，请核对` });
    const sexes = parents.map((id) => byId.get(id)?.sex);
    if (parents.length === 2 && sexes[0] === sexes[1] && sexes[0] !== 'unknown')
      out.push({ personId: childId, text: `${name(c)}的两位父母性别相同，请核对` });
    const cb = yearOf(c.birth);
    const cbKey = dateKey(c.birth);
    for (const pid of parents) {
      const p = byId.get(pid);
      if (!p) continue;
      const role = p.sex === 'female' ? '母亲' : p.sex === 'male' ? '父亲' : '父母';
      const pbKey = dateKey(p.birth);
      const pb = yearOf(p.birth);
      if (cbKey !== null && pbKey !== null && cbKey <= pbKey)
        out.push({ personId: childId, text: `${name(c)}的出生日期早于${role}${name(p)}` });
      else if (cb !== null && pb !== null && cb - pb < 12)
        out.push({ personId: childId, text: `${name(c)}出生时${role}${name(p)}不足 12 岁` });
      else if (cb !== null && pb !== null && p.sex === 'female' && cb - pb > 60)
        out.push({ personId: childId, text: `${name(c)}出生时母亲${name(p)}已超过 60 岁` });
      const pd = yearOf(p.death);
      // A father may die before the birth (posthumous child): up to a year is allowed.
      if (cb !== null && pd !== null && cb > pd + (p.sex === 'female' ? 0 : 1))
        out.push({ personId: childId, text: `${name(c)}出生于${role}${name(p)}去世之后` });
    }
  }
  return out;
}

/** Generations up from a person to each ancestor (the person itself at 0). */
function ancestorDepths(parents: Map<string, string[]>, id: string): Map<string, number> {
  const depth = new Map<string, number>([[id, 0]]);
  let frontier = [id];
  for (let g = 1; frontier.length && g < 30; g++) {
    const next: string[] = [];
    for (const f of frontier) {
      for (const p of parents.get(f) ?? []) {
        if (depth.has(p)) continue;
        depth.set(p, g);
        next.push(p);
      }
    }
    frontier = next;
  }
  return depth;
}

const KIN: Record<string, string> = {
  '1,0': '父母',
  '0,1': '子女',
  '1,1': '兄弟姐妹',
  '2,0': '祖父母',
  '0,2': '孙辈',
  '2,1': '叔伯姑舅姨',
  '1,2': '侄甥',
  '2,2': '堂表兄弟姐妹',
  '3,0': '曾祖父母',
  '0,3': '曾孙辈',
  '3,1': '叔伯祖父母',
  '1,3': '侄孙辈',
  '3,2': '父母的堂表兄弟姐妹',
  '2,3': '堂表兄弟姐妹的子女',
  '3,3': '从堂表兄弟姐妹',
};

/**
 * Shared cM ranges (low, high) of each relationship, from the Shared cM Project v4 (Blaine Bettinger,
 * March 2020, 99th-percentile ranges); keyed like KIN by generations up from a and from b.
 */
const CM_RANGE: Record<string, [number, number]> = {
  '1,0': [2376, 3720],
  '0,1': [2376, 3720],
  '1,1': [1613, 3488],
  '2,0': [984, 2462],
  '0,2': [984, 2462],
  '2,1': [1201, 2282],
  '1,2': [1201, 2282],
  '2,2': [396, 1397],
  '3,0': [485, 1486],
  '0,3': [485, 1486],
  '3,1': [330, 1467],
  '1,3': [330, 1467],
  '3,2': [102, 980],
  '2,3': [102, 980],
  '3,3': [41, 592],
};

export interface TreeKinship {
  label: string;
  expected: [number, number] | null;
}

/**
 * How the tree relates b to a by blood through their nearest common ancestor (a half relation, one
 * shared parent, reads like a full one here), or null when the tree does not connect them.
 */
export function kinship(parents: Map<string, string[]>, a: string, b: string): TreeKinship | null {
  const da = ancestorDepths(parents, a);
  const db = ancestorDepths(parents, b);
  let best: [number, number] | null = null;
  for (const [id, x] of da) {
    const y = db.get(id);
    if (y === undefined) continue;
    if (!best || x + y < best[0] + best[1]) best = [x, y];
  }
  if (!best) return null;
  const key = `${best[0]},${best[1]}`;
  const label = KIN[key] ?? `${best[0] + best[1]} 代旁系亲属`;
  return { label, expected: CM_RANGE[key] ?? null };
}
