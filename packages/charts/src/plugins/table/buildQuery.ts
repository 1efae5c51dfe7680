import type {
  OrderByItem,
  PostProcessingStep,
  QueryContext,
  QueryFilter,
  QueryObject,
} from '@tessera/contracts';
import type { BuildQueryOptions, FormData } from '../../query/form-data';
import { applyTimeGrain, buildQueryContext, parseOrderBy } from '../../query/buildQueryContext';
import { getMetricLabel, parseColumns, parseMetric, parseMetrics, uniqueByLabel } from '../../query/labels';
import { asNumber, asOptionalString, isRecord } from '../../query/values';
import { isTimeComparison, steps, timeCompareOffsets, timeCompareOperator } from '../../query/operators';

export type TableQueryMode = 'aggregate' | 'raw';

/** Raw mode when the form says so, or (older charts without query_mode) when it has raw columns. */
export function tableQueryMode(formData: FormData): TableQueryMode {
  if (formData.query_mode === 'raw' || formData.query_mode === 'aggregate') return formData.query_mode;
  return parseColumns(formData.all_columns).length > 0 ? 'raw' : 'aggregate';
}

/** CSV/XLSX and JSON results downloads get every row up to row_limit, never one page. */
function isDownloadQuery(formData: FormData): boolean {
  const format = formData.result_format;
  return format === 'csv' || format === 'xlsx' || (format === 'json' && formData.result_type === 'results');
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
 * Table (Superset's table buildQuery): aggregate mode groups by `groupby` with `metrics` (+ `percent_metrics`
 * as a contribution step renamed `%metric`), ordered by the sort metric (descending unless order_desc is false: the
 * control's default, which charts saved without the field, such as Superset's example tables, rely on) or
 * else the first metric descending; raw mode selects `all_columns` ordered by `order_by_cols`. With server
 * pagination the page comes from ownState (never past row_limit), a prefix search adds an ILIKE filter, and
 * a second query (is_rowcount) counts the rows. `show_totals` adds a totals query without columns.
 */
export function buildTableQuery(formData: FormData, options: BuildQueryOptions = {}): QueryContext {
  const mode = tableQueryMode(formData);
  return buildQueryContext(
    formData,
    (base) => {
      const orderDesc = formData.order_desc !== false;
      const percentLabels = parseMetrics(formData.percent_metrics).map(getMetricLabel);
      const contribution: PostProcessingStep | undefined =
        mode === 'aggregate' && percentLabels.length > 0
          ? {
              operation: 'contribution',
              options: { columns: percentLabels, rename_columns: percentLabels.map((label) => `%${label}`) },
            }
          : undefined;
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
        const metrics = uniqueByLabel(
          [...parseMetrics(formData.metrics), ...parseMetrics(formData.percent_metrics)],
          getMetricLabel,
        );
        const sortMetric = parseMetric(formData.timeseries_limit_metric);
        const first = parseMetrics(formData.metrics)[0] ?? metrics[0];
        let orderby: OrderByItem[] = [];
        if (sortMetric !== undefined) orderby = [[sortMetric, !orderDesc]];
        else if (first !== undefined) orderby = [[first, false]];
        const grouped: QueryObject = {
          ...base,
          columns: applyTimeGrain(parseColumns(formData.groupby), formData, true),
          metrics,
          orderby,
        };
        // Time comparison: the metrics of the shifted time range joined on the dimensions, compared
        // (difference, percentage, ratio) or shown as they are ('values').
        const comparing = isTimeComparison(formData);
        queryObject = {
          ...grouped,
          ...(comparing ? { time_offsets: timeCompareOffsets(formData) } : {}),
          post_processing: steps(
            contribution,
            comparing ? timeCompareOperator(formData, grouped) : undefined,
          ),
        };
      }
      const download = isDownloadQuery(formData);
      const configuredRowLimit = Math.max(0, Math.trunc(asNumber(formData.row_limit, 0)));
      if (download) queryObject = { ...queryObject, row_offset: 0 };

      const extraQueries: QueryObject[] = [];
      if (mode === 'aggregate' && formData.show_totals === true && (queryObject.metrics ?? []).length > 0) {
        const { orderby: _orderby, order_desc: _orderDesc, ...rest } = queryObject;
        extraQueries.push({
          ...rest,
          columns: [],
          row_limit: 0,
          row_offset: 0,
          post_processing: queryObject.post_processing ?? [],
        });
      }
      if (formData.server_pagination !== true || download) return [queryObject, ...extraQueries];

      const state = readTableOwnState(formData, options.ownState);
      const lastPage =
        configuredRowLimit > 0
          ? Math.max(Math.ceil(configuredRowLimit / state.pageSize) - 1, 0)
          : state.currentPage;
      const currentPage = Math.min(state.currentPage, lastPage);
      const rowOffset = currentPage * state.pageSize;
      const rowLimit =
        configuredRowLimit > 0
          ? Math.min(state.pageSize, Math.max(configuredRowLimit - rowOffset, 0))
          : state.pageSize;
      const firstSort = state.sortBy?.[0];
      const searchFilters: QueryFilter[] =
        state.searchText && state.searchColumn
          ? [{ col: state.searchColumn, op: 'ILIKE', val: `${state.searchText}%` }]
          : [];
      const paged: QueryObject = {
        ...queryObject,
        filters: [...(queryObject.filters ?? []), ...searchFilters],
        row_limit: rowLimit,
        row_offset: rowOffset,
        ...(firstSort ? { orderby: [[firstSort.key, !firstSort.desc]] } : {}),
      };
      const rowCount: QueryObject = {
        ...paged,
        time_offsets: [],
        row_limit: configuredRowLimit,
        row_offset: 0,
        post_processing: [],
        is_rowcount: true,
      };
      return [paged, rowCount, ...extraQueries];
    },
    options,
  );
}
