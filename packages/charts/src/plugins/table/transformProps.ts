import type { ChartContextMenuEvent, ChartProps, DataMask } from '../../plugin-api';
import { getMetricLabel, parseMetrics } from '../../query/labels';
import { asBoolean, asNumber, asOptionalString, toNumber } from '../../query/values';
import { getNumberFormatter } from '../../format/numberFormat';
import { getTimeFormatter } from '../../format/timeFormat';
import { selectedLabels } from '../../echarts/crossFilter';
import {
  columnNamesOf,
  GENERIC_TYPE,
  columnTypeOf,
  isTemporalColumn,
  labelOf,
  resultAt,
  rowsOf,
} from '../common/queryResult';
import { readTableOwnState } from './buildQuery';
import { conditionalBackgrounds, parseConditionalFormatting } from './conditionalFormatting';

export interface TableColumn {
  key: string;
  label: string;
  kind: 'dimension' | 'metric' | 'percentMetric';
  numeric: boolean;
}

export interface TableCell {
  value: unknown;
  text: string;
  background?: string;
  /** Position of a numeric value between the column's min (0) and max (1), for cell bars. */
  bar?: { start: number; end: number; negative: boolean };
}

export interface TableChartProps {
  width: number;
  height: number;
  theme: 'light' | 'dark';
  columns: TableColumn[];
  rows: TableCell[][];
  /** Rows per page; 0 shows every row. */
  pageSize: number;
  serverPagination: boolean;
  /** All rows of the query (server pagination: from the row-count query). */
  rowCount: number;
  /** The summary row of `show_totals`, formatted per column. */
  totals?: string[];
  currentPage: number;
  includeSearch: boolean;
  searchText: string;
  onChangeOwnState?: (ownState: Record<string, unknown>) => void;
  /** Clicking a dimension cell toggles a cross filter on that column. */
  crossFilter?: { selected: Record<string, string[]>; setDataMask: (dataMask: DataMask) => void };
  /** Right-clicking a dimension cell opens the host's context menu with that value as a filter. */
  onContextMenu?: (event: ChartContextMenuEvent) => void;
}

export function transformTableProps(chartProps: ChartProps): TableChartProps {
  const { formData, width, height, theme, datasource } = chartProps;
  const result = resultAt(chartProps);
  const data = rowsOf(result);
  const metricLabels = new Set(parseMetrics(formData.metrics).map(getMetricLabel));
  const percentLabels = new Set(parseMetrics(formData.percent_metrics).map((m) => `%${getMetricLabel(m)}`));
  const numberFormatter = getNumberFormatter(
    asOptionalString(formData.table_number_format) ?? asOptionalString(formData.number_format),
  );
  const timeFormatter = getTimeFormatter(asOptionalString(formData.table_timestamp_format));
  const metricFormats = new Map(
    (datasource?.metrics ?? []).flatMap((m) => (m.d3format ? [[m.metric_name, m.d3format] as const] : [])),
  );
  const verbose = datasource?.verbose_map ?? {};
  const rules = parseConditionalFormatting(formData.conditional_formatting);
  const showCellBars = asBoolean(formData.show_cell_bars, true);

  const columns: TableColumn[] = columnNamesOf(result).map((key) => {
    const kind = percentLabels.has(key) ? 'percentMetric' : metricLabels.has(key) ? 'metric' : 'dimension';
    const type = columnTypeOf(result, key);
    const numeric =
      kind !== 'dimension' ||
      type === GENERIC_TYPE.NUMERIC ||
      (type === undefined && data.some((r) => typeof r[key] === 'number'));
    return { key, label: verbose[key] ?? key, kind, numeric };
  });

  const formatOf = (column: TableColumn) =>
    column.kind === 'percentMetric'
      ? getNumberFormatter('.3%')
      : column.kind === 'metric' && metricFormats.has(column.key)
        ? getNumberFormatter(metricFormats.get(column.key))
        : numberFormatter;
  const cellsByColumn = columns.map((column) => {
    const temporal = isTemporalColumn(result, column.key);
    const format = formatOf(column);
    const numbers = data.map((row) => (column.numeric ? toNumber(row[column.key]) : null));
    const backgrounds = conditionalBackgrounds(rules, column.key, numbers);
    const finite = numbers.filter((n): n is number => n !== null);
    const min = Math.min(0, ...finite);
    const max = Math.max(0, ...finite);
    const span = max - min;
    return data.map((row, index): TableCell => {
      const value = row[column.key];
      const number = numbers[index] ?? null;
      const text =
        value === null || value === undefined
          ? 'N/A'
          : number !== null && column.numeric
            ? format(number)
            : temporal
              ? timeFormatter(value)
              : labelOf(value);
      const background = backgrounds[index];
      const cell: TableCell = { value, text };
      if (background) cell.background = background;
      if (showCellBars && column.kind !== 'dimension' && number !== null && span > 0) {
        const zero = (0 - min) / span;
        const at = (number - min) / span;
        cell.bar = { start: Math.min(zero, at), end: Math.max(zero, at), negative: number < 0 };
      }
      return cell;
    });
  });
  const rows = data.map((_, rowIndex) =>
    cellsByColumn.map((cells) => cells[rowIndex] ?? { value: null, text: 'N/A' }),
  );

  const serverPagination = formData.server_pagination === true;
  // The totals query follows the page (and the row-count query with server pagination).
  const totalsRow =
    formData.show_totals === true ? chartProps.queriesData[serverPagination ? 2 : 1]?.data?.[0] : undefined;
  const totals = totalsRow
    ? columns.map((column, index) => {
        if (column.kind === 'dimension') return index === 0 ? 'Summary' : '';
        const number = toNumber(totalsRow[column.key]);
        return number === null ? '' : formatOf(column)(number);
      })
    : undefined;
  const ownState = readTableOwnState(formData, chartProps.ownState);
  const countRow = chartProps.queriesData[1]?.data?.[0];
  const rowCount = serverPagination
    ? (toNumber(countRow?.rowcount) ?? toNumber(countRow ? Object.values(countRow)[0] : null) ?? data.length)
    : data.length;
  const setDataMask = chartProps.hooks.setDataMask;
  const filterState = chartProps.filterState;
  const selectedByColumn: Record<string, string[]> = {};
  const filterValue = filterState?.value;
  if (filterValue && typeof filterValue === 'object' && !Array.isArray(filterValue)) {
    for (const [column, values] of Object.entries(filterValue)) {
      if (Array.isArray(values)) selectedByColumn[column] = values.map(labelOf);
    }
  } else if (selectedLabels(filterState).length > 0) {
    selectedByColumn._ = selectedLabels(filterState);
  }

  return {
    width,
    height,
    theme,
    columns,
    rows,
    pageSize: serverPagination
      ? ownState.pageSize
      : Math.max(0, Math.trunc(asNumber(formData.page_length, 0))),
    serverPagination,
    rowCount,
    ...(totals ? { totals } : {}),
    currentPage: serverPagination ? ownState.currentPage : 0,
    includeSearch: asBoolean(formData.include_search, false),
    searchText: ownState.searchText ?? '',
    ...(chartProps.hooks.onChangeOwnState ? { onChangeOwnState: chartProps.hooks.onChangeOwnState } : {}),
    ...(chartProps.hooks.onContextMenu ? { onContextMenu: chartProps.hooks.onContextMenu } : {}),
    ...(setDataMask && chartProps.emitCrossFilters === true
      ? { crossFilter: { selected: selectedByColumn, setDataMask } }
      : {}),
  };
}

/**
 * The table's cross filter: a map of column → selected values; clicking a selected value removes it,
 * an empty map clears the filter (Superset's table emits one IN filter per column).
 */
export function toggleTableFilter(
  selected: Record<string, string[]>,
  column: string,
  value: unknown,
): DataMask {
  const label = labelOf(value);
  const current = selected[column] ?? [];
  const nextValues = current.includes(label) ? current.filter((v) => v !== label) : [...current, label];
  const next: Record<string, string[]> = { ...selected, [column]: nextValues };
  delete next._;
  const entries = Object.entries(next).filter(([, values]) => values.length > 0);
  if (entries.length === 0) {
    return { extraFormData: { filters: [] }, filterState: { value: null, selectedValues: null } };
  }
  return {
    extraFormData: {
      filters: entries.map(([col, values]) =>
        values.includes('<NULL>') ? { col, op: 'IS NULL' as const } : { col, op: 'IN' as const, val: values },
      ),
    },
    filterState: {
      label: entries.map(([, values]) => values.join(', ')).join(', '),
      value: Object.fromEntries(entries),
      selectedValues: entries.flatMap(([, values]) => values),
    },
  };
}
