import type { QueryContext } from '@tessera/contracts';
import type { BuildQueryOptions, FormData } from '../../query/form-data';
import { buildQueryContext } from '../../query/buildQueryContext';
import { getColumnLabel, parseColumn, parseColumns } from '../../query/labels';
import { histogramOperator } from '../../query/operators';

/** Histogram: raw values of `column` (and the groupby columns), binned server-side by the histogram step. */
export function buildHistogramQuery(formData: FormData, options?: BuildQueryOptions): QueryContext {
  const column = parseColumn(formData.column);
  const groupby = parseColumns(formData.groupby);
  return buildQueryContext(
    formData,
    (base) => [
      {
        ...base,
        columns: [...groupby, ...(column ? [column] : [])],
        metrics: [],
        post_processing: column
          ? [histogramOperator(formData, getColumnLabel(column), groupby.map(getColumnLabel))]
          : [],
      },
    ],
    options,
  );
}
