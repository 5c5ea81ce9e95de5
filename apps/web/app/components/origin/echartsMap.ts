/**
 * The part of ECharts the China map needs (map series, tooltip, visual map, SVG renderer), imported
 * only in the browser so the server never loads it.
 */
import { MapChart } from 'echarts/charts';
import { TooltipComponent, VisualMapComponent } from 'echarts/components';
import { init, registerMap, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

use([MapChart, TooltipComponent, VisualMapComponent, SVGRenderer]);

export { init, registerMap };
