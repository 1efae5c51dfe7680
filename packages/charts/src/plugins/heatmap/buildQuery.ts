import type { OrderByItem, QueryContext } from '@tessera/contracts';
import type { BuildQueryOptions, FormData } from '../../query/form-data';
import { buildQueryContext, getXAxisColumn } from '../../query/buildQueryContext';
import { parseColumns, parseMetric } from '../../query/labels';

/**
 * Heatmap: the metric per (x axis, y column), ordered by the chosen axis sorts (`alpha_*` by the column,
 * `value_*` by the metric). Normalisation (`normalize_across`) happens in transformProps.
 */
export function buildHeatmapQuery(formData: FormData, options?: BuildQueryOptions): QueryContext {
  const xAxis = getXAxisColumn(formData);
  const [yColumn] = parseColumns(formData.groupby);
  const metric = parseMetric(formData.metric);
  const sortItem = (sort: unknown, column: OrderByItem[0] | undefined): OrderByItem[] => {
    if (typeof sort !== 'string' || column === undefined) return [];
    const ascending = sort.endsWith('asc');
    if (sort.startsWith('value') && metric !== undefined) return [[metric, ascending]];
    return [[column, ascending]];
  };
  return buildQueryContext(
    formData,
    (base) => [
      {
        ...base,
        columns: [...(xAxis ? [xAxis] : []), ...(yColumn !== undefined ? [yColumn] : [])],
        orderby: [...sortItem(formData.sort_x_axis, xAxis), ...sortItem(formData.sort_y_axis, yColumn)],
      },
    ],
    options,
  );
}
