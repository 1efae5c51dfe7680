import type { ControlDeclaration } from '@tessera/charts';
import { asMetricList, metricForColumn } from './adhoc';
import { accepts, type DragItem } from './dnd';

export type AddOutcome =
  | { kind: 'value'; value: unknown }
  /** Filters need an operator and a value: the filter editor opens on the column instead. */
  | { kind: 'openFilter'; subject: string }
  | { kind: 'refused' };

/**
 * What dropping (or click-adding) a dataset column or metric into a control does: metrics append a
 * saved metric or an aggregate of the column, column controls append or set the column, filter
 * controls open a filter on it. Duplicates are not added twice.
 */
export function addToControl(
  control: Pick<ControlDeclaration, 'type' | 'multi'>,
  current: unknown,
  item: DragItem,
): AddOutcome {
  if (!accepts(control.type, item)) return { kind: 'refused' };
  const multi = control.multi === true;
  if (control.type === 'MetricsControl' || control.type === 'MetricControl') {
    const metric = item.kind === 'metric' ? item.metric.metric_name : metricForColumn(item.column);
    if (!multi) return { kind: 'value', value: metric };
    const list = asMetricList(current);
    if (typeof metric === 'string' && list.includes(metric)) return { kind: 'value', value: list };
    return { kind: 'value', value: [...list, metric] };
  }
  if (item.kind !== 'column') return { kind: 'refused' };
  if (control.type === 'AdhocFilterControl') return { kind: 'openFilter', subject: item.column.column_name };
  const name = item.column.column_name;
  if (!multi) return { kind: 'value', value: name };
  const list: unknown[] = Array.isArray(current) ? current : [];
  return { kind: 'value', value: list.includes(name) ? list : [...list, name] };
}
