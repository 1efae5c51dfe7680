import type { DatasourceColumn, DatasourceMetric } from '@tessera/contracts';

/** What the dataset panel lets the user drag (and click-add) into a control. */
export type DragItem =
  { kind: 'column'; column: DatasourceColumn } | { kind: 'metric'; metric: DatasourceMetric };

export function isDragItem(value: unknown): value is DragItem {
  if (typeof value !== 'object' || value === null || !('kind' in value)) return false;
  return (value.kind === 'column' && 'column' in value) || (value.kind === 'metric' && 'metric' in value);
}

/** Control types that take something from the dataset panel, and what they take. */
export const DROP_ACCEPTS: Partial<Record<string, readonly DragItem['kind'][]>> = {
  MetricsControl: ['metric', 'column'],
  MetricControl: ['metric', 'column'],
  GroupByControl: ['column'],
  ColumnControl: ['column'],
  TemporalColumnControl: ['column'],
  AdhocFilterControl: ['column'],
};

export function accepts(controlType: string, item: DragItem): boolean {
  if (!(DROP_ACCEPTS[controlType] ?? []).includes(item.kind)) return false;
  if (controlType === 'TemporalColumnControl' && item.kind === 'column') return item.column.is_dttm;
  return true;
}
