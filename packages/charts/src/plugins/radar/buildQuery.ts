import type { QueryContext } from '@tessera/contracts';
import type { BuildQueryOptions, FormData } from '../../query/form-data';
import { buildQueryContext } from '../../query/buildQueryContext';
import { parseMetric, parseMetrics } from '../../query/labels';

/** Radar: groups ordered by the sort metric (else the first metric) descending. */
export function buildRadarQuery(formData: FormData, options?: BuildQueryOptions): QueryContext {
  const sortMetric = parseMetric(formData.timeseries_limit_metric) ?? parseMetrics(formData.metrics)[0];
  return buildQueryContext(
    formData,
    (base) => [{ ...base, orderby: sortMetric === undefined ? [] : [[sortMetric, false]] }],
    options,
  );
}
