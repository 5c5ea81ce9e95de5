import { describe, expect, it } from 'vitest';
import { decodeTree, encodeTreePersons } from '../src/treeWire.ts';
import type { TreeDataView, TreePersonView } from '../src/treesApi.ts';

const place = { province: { code: '350000', name: '福建省' }, city: { code: '350100', name: '福州市' } };
const person = (id: string, over: Partial<TreePersonView> = {}): TreePersonView => ({
  id,
  hidden: false,
  surname: '林',
  givenName: id,
  courtesyName: '',
  artName: '',
  sex: 'male',
  birth: null,
  death: null,
  birthText: null,
  deathText: null,
  living: false,
  birthPlace: null,
  notes: '',
  link: null,
  ...over,
});

describe('compact tree wire form', () => {
  const view: TreeDataView = {
    id: 't1',
    name: '林氏家谱',
    role: 'viewer',
    familyNodes: [
      person('a', {
        courtesyName: '子明',
        birth: { year: 1894, month: -2, day: 10, chooseLunarCalendar: true, dynasty: { reign: '光绪', year: 20 } },
        death: { year: 1970, chooseLunarCalendar: false },
        birthText: '1894-04-15',
        deathText: '1970',
        birthPlace: place,
        link: { personId: 'p1', name: '林晓峰', yHaplogroup: 'O-M175', mtHaplogroup: null },
      }),
      person('b', { sex: 'female', birthPlace: place }),
      person('c', { hidden: true, living: true, givenName: '', sex: 'unknown' }),
    ],
    relations: [
      { id: 'r1', kind: 'parent', from: 'a', to: 'c' },
      { id: 'r2', kind: 'spouse', from: 'a', to: 'b' },
    ],
    masterNodeId: 'a',
    lastModified: '2026-01-01T00:00:00.000Z',
    generationNames: [{ branch: '长房', firstGeneration: 3, chars: '德正家声远' }],
    warnings: [{ personId: 'c', text: '核对' }],
    dna: [],
  };

  it('decodes the head and the persons part to exactly the full view, listing a shared birthplace once', () => {
    const persons = encodeTreePersons(view);
    expect(persons.places).toHaveLength(1);
    const { id, name, role, masterNodeId, lastModified, generationNames, dna } = view;
    const link = view.familyNodes[0].link;
    const head = { id, name, role, masterNodeId, lastModified, generationNames, dna, links: link ? [link] : [] };
    const wire = JSON.parse(JSON.stringify({ ...head, personLinks: [[0, 0]], ...persons }));
    expect(decodeTree(wire)).toEqual(view);
  });
});
