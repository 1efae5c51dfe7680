import type { QueryContext } from '@tessera/contracts';
import type { BuildQueryOptions, FormData } from '../../query/form-data';
import { applyTimeGrain, buildQueryContext } from '../../query/buildQueryContext';
import { getColumnLabel, parseColumns, parseMetric, uniqueByLabel } from '../../query/labels';

/**
 * Pivot table: the metrics grouped by the row and column dimensions (column dimensions first, as
 * Superset sends them); the pivot itself happens in transformProps.
 */
export function buildPivotTableQuery(formData: FormData, options?: BuildQueryOptions): QueryContext {
  const columns = uniqueByLabel(
    [...parseColumns(formData.groupbyColumns), ...parseColumns(formData.groupbyRows)],
    getColumnLabel,
  );
  return buildQueryContext(
    formData,
    (base) => {
      const sortMetric = parseMetric(formData.series_limit_metric ?? formData.timeseries_limit_metric);
      const first = base.metrics?.[0];
      const ascending = formData.order_desc === false;
      return [
        {
          ...base,
          columns: applyTimeGrain(columns, formData, false),
          orderby:
            sortMetric !== undefined
              ? [[sortMetric, ascending]]
              : first !== undefined
                ? [[first, ascending]]
                : [],
        },
      ];
    },
    options,
  );
}
