import type { QueryContext } from '@tessera/contracts';
import type { BuildQueryOptions, FormData } from '../../query/form-data';
import {
  buildQueryContext,
  getXAxisColumn,
  isXAxisSet,
  normalizeOrderBy,
} from '../../query/buildQueryContext';
import { parseColumns } from '../../query/labels';
import {
  contributionOperator,
  flattenOperator,
  isTimeComparison,
  pivotOperator,
  renameOperator,
  resampleOperator,
  rollingWindowOperator,
  sortOperator,
  steps,
  timeCompareOffsets,
  timeCompareOperator,
  timeComparePivotOperator,
} from '../../query/operators';

/**
 * Timeseries (line, bar, area, scatter, smooth, step): x axis + dimensions grouped, then pivoted to one
 * column per series, with the advanced-analytics steps in Superset's order, and flattened.
 */
export function buildTimeseriesQuery(formData: FormData, options?: BuildQueryOptions): QueryContext {
  const groupby = parseColumns(formData.groupby);
  return buildQueryContext(
    formData,
    (base) => {
      const xAxis = getXAxisColumn(formData);
      const queryObject = {
        ...base,
        columns: [...(xAxis ? [xAxis] : []), ...groupby],
        series_columns: groupby,
        ...(isXAxisSet(formData) ? {} : { is_timeseries: true }),
        time_offsets: isTimeComparison(formData) ? timeCompareOffsets(formData) : [],
      };
      const withOrder = { ...queryObject, orderby: normalizeOrderBy(queryObject) };
      const pivot = isTimeComparison(formData)
        ? timeComparePivotOperator(formData, withOrder)
        : pivotOperator(formData, withOrder);
      return [
        {
          ...withOrder,
          post_processing: steps(
            pivot,
            rollingWindowOperator(formData, withOrder),
            timeCompareOperator(formData, withOrder),
            resampleOperator(formData),
            renameOperator(formData, withOrder),
            contributionOperator(formData),
            sortOperator(formData),
            flattenOperator(),
          ),
        },
      ];
    },
    options,
  );
}
