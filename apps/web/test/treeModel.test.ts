import type { TreeDataView, TreePersonView } from '@jiyin/contracts/treesApi';
import { describe, expect, it } from 'vitest';
import { buildBoxes, chineseNumber, dateLabel, indexTree, topAncestor } from '../app/components/trees/treeModel.ts';

const person = (id: string, sex: 'male' | 'female', year: number): TreePersonView => ({
  id,
  hidden: false,
  surname: '王',
  givenName: id,
  courtesyName: '',
  artName: '',
  sex,
  birth: { year, chooseLunarCalendar: false },
  death: null,
  birthText: String(year),
  deathText: null,
  living: false,
  birthPlace: null,
  notes: '',
  link: null,
});

const data: TreeDataView = {
  id: 't',
  name: '王氏',
  role: 'owner',
  familyNodes: [
    person('gf', 'male', 1900),
    person('gm', 'female', 1902),
    person('f', 'male', 1930),
    person('m', 'female', 1932),
    person('c2', 'male', 1962),
    person('c1', 'female', 1960),
  ],
  relations: [
    { id: 'r1', kind: 'spouse', from: 'gf', to: 'gm' },
    { id: 'r2', kind: 'parent', from: 'gf', to: 'f' },
    { id: 'r3', kind: 'parent', from: 'gm', to: 'f' },
    { id: 'r4', kind: 'spouse', from: 'f', to: 'm' },
    { id: 'r5', kind: 'parent', from: 'f', to: 'c1' },
    { id: 'r6', kind: 'parent', from: 'm', to: 'c1' },
    { id: 'r7', kind: 'parent', from: 'f', to: 'c2' },
    { id: 'r8', kind: 'parent', from: 'm', to: 'c2' },
  ],
  masterNodeId: 'c1',
  lastModified: '2026-01-01T00:00:00.000Z',
  generationNames: [],
  warnings: [],
  dna: [],
};

describe('family tree model', () => {
  const idx = indexTree(data);
  it('finds the top of the line through fathers and draws each person once, children under the couple by birth', () => {
    expect(topAncestor(idx, 'c1')).toBe('gf');
    const { root, placed } = buildBoxes(idx, 'gf', new Set());
    expect(placed).toBe(6);
    expect(root).toMatchObject({ id: 'gf', spouses: ['gm'], children: [{ id: 'f', spouses: ['m'] }] });
    expect(root.children[0].children.map((b) => b.id)).toEqual(['c1', 'c2']);
  });
  it('folds a branch', () => {
    const { root, placed } = buildBoxes(idx, 'gf', new Set(['f']));
    expect(root.children[0]).toMatchObject({ id: 'f', folded: true, children: [] });
    expect(placed).toBe(4);
  });
  it('writes reign years and lunar dates as genealogies do', () => {
    expect([1, 3, 10, 20, 61].map(chineseNumber)).toEqual(['元', '三', '十', '二十', '六十一']);
    expect(dateLabel({ year: 1894, dynasty: { reign: '光绪', year: 20 }, month: 3, day: 5, chooseLunarCalendar: true })).toBe(
      '光绪二十年（1894）农历3月5日',
    );
    expect(dateLabel({ year: 1990, month: -5, day: 5, chooseLunarCalendar: true })).toBe('1990年农历闰5月5日');
    expect(dateLabel({ year: -33, chooseLunarCalendar: false })).toBe('公元前34年');
    expect(dateLabel(null)).toBe('不详');
  });
});
