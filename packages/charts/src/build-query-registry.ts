import { buildBigNumberTotalQuery, buildBigNumberTrendQuery } from './plugins/bigNumber/buildQuery';
import { buildBoxPlotQuery } from './plugins/boxPlot/buildQuery';
import { buildBubbleQuery } from './plugins/bubble/buildQuery';
import { buildSortedByMetricQuery } from './plugins/common/sortedByMetricQuery';
import { buildGraphQuery } from './plugins/graph/buildQuery';
import { buildHeatmapQuery } from './plugins/heatmap/buildQuery';
import { buildHistogramQuery } from './plugins/histogram/buildQuery';
import { buildMixedTimeseriesQuery } from './plugins/mixedTimeseries/buildQuery';
import { buildPieQuery } from './plugins/pie/buildQuery';
import { buildPivotTableQuery } from './plugins/pivotTable/buildQuery';
import { buildRadarQuery } from './plugins/radar/buildQuery';
import { buildSankeyQuery } from './plugins/sankey/buildQuery';
import { buildTableQuery } from './plugins/table/buildQuery';
import { buildTimeseriesQuery } from './plugins/timeseries/buildQuery';
import { buildWaterfallQuery } from './plugins/waterfall/buildQuery';
import { buildWorldMapQuery } from './plugins/worldMap/buildQuery';
import type { BuildQuery } from './query/form-data';

export type { BuildQuery, BuildQueryOptions, FormData } from './query/form-data';

/*
 * The one map viz_type → buildQuery. It imports only pure query builders (no React, no DOM, no echarts;
 * build-query-registry.test.ts walks the import graph), so the server reaches it through the package's
 * `@tessera/charts/build-query` export to run legacy form data (/superset/explore_json/), and every
 * built-in plugin takes its buildQuery from here (defineChartPlugin).
 */
const BUILD_QUERIES: Readonly<Record<string, BuildQuery>> = {
  table: buildTableQuery,
  pivot_table_v2: buildPivotTableQuery,
  big_number_total: buildBigNumberTotalQuery,
  big_number: buildBigNumberTrendQuery,
  echarts_timeseries_line: buildTimeseriesQuery,
  echarts_timeseries_bar: buildTimeseriesQuery,
  echarts_area: buildTimeseriesQuery,
  echarts_timeseries_scatter: buildTimeseriesQuery,
  echarts_timeseries_smooth: buildTimeseriesQuery,
  echarts_timeseries_step: buildTimeseriesQuery,
  mixed_timeseries: buildMixedTimeseriesQuery,
  pie: buildPieQuery,
  funnel: buildSortedByMetricQuery,
  gauge_chart: buildSortedByMetricQuery,
  radar: buildRadarQuery,
  treemap_v2: buildSortedByMetricQuery,
  sunburst_v2: buildSortedByMetricQuery,
  heatmap_v2: buildHeatmapQuery,
  histogram_v2: buildHistogramQuery,
  box_plot: buildBoxPlotQuery,
  waterfall: buildWaterfallQuery,
  sankey_v2: buildSankeyQuery,
  graph_chart: buildGraphQuery,
  word_cloud: buildSortedByMetricQuery,
  bubble_v2: buildBubbleQuery,
  world_map: buildWorldMapQuery,
};

/** The query builder of a viz type, or undefined for a type no built-in plugin draws. */
export function getBuildQuery(vizType: string): BuildQuery | undefined {
  return Object.hasOwn(BUILD_QUERIES, vizType) ? BUILD_QUERIES[vizType] : undefined;
}

/** Every viz type with a query builder. */
export function listBuildQueryVizTypes(): string[] {
  return Object.keys(BUILD_QUERIES);
}
