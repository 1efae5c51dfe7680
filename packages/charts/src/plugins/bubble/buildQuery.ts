import type { QueryContext } from '@tessera/contracts';
import type { BuildQueryOptions, FormData } from '../../query/form-data';
import { buildQueryContext, parseOrderBy } from '../../query/buildQueryContext';
import { parseColumn, parseMetric } from '../../query/labels';

/** Bubble: x, y and size metrics per entity (and series), largest bubbles first. */
export function buildBubbleQuery(formData: FormData, options?: BuildQueryOptions): QueryContext {
  const entity = parseColumn(formData.entity);
  const series = parseColumn(formData.series);
  const size = parseMetric(formData.size);
  return buildQueryContext(
    formData,
    (base) => {
      const orderby = parseOrderBy(formData.orderby);
      return [
        {
          ...base,
          columns: [entity, series].filter((column) => column !== undefined),
          metrics: [parseMetric(formData.x), parseMetric(formData.y), size].filter(
            (metric) => metric !== undefined,
          ),
          orderby:
            orderby.length > 0 ? orderby : size !== undefined ? [[size, formData.order_desc === false]] : [],
        },
      ];
    },
    options,
  );
}
