export * from './chart-status.slice';
export { ChartRequests } from './chart-requests';
export { runChartQuery, failChartQuery, stopChartQuery } from './chart-thunks';
export type { ChartRuntimeExtra } from './runtime-extra';
export { selectChart } from './chart-store';
export { controlsChanged, normalizeFormData, sameFormData } from './form-data-changes';
export { ChartHolder, holderStatus } from './ChartHolder';
export { UnsupportedChart, isSupportedVizType } from './UnsupportedChart';
export { chartFailure } from './chart-failure';
