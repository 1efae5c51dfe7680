import type { ChartPlugin } from '../plugin-api';
import { registerChartPlugin } from '../registry';
import { pieChartPlugin } from './pie';
import { tableChartPlugin } from './table';
import {
  areaChartPlugin,
  barChartPlugin,
  lineChartPlugin,
  scatterChartPlugin,
  smoothLineChartPlugin,
  stepLineChartPlugin,
} from './timeseries';

/** Every built-in plugin, in the order the viz-type picker lists them. */
export const BUILT_IN_CHART_PLUGINS: readonly ChartPlugin[] = [
  tableChartPlugin,
  lineChartPlugin,
  barChartPlugin,
  areaChartPlugin,
  scatterChartPlugin,
  smoothLineChartPlugin,
  stepLineChartPlugin,
  pieChartPlugin,
];

for (const plugin of BUILT_IN_CHART_PLUGINS) registerChartPlugin(plugin);
