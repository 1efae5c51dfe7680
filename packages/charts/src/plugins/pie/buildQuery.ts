import type { QueryContext } from '@tessera/contracts';
import type { BuildQueryOptions, FormData } from '../../query/form-data';
import { buildQueryContext } from '../../query/buildQueryContext';
import { parseMetric } from '../../query/labels';

/** Pie: one metric by the dimensions, largest slices first when sort_by_metric. */
export function buildPieQuery(formData: FormData, options?: BuildQueryOptions): QueryContext {
  const metric = parseMetric(formData.metric);
  const sortByMetric = formData.sort_by_metric !== false;
  return buildQueryContext(
    formData,
    (base) => [{ ...base, orderby: sortByMetric && metric !== undefined ? [[metric, false]] : [] }],
    options,
  );
}
