import type { AncestryShareView } from '@jiyin/contracts/ancestryApi';
import { Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useHydrated } from '../../lib/useHydrated.ts';
import { bandText, percent, populationColour } from './format.ts';

type Chart = { setOption(o: unknown): void; dispose(): void; resize(): void };

/**
 * Draws one ECharts option into a box of fixed height, in the browser only: the server (and the
 * first client render) show the same empty box, so hydration never differs. A failed chart load
 * leaves the text beside it, which always carries the same figures.
 */
function EChart({ option, height, testId, label }: { option: unknown; height: number; testId: string; label: string }) {
  const hydrated = useHydrated();
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    if (!hydrated || !box.current) return;
    let disposed = false;
    const onResize = () => chart.current?.resize();
    import('./echartsShares.ts')
      .then((echarts) => {
        if (disposed || !box.current) return;
        chart.current = echarts.init(box.current, undefined, { renderer: 'svg' }) as Chart;
        window.addEventListener('resize', onResize);
        setState('ready');
      })
      .catch(() => !disposed && setState('failed'));
    return () => {
      disposed = true;
      window.removeEventListener('resize', onResize);
      chart.current?.dispose();
      chart.current = null;
    };
  }, [hydrated]);

  useEffect(() => {
    if (state === 'ready') chart.current?.setOption(option);
  }, [state, option]);

  return (
    <div className="ancestry-chart" style={{ height }} data-testid={testId} data-state={state} role="img" aria-label={label}>
      <div ref={box} className="ancestry-chart__canvas" style={{ height }} />
      {state === 'loading' && <Spin className="ancestry-chart__spin" />}
      {state === 'failed' && <p className="ancestry-chart__failed">图表加载失败，请参考下方的数字。</p>}
    </div>
  );
}

/** Groups worth drawing: a share under 0.05% is a sliver nobody can see. */
const drawn = (populations: AncestryShareView[]) => populations.filter((p) => p.share >= 0.0005);

/** Donut of the shares (§2.2 composition). */
export function ShareDonut({ populations, height = 300 }: { populations: AncestryShareView[]; height?: number }) {
  const data = drawn(populations).map((p) => ({ name: p.name, value: p.share, itemStyle: { color: populationColour(p.id) } }));
  const option = {
    tooltip: { trigger: 'item', formatter: (p: { name: string; value: number }) => `${p.name}：${percent(p.value)}` },
    series: [
      {
        type: 'pie',
        radius: ['40%', '62%'],
        center: ['50%', '52%'],
        avoidLabelOverlap: true,
        label: { formatter: (p: { name: string; value: number }) => `${p.name}\n${percent(p.value)}`, fontSize: 12, overflow: 'none' },
        labelLine: { length: 10, length2: 8 },
        data,
      },
    ],
  };
  return (
    <EChart
      option={option}
      height={height}
      testId="ancestry-donut"
      label={populations.map((p) => `${p.name}${percent(p.share)}`).join('，')}
    />
  );
}

/** Horizontal bars of the shares with their 90% band drawn as a whisker (§2.2 nation). */
export function ShareBands({ populations, level }: { populations: AncestryShareView[]; level: number }) {
  // Largest at the top: ECharts draws category axes bottom-up.
  const rows = [...populations].sort((a, b) => a.share - b.share);
  const height = 60 + rows.length * 34;
  // Zoom the axis to the widest band (in 10% steps) so small shares stay visible.
  const axisMax = Math.min(1, Math.ceil((Math.max(...rows.map((p) => p.high)) + 0.05) * 10) / 10);
  const option = {
    grid: { left: 8, right: 24, top: 12, bottom: 28, containLabel: true },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (items: { dataIndex: number }[]) => {
        const p = rows[items[0]?.dataIndex ?? 0];
        return p ? `${p.name}：${percent(p.share)}<br/>${bandText(p, level)}` : '';
      },
    },
    xAxis: { type: 'value', min: 0, max: axisMax, axisLabel: { formatter: (v: number) => `${Math.round(v * 100)}%` } },
    yAxis: { type: 'category', data: rows.map((p) => `${p.name}  ${percent(p.share)}`), axisTick: { show: false } },
    series: [
      {
        type: 'bar',
        barWidth: 14,
        data: rows.map((p) => ({ value: p.share, itemStyle: { color: populationColour(p.id), borderRadius: 3 } })),
        z: 2,
      },
      {
        type: 'custom',
        // The band: a line from low to high with end caps, on top of the bar.
        renderItem: (
          params: { dataIndex: number },
          api: { value(i: number): number; coord(v: [number, number]): [number, number]; size(v: [number, number]): [number, number] },
        ) => {
          const low = api.coord([api.value(1), params.dataIndex]);
          const high = api.coord([api.value(2), params.dataIndex]);
          const cap = 6;
          const style = { stroke: '#1f2937', lineWidth: 1.5 };
          return {
            type: 'group',
            children: [
              { type: 'line', shape: { x1: low[0], y1: low[1], x2: high[0], y2: high[1] }, style },
              { type: 'line', shape: { x1: low[0], y1: low[1] - cap, x2: low[0], y2: low[1] + cap }, style },
              { type: 'line', shape: { x1: high[0], y1: high[1] - cap, x2: high[0], y2: high[1] + cap }, style },
            ],
          };
        },
        encode: { x: [1, 2], y: 0 },
        data: rows.map((p, i) => [i, p.low, p.high]),
        z: 3,
        tooltip: { show: false },
      },
    ],
  };
  return (
    <EChart
      option={option}
      height={height}
      testId="ancestry-bands"
      label={rows
        .slice()
        .reverse()
        .map((p) => `${p.name}${percent(p.share)}，${bandText(p, level)}`)
        .join('；')}
    />
  );
}
