import type { OrderByItem, QueryContext, QueryFilter, QueryObject } from '@tessera/contracts';
import type { BuildQueryOptions, FormData } from '../../plugin-api';
import { buildQueryContext, parseOrderBy } from '../../query/buildQueryContext';
import { getMetricLabel, parseColumns, parseMetric, parseMetrics, uniqueByLabel } from '../../query/labels';
import { asNumber, asOptionalString, isRecord } from '../../query/values';

export type TableQueryMode = 'aggregate' | 'raw';

/** Raw mode when the form says so, or (older charts) when it has columns but no metrics or groupby. */
export function tableQueryMode(formData: FormData): TableQueryMode {
  if (formData.query_mode === 'raw' || formData.query_mode === 'aggregate') return formData.query_mode;
  const hasRawColumns = parseColumns(formData.all_columns).length > 0;
  const hasAggregates =
    parseMetrics(formData.metrics).length > 0 || parseColumns(formData.groupby).length > 0;
  return hasRawColumns && !hasAggregates ? 'raw' : 'aggregate';
}

/** Server pagination state the table keeps in its ownState. */
export interface TableOwnState {
  currentPage: number;
  pageSize: number;
  searchText?: string;
  searchColumn?: string;
  sortBy?: { key: string; desc: boolean }[];
}

export function readTableOwnState(
  formData: FormData,
  ownState: Record<string, unknown> | undefined,
): TableOwnState {
  const pageSize = Math.max(
    1,
    Math.trunc(asNumber(ownState?.pageSize, asNumber(formData.server_page_length, 10))),
  );
  const sortBy = Array.isArray(ownState?.sortBy)
    ? ownState.sortBy.flatMap((item: unknown) =>
        isRecord(item) && typeof item.key === 'string' ? [{ key: item.key, desc: item.desc === true }] : [],
      )
    : undefined;
  const searchText = asOptionalString(ownState?.searchText);
  const searchColumn = asOptionalString(ownState?.searchColumn);
  return {
    currentPage: Math.max(0, Math.trunc(asNumber(ownState?.currentPage, 0))),
    pageSize,
    ...(searchText !== undefined ? { searchText } : {}),
    ...(searchColumn !== undefined ? { searchColumn } : {}),
    ...(sortBy ? { sortBy } : {}),
  };
}

/**
 * Table: aggregate mode groups by `groupby` with `metrics` (+ `percent_metrics` as a contribution step
 * renamed `%metric`); raw mode selects `all_columns` ordered by `order_by_cols`. With server pagination
 * the page comes from ownState and a second query (is_rowcount) counts all rows.
 */
export function buildTableQuery(formData: FormData, options: BuildQueryOptions = {}): QueryContext {
  const mode = tableQueryMode(formData);
  return buildQueryContext(
    formData,
    (base) => {
      const orderDesc = formData.order_desc !== false;
      let queryObject: QueryObject;
      if (mode === 'raw') {
        queryObject = {
          ...base,
          columns: parseColumns(formData.all_columns),
          metrics: [],
          orderby: parseOrderBy(formData.order_by_cols),
          post_processing: [],
        };
      } else {
        const metrics = parseMetrics(formData.metrics);
        const percentMetrics = parseMetrics(formData.percent_metrics);
        const sortMetric = parseMetric(formData.timeseries_limit_metric);
        let orderby: OrderByItem[] = [];
        if (sortMetric !== undefined) orderby = [[sortMetric, !orderDesc]];
        else if (metrics[0] !== undefined) orderby = [[metrics[0], !orderDesc]];
        const percentLabels = percentMetrics.map(getMetricLabel);
        queryObject = {
          ...base,
          columns: parseColumns(formData.groupby),
          metrics: uniqueByLabel([...metrics, ...percentMetrics], getMetricLabel),
          orderby,
          post_processing:
            percentLabels.length > 0
              ? [
                  {
                    operation: 'contribution',
                    options: {
                      columns: percentLabels,
                      rename_columns: percentLabels.map((label) => `%${label}`),
                    },
                  },
                ]
              : [],
        };
      }
      if (formData.server_pagination !== true) return [queryObject];

      const state = readTableOwnState(formData, options.ownState);
      const searchFilters: QueryFilter[] =
        state.searchText && state.searchColumn
          ? [{ col: state.searchColumn, op: 'ILIKE', val: `%${state.searchText}%` }]
          : [];
      const paged: QueryObject = {
        ...queryObject,
        filters: [...(queryObject.filters ?? []), ...searchFilters],
        row_limit: state.pageSize,
        row_offset: state.currentPage * state.pageSize,
        ...(state.sortBy && state.sortBy.length > 0
          ? { orderby: state.sortBy.map((sort): OrderByItem => [sort.key, !sort.desc]) }
          : {}),
      };
      const rowCount: QueryObject = {
        ...paged,
        is_rowcount: true,
        row_limit: 0,
        row_offset: 0,
        orderby: [],
        post_processing: [],
      };
      return [paged, rowCount];
    },
    options,
  );
}
