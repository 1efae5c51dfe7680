import type { QueryContext } from '@tessera/contracts';
import type { BuildQueryOptions, FormData } from '../../query/form-data';
import { buildQueryContext } from '../../query/buildQueryContext';
import { parseColumn, parseMetric } from '../../query/labels';

/** Sankey: the metric per (source, target) pair. */
export function buildSankeyQuery(formData: FormData, options?: BuildQueryOptions): QueryContext {
  const columns = [parseColumn(formData.source), parseColumn(formData.target)].filter((c) => c !== undefined);
  const metric = parseMetric(formData.metric);
  return buildQueryContext(
    formData,
    (base) => [
      {
        ...base,
        columns,
        orderby: formData.sort_by_metric !== false && metric !== undefined ? [[metric, false]] : [],
      },
    ],
    options,
  );
}
