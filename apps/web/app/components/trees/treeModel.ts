import type { TreeDataView, TreeDate, TreePersonView } from '@jiyin/contracts/treesApi';

export interface TreeIndex {
  byId: Map<string, TreePersonView>;
  parents: Map<string, string[]>;
  children: Map<string, string[]>;
  spouses: Map<string, string[]>;
}

/** One box of the drawn tree: a person with their spouses, and the children of either. */
export interface TreeBox {
  id: string;
  spouses: string[];
  children: TreeBox[];
  /** The box has children that are folded away. */
  folded: boolean;
}

const push = (m: Map<string, string[]>, k: string, v: string) => m.set(k, [...(m.get(k) ?? []), v]);

export function indexTree(data: TreeDataView): TreeIndex {
  const idx: TreeIndex = {
    byId: new Map(data.familyNodes.map((p) => [p.id, p])),
    parents: new Map(),
    children: new Map(),
    spouses: new Map(),
  };
  for (const r of data.relations) {
    if (r.kind === 'parent') {
      push(idx.parents, r.to, r.from);
      push(idx.children, r.from, r.to);
    } else {
      push(idx.spouses, r.from, r.to);
      push(idx.spouses, r.to, r.from);
    }
  }
  return idx;
}

/** The person's line upwards as far as it goes (fathers first): the top of the branch they belong to. */
export function topAncestor(idx: TreeIndex, id: string): string {
  const seen = new Set<string>();
  let at = id;
  while (!seen.has(at)) {
    seen.add(at);
    const ps = idx.parents.get(at) ?? [];
    const next = ps.find((p) => idx.byId.get(p)?.sex === 'male') ?? ps[0];
    if (!next) break;
    at = next;
  }
  return at;
}

const birthKey = (p: TreePersonView | undefined) =>
  (p?.birth?.year ?? 9999) * 10_000 + Math.abs(p?.birth?.month ?? 0) * 100 + (p?.birth?.day ?? 0);

/**
 * The descendants of `rootId` as boxes, each person drawn once (a child of two parents sits under the
 * couple's box); folded boxes keep their children out of the drawing.
 */
export function buildBoxes(idx: TreeIndex, rootId: string, folded: ReadonlySet<string>): { root: TreeBox; placed: number } {
  const placed = new Set<string>();
  const make = (id: string): TreeBox => {
    placed.add(id);
    const spouses = (idx.spouses.get(id) ?? []).filter((s) => !placed.has(s));
    for (const s of spouses) placed.add(s);
    const kids = [...new Set([id, ...spouses].flatMap((p) => idx.children.get(p) ?? []))]
      .filter((c) => !placed.has(c))
      .sort((a, b) => birthKey(idx.byId.get(a)) - birthKey(idx.byId.get(b)));
    const box: TreeBox = { id, spouses, children: [], folded: folded.has(id) && kids.length > 0 };
    if (box.folded) return box;
    for (const k of kids) if (!placed.has(k)) box.children.push(make(k));
    return box;
  };
  const root = make(rootId);
  return { root, placed: placed.size };
}

export const fullName = (p: TreePersonView) => (p.hidden ? `${p.surname}（在世）` : `${p.surname}${p.givenName}`);

const CN_DIGITS = ['〇', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
/** 二十, 三, 六十一: reign years as genealogies write them. */
export function chineseNumber(n: number): string {
  if (n === 1) return '元';
  if (n < 10) return CN_DIGITS[n];
  const tens = Math.floor(n / 10);
  const ones = n % 10;
  return `${tens === 1 ? '' : CN_DIGITS[tens]}十${ones ? CN_DIGITS[ones] : ''}`;
}

/** A date as the person entered it: 光绪二十年（1894）农历闰二月初十, 1950年2月1日, 公元前34年. */
export function dateLabel(d: TreeDate | null): string {
  if (!d || d.year === undefined) return '不详';
  const year = d.year > 0 ? `${d.year}年` : `公元前${1 - d.year}年`;
  let text = d.dynasty ? `${d.dynasty.reign}${chineseNumber(d.dynasty.year)}年（${d.year}）` : year;
  if (d.month !== undefined) text += `${d.chooseLunarCalendar ? '农历' : ''}${d.month < 0 ? '闰' : ''}${Math.abs(d.month)}月`;
  if (d.day !== undefined) text += `${d.day}日`;
  return text;
}

/** Birth–death years for a box: 1894–1970, 1950–, 在世. */
export function lifeSpan(p: TreePersonView): string {
  if (p.hidden) return '在世';
  const b = p.birthText?.split('-')[0] ?? '?';
  if (p.living) return `${b} 年生`;
  return `${b}–${p.deathText?.split('-')[0] ?? '?'}`;
}
