import type { OrderByItem, QueryContext } from '@tessera/contracts';
import type { BuildQueryOptions, FormData } from '../../query/form-data';
import { buildQueryContext, getXAxisColumn } from '../../query/buildQueryContext';
import { parseColumns } from '../../query/labels';

/** Waterfall: the metric by x axis (and breakdown), ordered by those columns ascending. */
export function buildWaterfallQuery(formData: FormData, options?: BuildQueryOptions): QueryContext {
  return buildQueryContext(
    formData,
    (base) => {
      const xAxis = getXAxisColumn(formData);
      const columns = [...(xAxis ? [xAxis] : []), ...parseColumns(formData.groupby).slice(0, 1)];
      return [{ ...base, columns, orderby: columns.map((column): OrderByItem => [column, true]) }];
    },
    options,
  );
}
