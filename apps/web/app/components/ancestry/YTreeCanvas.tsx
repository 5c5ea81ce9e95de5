import { UserOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { hierarchy, type HierarchyPointNode, tree } from 'd3-hierarchy';
import { select } from 'd3-selection';
import { type ZoomBehavior, zoom, zoomIdentity } from 'd3-zoom';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { ZoomTools } from '../ZoomTools.tsx';
import { pathOf, type YTreeModel } from './ytreeModel.ts';

const ROW = 34;
// Wide enough for the longest label (name, SNP, hidden-branch count, age) before the next column.
const COL = 220;
const MIN_SCALE = 0.15;
const MAX_SCALE = 3;

interface Visible {
  i: number;
  children?: Visible[];
}

/**
 * The interactive Y tree (§2.1 /ancestry/ytree): root at the left, branches to the right, only the
 * opened branches drawn (d3-hierarchy layout), panned and zoomed with d3-zoom (drag, wheel, pinch).
 * Nodes on the reader's own path are highlighted; clicking a node selects it and opens or closes it.
 */
export function YTreeCanvas({
  model,
  expanded,
  selected,
  mine,
  focusKey,
  onNodeClick,
  onLocateMine,
}: {
  model: YTreeModel;
  expanded: ReadonlySet<number>;
  selected: number;
  /** The reader's own haplogroup (signed in with a current person), or -1. */
  mine: number;
  /** Changes whenever the view should move to the selected node (search, "locate"). */
  focusKey: number;
  onNodeClick: (i: number) => void;
  onLocateMine: () => void;
}) {
  const svgRef = useRef<SVGSVGElement>(null);
  const gRef = useRef<SVGGElement>(null);
  const zoomRef = useRef<ZoomBehavior<SVGSVGElement, unknown> | null>(null);

  const layout = useMemo(() => {
    const build = (i: number): Visible => ({
      i,
      children: expanded.has(i) && model.children[i].length ? model.children[i].map(build) : undefined,
    });
    const root = tree<Visible>().nodeSize([ROW, COL])(hierarchy(build(0)));
    return root.descendants();
  }, [model, expanded]);

  const byIndex = useMemo(() => new Map(layout.map((n) => [n.data.i, n])), [layout]);
  const minePath = useMemo(() => new Set(mine >= 0 ? pathOf(model, mine) : []), [model, mine]);

  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const behaviour = zoom<SVGSVGElement, unknown>()
      .scaleExtent([MIN_SCALE, MAX_SCALE])
      .on('zoom', (e) => gRef.current?.setAttribute('transform', e.transform.toString()));
    zoomRef.current = behaviour;
    select(svg).call(behaviour).on('dblclick.zoom', null);
    return () => {
      select(svg).on('.zoom', null);
    };
  }, []);

  const centreOn = useCallback((node: HierarchyPointNode<Visible> | undefined, scale?: number) => {
    const svg = svgRef.current;
    const behaviour = zoomRef.current;
    if (!svg || !behaviour || !node) return;
    const { width, height } = svg.getBoundingClientRect();
    const k = scale ?? (width < 600 ? 0.8 : 0.9);
    // Layout x is the row (vertical), y the depth (horizontal). The node sits right of centre: the
    // path of its ancestors, on the left, is what places it; its own branches open to the right.
    const t = zoomIdentity.translate(width * 0.6 - node.y * k, height / 2 - node.x * k).scale(k);
    select(svg).call(behaviour.transform, t);
  }, []);

  // Move to the selected node when asked (first draw, search, locate).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only focusKey asks for a move
  useEffect(() => {
    centreOn(byIndex.get(selected));
  }, [focusKey]);

  const zoomBy = (f: number) => {
    const svg = svgRef.current;
    if (svg && zoomRef.current) select(svg).call(zoomRef.current.scaleBy, f);
  };
  const fit = () => {
    const svg = svgRef.current;
    if (!svg || !zoomRef.current) return;
    const { width, height } = svg.getBoundingClientRect();
    const xs = layout.map((n) => n.x);
    const ys = layout.map((n) => n.y);
    const w = Math.max(...ys) - Math.min(...ys) + COL;
    const h = Math.max(...xs) - Math.min(...xs) + ROW * 2;
    const k = Math.max(MIN_SCALE, Math.min(1, width / w, height / h));
    const t = zoomIdentity
      .translate(width / 2 - ((Math.max(...ys) + Math.min(...ys)) / 2) * k, height / 2 - ((Math.max(...xs) + Math.min(...xs)) / 2) * k)
      .scale(k);
    select(svg).call(zoomRef.current.transform, t);
  };

  return (
    <div className="ytree-canvas" data-testid="ytree-canvas">
      <div role="tree" aria-label="Y 染色体谱系树" className="ytree-canvas__tree">
        <svg ref={svgRef} className="ytree-canvas__svg">
          <title>Y 染色体谱系树（可拖动、缩放）</title>
          <g ref={gRef}>
            {layout.slice(1).map((n) => {
              const p = n.parent as HierarchyPointNode<Visible>;
              const onMine = minePath.has(n.data.i) && minePath.has(p.data.i);
              return (
                <path
                  key={`l-${n.data.i}`}
                  className={onMine ? 'ytree-link ytree-link--mine' : 'ytree-link'}
                  d={`M${p.y},${p.x} H${p.y + COL / 2} V${n.x} H${n.y}`}
                />
              );
            })}
            {layout.map((n) => {
              const i = n.data.i;
              const [name, , snpName, age] = model.rows[i];
              const kids = model.children[i].length;
              const open = expanded.has(i);
              const classes = ['ytree-node'];
              if (minePath.has(i)) classes.push('is-mine-path');
              if (i === mine) classes.push('is-mine');
              if (i === selected) classes.push('is-selected');
              return (
                <g
                  key={i}
                  className={classes.join(' ')}
                  transform={`translate(${n.y},${n.x})`}
                  onClick={() => onNodeClick(i)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') onNodeClick(i);
                  }}
                  role="treeitem"
                  tabIndex={0}
                  aria-selected={i === selected}
                  aria-expanded={kids ? open : undefined}
                  data-testid="ytree-node"
                  data-haplogroup={name}
                >
                  {i === selected && <circle r={11} className="ytree-node__ring" />}
                  <circle r={6} className={kids && !open ? 'ytree-node__dot ytree-node__dot--closed' : 'ytree-node__dot'} />
                  <text x={9} y={-8} className="ytree-node__name">
                    {name}
                    {snpName && <tspan className="ytree-node__snp"> {snpName}</tspan>}
                    {kids > 0 && !open && <tspan className="ytree-node__more"> +{model.size[i]}</tspan>}
                    {age !== null && <tspan className="ytree-node__age"> · {Math.round(age / 100) / 10} 千年</tspan>}
                  </text>
                </g>
              );
            })}
          </g>
        </svg>
      </div>
      <ZoomTools
        className="ytree-canvas__tools"
        zoomBy={zoomBy}
        fit={fit}
        fitTitle="显示全部已展开的分支"
        fitLabel="适应屏幕"
        centre={() => centreOn(byIndex.get(selected), 1)}
        centreLabel="回到所选分支"
      >
        {mine >= 0 && (
          <Tooltip title="我的父系分支">
            <Button icon={<UserOutlined />} onClick={onLocateMine} aria-label="我的父系分支" data-testid="ytree-locate-mine" />
          </Tooltip>
        )}
      </ZoomTools>
    </div>
  );
}
