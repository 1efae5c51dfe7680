import type { QueryContext } from '@tessera/contracts';
import type { BuildQueryOptions, FormData } from '../../query/form-data';
import { buildQueryContext } from '../../query/buildQueryContext';
import { parseColumns } from '../../query/labels';
import { boxplotOperator, steps } from '../../query/operators';

/**
 * Box plot: the metrics aggregated per (distribute-across columns + groupby), then the boxplot step
 * summarises each groupby series' distribution across the distribute-across values.
 */
export function buildBoxPlotQuery(formData: FormData, options?: BuildQueryOptions): QueryContext {
  const distributeAcross = parseColumns(formData.columns);
  const groupby = parseColumns(formData.groupby);
  const granularity = typeof formData.granularity_sqla === 'string' ? formData.granularity_sqla : undefined;
  return buildQueryContext(
    formData,
    (base) => {
      const distribution = distributeAcross.length === 0 && granularity ? [granularity] : distributeAcross;
      const queryObject = { ...base, columns: [...distribution, ...groupby], series_columns: groupby };
      return [{ ...queryObject, post_processing: steps(boxplotOperator(formData, queryObject)) }];
    },
    options,
  );
}
