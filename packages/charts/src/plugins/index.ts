import type { ChartPlugin } from '../plugin-api';
import { registerChartPlugin } from '../registry';
import { bigNumberTotalPlugin, bigNumberTrendPlugin } from './bigNumber';
import { boxPlotChartPlugin } from './boxPlot';
import { bubbleChartPlugin } from './bubble';
import { funnelChartPlugin } from './funnel';
import { gaugeChartPlugin } from './gauge';
import { graphChartPlugin } from './graph';
import { heatmapChartPlugin } from './heatmap';
import { histogramChartPlugin } from './histogram';
import { mixedTimeseriesPlugin } from './mixedTimeseries';
import { pieChartPlugin } from './pie';
import { pivotTableChartPlugin } from './pivotTable';
import { radarChartPlugin } from './radar';
import { sankeyChartPlugin } from './sankey';
import { sunburstChartPlugin } from './sunburst';
import { tableChartPlugin } from './table';
import {
  areaChartPlugin,
  barChartPlugin,
  lineChartPlugin,
  scatterChartPlugin,
  smoothLineChartPlugin,
  stepLineChartPlugin,
} from './timeseries';
import { treemapChartPlugin } from './treemap';
import { waterfallChartPlugin } from './waterfall';
import { wordCloudChartPlugin } from './wordCloud';
import { worldMapChartPlugin } from './worldMap';

/** Every built-in plugin, in the order the viz-type picker lists them. */
export const BUILT_IN_CHART_PLUGINS: readonly ChartPlugin[] = [
  tableChartPlugin,
  pivotTableChartPlugin,
  bigNumberTotalPlugin,
  bigNumberTrendPlugin,
  lineChartPlugin,
  barChartPlugin,
  areaChartPlugin,
  scatterChartPlugin,
  smoothLineChartPlugin,
  stepLineChartPlugin,
  mixedTimeseriesPlugin,
  pieChartPlugin,
  funnelChartPlugin,
  gaugeChartPlugin,
  radarChartPlugin,
  treemapChartPlugin,
  sunburstChartPlugin,
  heatmapChartPlugin,
  histogramChartPlugin,
  boxPlotChartPlugin,
  waterfallChartPlugin,
  sankeyChartPlugin,
  graphChartPlugin,
  wordCloudChartPlugin,
  bubbleChartPlugin,
  worldMapChartPlugin,
];

for (const plugin of BUILT_IN_CHART_PLUGINS) registerChartPlugin(plugin);
