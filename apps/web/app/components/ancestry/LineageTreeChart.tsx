import type { LineageTreeNode, LineageTreeView } from '@jiyin/contracts/ancestryApi';
import { yearsAgo } from './format.ts';

const RELATION_COLOUR: Record<LineageTreeNode['relation'], string> = {
  before: '#2f6bff',
  after: '#2f9e44',
  unknown: '#9aa4b2',
};

export const RELATION_LEGEND: { relation: LineageTreeNode['relation']; label: string }[] = [
  { relation: 'before', label: '已知早于这一时期' },
  { relation: 'after', label: '已知晚于这一时期' },
  { relation: 'unknown', label: '年代不明' },
];

const SPINE_X = 150;
const STEP = 72;
const SIDE_DX = 112;
const TOP = 34;

/**
 * A differentiation tree (§2.2 eastern-zhou, neolithic), top down from the branch the user's
 * ancestor was on at the horizon: the user's path is the trunk on the left (labels to its left),
 * the branches splitting off each step hang to its right, collapsed with their size; every node is
 * coloured by what the cited ages say about the horizon. Plain SVG with a fixed layout, so the
 * server renders the same picture the browser shows.
 */
export function LineageTreeChart({ view }: { view: LineageTreeView }) {
  const spine = view.nodes.filter((n) => n.onPath);
  const sides = spine.map((s) => view.nodes.filter((n) => !n.onPath && n.parent === s.id));
  const widest = Math.max(1, ...sides.map((l) => l.length));
  const width = SPINE_X + widest * SIDE_DX + 40;
  const height = TOP + spine.length * STEP + 10;
  const y = (i: number) => TOP + i * STEP;
  const sideX = (j: number) => SPINE_X + (j + 1) * SIDE_DX - 30;
  // The horizon falls between the last path branch known older and the first known younger.
  const firstAfter = spine.findIndex((n) => n.relation === 'after');
  const horizonY = firstAfter > 0 ? y(firstAfter) - STEP * 0.2 : null;
  const sub = (n: LineageTreeNode) =>
    n.ageYbp !== null ? yearsAgo(n.ageYbp) : !n.onPath && n.descendants > 0 ? `下有 ${n.descendants} 个分支` : (n.snpName ?? '');

  return (
    <div className="lineage-tree" data-testid="lineage-tree">
      <svg
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={`${view.anchor} 到 ${view.haplogroup} 的分化树`}
      >
        {spine.length > 1 && (
          <line x1={SPINE_X} x2={SPINE_X} y1={y(0)} y2={y(spine.length - 1)} className="lineage-tree__link lineage-tree__link--path" />
        )}
        {horizonY !== null && (
          <g className="lineage-tree__horizon">
            <line x1={0} x2={width} y1={horizonY} y2={horizonY} />
            <text x={width - 8} y={horizonY - 5} textAnchor="end">
              {yearsAgo(view.horizonYbp)}
            </text>
          </g>
        )}
        {spine.map((n, i) => (
          <g key={n.id}>
            {sides[i].map((c, j) => {
              const cx = sideX(j);
              const cy = y(i) + STEP / 2;
              return (
                <g key={c.id} data-testid="lineage-node">
                  <path d={`M${SPINE_X},${y(i)} H${cx} V${cy}`} className="lineage-tree__link" />
                  <circle cx={cx} cy={cy} r={6} fill={RELATION_COLOUR[c.relation]} />
                  <text x={cx + 10} y={cy + 4} className="lineage-tree__name">
                    {c.id}
                  </text>
                  <text x={cx + 10} y={cy + 18} className="lineage-tree__sub">
                    {sub(c)}
                  </text>
                </g>
              );
            })}
            <g className="lineage-tree__node--path" data-testid="lineage-node-path">
              {n.id === view.haplogroup && <circle cx={SPINE_X} cy={y(i)} r={13} className="lineage-tree__mine" />}
              <circle cx={SPINE_X} cy={y(i)} r={8} fill={RELATION_COLOUR[n.relation]} />
              <text x={SPINE_X - 16} y={y(i) + 4} textAnchor="end" className="lineage-tree__name">
                {n.id}
              </text>
              <text x={SPINE_X - 16} y={y(i) + 18} textAnchor="end" className="lineage-tree__sub">
                {sub(n)}
              </text>
            </g>
          </g>
        ))}
      </svg>
    </div>
  );
}

export function RelationLegend() {
  return (
    <ul className="lineage-legend">
      {RELATION_LEGEND.map((l) => (
        <li key={l.relation}>
          <span className="ancestry-dot" style={{ background: RELATION_COLOUR[l.relation] }} />
          {l.label}
        </li>
      ))}
      <li>
        <span className="lineage-legend__mine" />
        您的单倍群
      </li>
    </ul>
  );
}
