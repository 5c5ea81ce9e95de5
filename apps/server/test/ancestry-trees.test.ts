import { AGES_YBP, yPathOf } from '@jiyin/genome';
import { describe, expect, it } from 'vitest';
import { limitsSection, methodNote, parseMethodNote } from '../src/ancestry/method.ts';
import { MT_NOTES, notesOnPath, Y_NOTES } from '../src/ancestry/notes.ts';
import { differentiationTree, lineageStep, lineageTree, pathTo, treeIndex, yTreeRows } from '../src/ancestry/trees.ts';

describe('tree index', () => {
  it('knows every node, its children and how many branches lie below it', () => {
    const y = treeIndex('Y');
    expect(y.nodes.length).toBeGreaterThan(4000);
    const root = y.nodes[0];
    expect(root.parent).toBeNull();
    expect(y.descendants.get(root.id)).toBe(y.nodes.length - 1);
    const o2b = y.children.get('O2b') ?? [];
    expect(y.descendants.get('O2b')).toBe(o2b.reduce((s, c) => s + 1 + (y.descendants.get(c) ?? 0), 0));
    expect(pathTo(y, 'O2a1b1a1a1a')).toEqual(yPathOf('O2a1b1a1a1a'));
    expect(pathTo(y, 'no-such-branch')).toBeNull();
  });

  it('gives path steps with the published age and reference where there is one', () => {
    const y = treeIndex('Y');
    const o = lineageStep(y, 'O', ['M175']);
    expect(o).toMatchObject({ haplogroup: 'O', snpName: 'O-M175', ageYbp: 34042, observed: ['M175'] });
    expect(o.ageReference).toContain('Karmin');
    expect(o.snps.length).toBeLessThanOrEqual(8);
    expect(o.snpCount).toBeGreaterThanOrEqual(o.snps.length);
    expect(lineageStep(y, 'O2', []).ageYbp).toBeNull();
    expect(lineageStep(treeIndex('MT'), 'D', []).ageYbp).toBe(48300);
  });

  it('writes the Y tree as compact rows whose parent indexes point at earlier rows', () => {
    const rows = yTreeRows();
    expect(rows[0][1]).toBe(-1);
    for (let i = 1; i < rows.length; i++) expect(rows[i][1]).toBeLessThan(i);
    const o = rows.find((r) => r[0] === 'O');
    expect(o).toMatchObject(['O', expect.any(Number), 'O-M175', 34042, expect.stringMatching(/^M\d+(\/[\w.-]+)*$/), 10]);
    expect(rows[(o as (typeof rows)[number])[1]][0]).toBe(treeIndex('Y').byId.get('O')?.parent);
  });
});

describe('branch notes', () => {
  it('are about branches both trees have, and follow the path root first', () => {
    for (const n of Y_NOTES) expect(treeIndex('Y').byId.has(n.branch), n.branch).toBe(true);
    for (const n of MT_NOTES) expect(treeIndex('MT').byId.has(n.branch), n.branch).toBe(true);
    expect(notesOnPath('Y', yPathOf('O2a1b1a1a1a')).map((n) => n.branch)).toEqual(['O', 'O2']);
    expect(notesOnPath('MT', pathTo(treeIndex('MT'), 'D4a') ?? []).map((n) => n.branch)).toEqual(['D4']);
    expect(notesOnPath('MT', pathTo(treeIndex('MT'), 'Z3') ?? []).map((n) => n.branch)).toEqual(['M8']);
  });

  it('carry no dates of their own (ages come only from the cited tree ages)', () => {
    for (const n of [...Y_NOTES, ...MT_NOTES]) expect(n.text, n.branch).not.toMatch(/\d+\s*(年|万年|千年)/);
  });
});

describe('differentiation trees', () => {
  it('start one branch below the deepest dated branch older than the horizon (O is dated, so O2)', () => {
    const t = lineageTree('neolithic', 'O2a1b1a1a1a');
    expect(t).toMatchObject({ horizon: 'neolithic', horizonYbp: 10_000, anchor: 'O2', resolved: false });
    const spine = t.nodes.filter((n) => n.onPath).map((n) => n.id);
    expect(spine).toEqual(yPathOf('O2a1b1a1a1a').slice(yPathOf('O2a1b1a1a1a').indexOf('O2')));
    expect(t.nodes[0]).toMatchObject({ id: 'O2', parent: null, relation: 'before' });
    // Below the anchor nothing is dated: unknown, never guessed.
    for (const n of t.nodes.slice(1)) expect(n.relation).toBe('unknown');
    // O2b splits off O2 and is shown collapsed with its size; every node's parent is in the tree.
    expect(t.nodes.find((n) => n.id === 'O2b')).toMatchObject({ onPath: false, descendants: treeIndex('Y').descendants.get('O2b') });
    const ids = new Set(t.nodes.map((n) => n.id));
    for (const n of t.nodes.slice(1)) expect(ids.has(n.parent as string)).toBe(true);
    expect(t.summary).toContain('O2');
    expect(t.summary).toContain('无法确定');
  });

  it('say so when the user’s own branch formed before the horizon', () => {
    expect(AGES_YBP.Y.get('O1a')?.ybp).toBeGreaterThan(10_000);
    const t = lineageTree('eastern-zhou', 'O1a');
    expect(t).toMatchObject({ anchor: 'O1a', resolved: false });
    expect(t.summary).toContain('之前就已形成');
    expect(t.nodes.filter((n) => n.onPath).map((n) => n.id)).toEqual(['O1a']);
  });

  it('mark branches formed after the horizon when an ancestor’s age is younger than it', () => {
    // O1 (33,103 years) is older and O1a (16,538) younger than a 30,000-year horizon.
    const t = differentiationTree({ era: '测试时代', ybp: 30_000 }, 'O1a1a');
    expect(t.anchor).toBe('O1a');
    expect(t.resolved).toBe(true);
    const rel = Object.fromEntries(t.nodes.map((n) => [n.id, n.relation]));
    expect(rel).toMatchObject({ O1a: 'before', O1a1: 'after', O1a1a: 'after', O1a2: 'after' });
    expect(t.summary).toContain('此后');
  });

  it('fall back to the root of all lineages when nothing on the path is dated', () => {
    const t = differentiationTree({ era: '远古', ybp: 1_000_000 }, 'O2');
    expect(t.anchor).toBe(treeIndex('Y').nodes[0].id);
    expect(t.nodes[0]).toMatchObject({ relation: 'before', parent: null });
    expect(t.summary).toContain('所有现代男性父系的共同祖先');
  });
});

describe('method note', () => {
  it('reads the shipped note into sections, without the developer preamble', () => {
    const sections = methodNote();
    expect(sections.map((s) => s.title)).toEqual(['我们估算的是什么', '怎么算的', '准确度（模拟验证）', '局限']);
    expect(JSON.stringify(sections)).not.toContain('packages/');
    expect(JSON.stringify(sections)).not.toContain('**');
    const table = sections[0].blocks.find((b) => b.type === 'table');
    expect(table).toMatchObject({ type: 'table', header: ['参考人群', '参考样本'] });
    expect(table?.type === 'table' && table.rows.length).toBe(9);
    const steps = sections[1].blocks.find((b) => b.type === 'list');
    expect(steps).toMatchObject({ type: 'list', ordered: true });
    expect(steps?.type === 'list' && steps.items.length).toBe(4);
    expect(limitsSection()?.blocks[0]).toMatchObject({ type: 'list', ordered: false });
  });

  it('handles paragraphs, wrapped list items, tables and inline marks', () => {
    const md = [
      'preamble for developers',
      '## 标题 **一**',
      '第一行',
      '第二行 `code`',
      '',
      '- 甲',
      '  续',
      '- 乙',
      '1. 一',
      '',
      '| a | b |',
      '|---|---|',
      '| 1 | **2** |',
    ].join('\n');
    expect(parseMethodNote(md)).toEqual([
      {
        title: '标题 一',
        blocks: [
          { type: 'paragraph', text: '第一行第二行 code' },
          { type: 'list', ordered: false, items: ['甲续', '乙'] },
          { type: 'list', ordered: true, items: ['一'] },
          { type: 'table', header: ['a', 'b'], rows: [['1', '2']] },
        ],
      },
    ]);
  });
});
