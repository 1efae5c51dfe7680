import type { QueryContext } from '@tessera/contracts';
import type { BuildQueryOptions, FormData } from '../../query/form-data';
import { buildQueryContext } from '../../query/buildQueryContext';
import { parseMetric, parseMetrics } from '../../query/labels';

/**
 * The query of "dimensions + metric" charts (funnel, gauge, treemap, sunburst, word cloud…): the base
 * query object, ordered by the metric descending when `sort_by_metric` is on (Superset's default).
 */
export function buildSortedByMetricQuery(formData: FormData, options?: BuildQueryOptions): QueryContext {
  const metric = parseMetric(formData.metric) ?? parseMetrics(formData.metrics)[0];
  const sortByMetric = formData.sort_by_metric !== false;
  return buildQueryContext(
    formData,
    (base) => [{ ...base, orderby: sortByMetric && metric !== undefined ? [[metric, false]] : [] }],
    options,
  );
}
