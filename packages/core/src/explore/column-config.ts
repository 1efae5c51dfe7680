import type { ExploreFormData } from './form-data';
import { isRecord } from './form-data';
import { metricIdentity, metricLabel } from './metric-label';

/**
 * Spec 001 §4 'Changing metrics renames matching column_config entries': table column settings are
 * keyed by the metric's label, so when an edited metric keeps its identity but gets a new label, its
 * settings follow it. Entries of removed metrics are dropped only if no new metric claims them.
 */
export function renameColumnConfig(
  columnConfig: unknown,
  previousMetrics: readonly unknown[],
  nextMetrics: readonly unknown[],
): Record<string, unknown> | undefined {
  if (!isRecord(columnConfig)) return undefined;
  const result: Record<string, unknown> = { ...columnConfig };
  const renamedFrom = new Set<string>();
  const previousByIdentity = new Map(previousMetrics.map((metric) => [metricIdentity(metric), metric]));
  for (const next of nextMetrics) {
    const previous = previousByIdentity.get(metricIdentity(next));
    if (previous === undefined) continue;
    const oldLabel = metricLabel(previous);
    const newLabel = metricLabel(next);
    if (oldLabel === newLabel || !(oldLabel in columnConfig)) continue;
    result[newLabel] = columnConfig[oldLabel];
    renamedFrom.add(oldLabel);
  }
  const newLabels = new Set(nextMetrics.map(metricLabel));
  return Object.fromEntries(
    Object.entries(result).filter(([key]) => !renamedFrom.has(key) || newLabels.has(key)),
  );
}

/** Form data after the metrics control changed, with column_config following renamed metrics. */
export function withMetricsChanged(formData: ExploreFormData, name: string, next: unknown): ExploreFormData {
  const previous = formData[name];
  const result: ExploreFormData = { ...formData, [name]: next };
  const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : value == null ? [] : [value]);
  const renamed = renameColumnConfig(formData.column_config, asList(previous), asList(next));
  if (renamed !== undefined) result.column_config = renamed;
  return result;
}
