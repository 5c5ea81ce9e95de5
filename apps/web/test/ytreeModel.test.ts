import type { YTreeRow } from '@jiyin/contracts/ancestryApi';
import { describe, expect, it } from 'vitest';
import { buildModel, expandedFor, pathOf, searchNodes } from '../app/components/ancestry/ytreeModel.ts';

// A small tree in the rows' format: parents before children.
const ROWS: YTreeRow[] = [
  ['Y-Adam', -1, '', null, '', 0],
  ['CT', 0, 'CT-M168', 71760, 'M168/M294', 2],
  ['C', 1, 'C-M130', 50865, 'M130/M216', 2],
  ['C2', 2, 'C-M217', 35383, 'M217/P44', 2],
  ['O', 1, 'O-M175', 34042, 'M1738/M175', 2],
  ['O2', 4, 'O-M122', null, 'M122', 1],
  ['O2a1b1a1a1a', 5, 'O-F11', null, 'F11', 1],
  ['O1', 4, 'O-M1354', 33103, 'M1354', 1],
];

describe('Y-tree model', () => {
  const m = buildModel(ROWS);

  it('indexes children, names and subtree sizes', () => {
    expect(m.children[1]).toEqual([2, 4]);
    expect(m.byName.get('O2')).toBe(5);
    expect(Array.from(m.size)).toEqual([7, 6, 1, 0, 3, 1, 0, 0]);
    expect(pathOf(m, 6).map((i) => ROWS[i][0])).toEqual(['Y-Adam', 'CT', 'O', 'O2', 'O2a1b1a1a1a']);
  });

  it('finds a branch by its name, its SNP name or a defining SNP, exact matches first', () => {
    const names = (q: string) => searchNodes(m, q).map((i) => ROWS[i][0]);
    expect(names('O2')).toEqual(['O2', 'O2a1b1a1a1a']);
    expect(names('o-f11')).toEqual(['O2a1b1a1a1a']);
    expect(names('F11')).toEqual(['O2a1b1a1a1a']);
    expect(names('M175')).toEqual(['O']);
    expect(names('M217')).toEqual(['C2']);
    expect(names('c')[0]).toBe('C');
    expect(names('  ')).toEqual([]);
    expect(names('Z9')).toEqual([]);
    expect(searchNodes(m, 'O', 2)).toHaveLength(2);
  });

  it('opens the paths to the asked branches (not the branches themselves)', () => {
    const open = expandedFor(m, [6, 3]);
    expect([...open].sort()).toEqual([0, 1, 2, 4, 5]);
  });
});
