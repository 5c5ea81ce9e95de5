import type { LineageTreeNode, LineageTreeView } from '@jiyin/contracts/ancestryApi';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LineageTreeChart } from '../app/components/ancestry/LineageTreeChart.tsx';

const node = (
  id: string,
  parent: string | null,
  onPath: boolean,
  relation: LineageTreeNode['relation'],
  extra: Partial<LineageTreeNode> = {},
) => ({
  id,
  parent,
  snpName: null,
  ageYbp: null,
  onPath,
  relation,
  descendants: 0,
  ...extra,
});

const view = (nodes: LineageTreeNode[], haplogroup: string): LineageTreeView => ({
  horizon: 'neolithic',
  horizonYbp: 10_000,
  sample: false,
  haplogroup,
  reason: null,
  anchor: nodes[0].id,
  resolved: nodes.some((n) => n.relation === 'after'),
  nodes,
  summary: '',
});

describe('differentiation tree drawing', () => {
  it('draws the path as the trunk, its side branches with their size, and rings the user’s branch', () => {
    const html = renderToStaticMarkup(
      <LineageTreeChart
        view={view(
          [
            node('O2', null, true, 'before', { ageYbp: null, snpName: 'O-M122' }),
            node('O2b', 'O2', false, 'unknown', { descendants: 14 }),
            node('O2a', 'O2', true, 'unknown'),
            node('O2a1', 'O2a', false, 'unknown', { descendants: 310 }),
            node('O2a2', 'O2a', false, 'unknown'),
          ],
          'O2a',
        )}
      />,
    );
    expect(html.match(/data-testid="lineage-node-path"/g)).toHaveLength(2);
    expect(html.match(/data-testid="lineage-node"/g)).toHaveLength(3);
    expect(html).toContain('下有 14 个分支');
    expect(html).toContain('下有 310 个分支');
    expect(html.match(/lineage-tree__mine/g)).toHaveLength(1);
    expect(html).not.toContain('lineage-tree__horizon');
  });

  it('draws the horizon between the last branch known older and the first known younger', () => {
    const html = renderToStaticMarkup(
      <LineageTreeChart
        view={view(
          [node('O1a', null, true, 'before', { ageYbp: 16_538 }), node('O1a1', 'O1a', true, 'after'), node('O1a1a', 'O1a1', true, 'after')],
          'O1a1a',
        )}
      />,
    );
    expect(html).toContain('lineage-tree__horizon');
    expect(html).toContain('约 10,000 年前');
    expect(html).toContain('约 16,538 年前');
  });
});
