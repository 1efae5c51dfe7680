import type { QueryContext } from '@tessera/contracts';
import type { BuildQueryOptions, FormData } from '../../query/form-data';
import { buildTimeseriesQuery } from '../timeseries/buildQuery';
import { queryAFormData, queryBFormData } from './formData';

/** Mixed chart: the timeseries query twice, from the plain keys (A) and from the `_b` keys (B). */
export function buildMixedTimeseriesQuery(formData: FormData, options?: BuildQueryOptions): QueryContext {
  const contextA = buildTimeseriesQuery(queryAFormData(formData), options);
  const contextB = buildTimeseriesQuery(queryBFormData(formData), options);
  return { ...contextA, form_data: formData, queries: [...contextA.queries, ...contextB.queries] };
}
