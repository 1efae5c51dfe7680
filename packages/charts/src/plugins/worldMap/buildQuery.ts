import type { QueryContext } from '@tessera/contracts';
import type { BuildQueryOptions, FormData } from '../../query/form-data';
import { buildQueryContext } from '../../query/buildQueryContext';
import { getMetricLabel, parseColumn, parseMetric } from '../../query/labels';

/**
 * One query grouped by the country column with the colour metric and, when it differs, the
 * bubble metric; ordered by the colour metric when sort_by_metric is on (Superset's world_map).
 */
export function buildWorldMapQuery(formData: FormData, options?: BuildQueryOptions): QueryContext {
  const entity = parseColumn(formData.entity);
  const metric = parseMetric(formData.metric);
  const secondary = parseMetric(formData.secondary_metric);
  const metrics = metric === undefined ? [] : [metric];
  if (
    secondary !== undefined &&
    (metric === undefined || getMetricLabel(secondary) !== getMetricLabel(metric))
  ) {
    metrics.push(secondary);
  }
  const sortByMetric = formData.sort_by_metric !== false;
  return buildQueryContext(
    formData,
    (base) => [
      {
        ...base,
        columns: entity === undefined ? [] : [entity],
        metrics,
        orderby: sortByMetric && metric !== undefined ? [[metric, false]] : [],
      },
    ],
    options,
  );
}
