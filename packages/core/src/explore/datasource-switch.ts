import type { ExploreDatasource } from '@tessera/contracts';
import type { ExploreFormData, PanelShape } from './form-data';
import { isRecord, panelControls } from './form-data';

/** Controls whose values name columns or metrics of the datasource. */
const COLUMN_CONTROLS = new Set([
  'groupby',
  'columns',
  'all_columns',
  'series_columns',
  'series',
  'entity',
  'x_axis',
  'granularity_sqla',
  'adhoc_filters',
]);
const METRIC_CONTROLS = new Set([
  'metrics',
  'metric',
  'percent_metrics',
  'timeseries_limit_metric',
  'size',
  'x',
  'y',
  'secondary_metric',
]);

export interface DatasourceSwitchResult {
  formData: ExploreFormData;
  /** Datasource-bound controls whose values still fit the new datasource and were kept. */
  controlsTransferred: string[];
}

function columnNamesOf(value: unknown): string[] | null {
  if (typeof value === 'string') return [value];
  if (isRecord(value)) {
    // An adhoc SQL column or a SQL filter carries its own expression; a simple filter names its subject.
    if (typeof value.subject === 'string' && value.expressionType === 'SIMPLE') return [value.subject];
    if (typeof value.sqlExpression === 'string') return [];
    return null;
  }
  return null;
}

function fitsColumns(value: unknown, columns: ReadonlySet<string>): boolean {
  const items = Array.isArray(value) ? value : [value];
  return items.every((item) => {
    const names = columnNamesOf(item);
    return names?.every((name) => columns.has(name)) === true;
  });
}

function fitsMetrics(value: unknown, columns: ReadonlySet<string>, metrics: ReadonlySet<string>): boolean {
  const items = Array.isArray(value) ? value : [value];
  return items.every((item) => {
    if (typeof item === 'string') return metrics.has(item);
    if (!isRecord(item)) return false;
    if (item.expressionType === 'SQL') return true;
    const column = isRecord(item.column) ? item.column.column_name : undefined;
    return typeof column === 'string' && columns.has(column);
  });
}

function isUnset(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/**
 * Spec 001 §4 'A data source change updates controls and lists transferred ones': column and metric
 * controls keep their value when every column and saved metric it names exists in the new dataset;
 * otherwise they fall back to the panel default. Controls unrelated to the dataset are kept as they are.
 */
export function switchDatasource(
  formData: ExploreFormData,
  datasource: Pick<ExploreDatasource, 'id' | 'type' | 'columns' | 'metrics'>,
  panel: PanelShape,
): DatasourceSwitchResult {
  const columns = new Set(datasource.columns.map((column) => column.column_name));
  const metrics = new Set(datasource.metrics.map((metric) => metric.metric_name));
  const defaults = new Map(panelControls(panel).map((control) => [control.name, control.default]));
  const result: ExploreFormData = { ...formData, datasource: `${String(datasource.id)}__${datasource.type}` };
  const controlsTransferred: string[] = [];
  const dropped = new Set<string>();
  for (const [key, value] of Object.entries(formData)) {
    const isColumnControl = COLUMN_CONTROLS.has(key);
    const isMetricControl = METRIC_CONTROLS.has(key);
    if ((!isColumnControl && !isMetricControl) || isUnset(value)) continue;
    const fits = isColumnControl ? fitsColumns(value, columns) : fitsMetrics(value, columns, metrics);
    if (fits) {
      controlsTransferred.push(key);
    } else if (defaults.get(key) !== undefined) {
      result[key] = defaults.get(key);
    } else {
      dropped.add(key);
    }
  }
  return {
    formData: Object.fromEntries(Object.entries(result).filter(([key]) => !dropped.has(key))),
    controlsTransferred,
  };
}
