export * from './plugin-api';
export { defineChartPlugin, getChartPlugin, listChartPlugins, registerChartPlugin } from './registry';
export { BUILT_IN_CHART_PLUGINS } from './plugins';
export { getBuildQuery, listBuildQueryVizTypes } from './build-query-registry';
export * from './query/buildQueryContext';
export * from './query/operators';
export {
  getColumnLabel,
  getMetricLabel,
  parseColumn,
  parseColumns,
  parseMetric,
  parseMetrics,
} from './query/labels';
export * as sharedControls from './controls/shared';
export * from './format';
export { toggleCrossFilter, selectedLabels } from './echarts/crossFilter';
export { LARGE_SERIES_THRESHOLD } from './echarts/options';
export { ChartRenderer, type ChartRendererProps } from './renderer/ChartRenderer';
export { preloadChartComponent } from './renderer/chart-components';
export { RenderAttempt, useRenderAttempt } from './renderer/paint-signal';
export { pointFilter, labelPointFilters, NULL_LABEL } from './drill/point-filters';
