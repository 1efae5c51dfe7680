/**
 * The file each built-in viz type's renderer lives in (what its plugin's `loadChart` imports), relative to
 * this folder. Pure data, so the server can read it without the plugins: it finds those files' chunks in
 * the web build's manifest and preloads them from a dashboard page's HTML, with the page's own code.
 * `plugins/chart-modules.test.ts` checks every entry against its plugin's `loadChart`.
 */
export const CHART_MODULES: Readonly<Record<string, string>> = {
  table: 'plugins/table/TableChart.tsx',
  pivot_table_v2: 'plugins/pivotTable/PivotTableChart.tsx',
  big_number_total: 'plugins/bigNumber/BigNumberTotalChart.tsx',
  big_number: 'plugins/bigNumber/BigNumberTrendChart.tsx',
  echarts_timeseries_line: 'plugins/timeseries/TimeseriesChart.tsx',
  echarts_timeseries_bar: 'plugins/timeseries/TimeseriesChart.tsx',
  echarts_area: 'plugins/timeseries/TimeseriesChart.tsx',
  echarts_timeseries_scatter: 'plugins/timeseries/TimeseriesChart.tsx',
  echarts_timeseries_smooth: 'plugins/timeseries/TimeseriesChart.tsx',
  echarts_timeseries_step: 'plugins/timeseries/TimeseriesChart.tsx',
  mixed_timeseries: 'plugins/timeseries/TimeseriesChart.tsx',
  pie: 'plugins/pie/PieChart.tsx',
  funnel: 'plugins/funnel/FunnelChart.tsx',
  gauge_chart: 'plugins/gauge/GaugeChart.tsx',
  radar: 'plugins/radar/RadarChart.tsx',
  treemap_v2: 'plugins/treemap/TreemapChart.tsx',
  sunburst_v2: 'plugins/sunburst/SunburstChart.tsx',
  heatmap_v2: 'plugins/heatmap/HeatmapChart.tsx',
  histogram_v2: 'plugins/histogram/HistogramChart.tsx',
  box_plot: 'plugins/boxPlot/BoxPlotChart.tsx',
  waterfall: 'plugins/waterfall/WaterfallChart.tsx',
  sankey_v2: 'plugins/sankey/SankeyChart.tsx',
  graph_chart: 'plugins/graph/GraphChart.tsx',
  word_cloud: 'plugins/wordCloud/WordCloudChart.tsx',
  bubble_v2: 'plugins/bubble/BubbleChart.tsx',
  world_map: 'plugins/worldMap/WorldMapChart.tsx',
};
