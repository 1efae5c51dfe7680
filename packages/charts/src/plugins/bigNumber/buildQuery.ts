import type { QueryContext } from '@tessera/contracts';
import type { BuildQueryOptions, FormData } from '../../query/form-data';
import { buildQueryContext, getXAxisColumn, isXAxisSet } from '../../query/buildQueryContext';
import {
  flattenOperator,
  pivotOperator,
  resampleOperator,
  rollingWindowOperator,
  steps,
} from '../../query/operators';

/** Big Number: the metric over the whole range, no grouping. */
export function buildBigNumberTotalQuery(formData: FormData, options?: BuildQueryOptions): QueryContext {
  return buildQueryContext(formData, (base) => [{ ...base, columns: [], post_processing: [] }], options);
}

/** Big Number with trendline: the metric per time grain, pivoted on the x axis, with rolling and resample. */
export function buildBigNumberTrendQuery(formData: FormData, options?: BuildQueryOptions): QueryContext {
  return buildQueryContext(
    formData,
    (base) => {
      const xAxis = getXAxisColumn(formData);
      const queryObject = {
        ...base,
        columns: xAxis ? [xAxis] : [],
        series_columns: [],
        ...(isXAxisSet(formData) ? {} : { is_timeseries: true }),
      };
      return [
        {
          ...queryObject,
          post_processing: steps(
            pivotOperator(formData, queryObject),
            rollingWindowOperator(formData, queryObject),
            resampleOperator(formData),
            flattenOperator(),
          ),
        },
      ];
    },
    options,
  );
}
