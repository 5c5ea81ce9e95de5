/**
 * The part of ECharts the ancestry charts need (pie, bar and custom series, tooltip, grid, SVG
 * renderer), imported only in the browser so the server never loads it.
 */
import { BarChart, CustomChart, PieChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

use([PieChart, BarChart, CustomChart, GridComponent, TooltipComponent, SVGRenderer]);

export { init };
