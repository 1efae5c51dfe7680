/**
 * What other modules use of the chart data engine: a saved chart's data as its API answers it
 * (reports build CSV, XLSX and TEXT content from it, as the report's owner).
 */
export { runSavedChartData } from './saved-chart-data';
export type { ChartDataOutcome } from './run-query-context';
export { adhocSqlProblem } from './adhoc-sql';
