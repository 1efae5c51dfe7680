import type { ChartProps } from '../../plugin-api';
import { getColumnLabel, getMetricLabel, parseColumns, parseMetrics } from '../../query/labels';
import { asBoolean, asOptionalString, toNumber } from '../../query/values';
import { getNumberFormatter } from '../../format/numberFormat';
import { getTimeFormatter } from '../../format/timeFormat';
import { isTemporalColumn, labelOf, resultAt, rowsOf, type DataRow } from '../common/queryResult';
import { aggregate, AGGREGATE_FUNCTIONS, fractionOf, type AggregateFunction } from './aggregators';

export interface PivotTableProps {
  width: number;
  height: number;
  theme: 'light' | 'dark';
  /** Names of the row dimensions (the row header columns). */
  rowHeaders: string[];
  /** One entry per data column: its labels from the outermost level down. */
  columnHeaders: string[][];
  /** Levels of the column header (dimension names, then 'Metric' when metrics are on columns). */
  columnLevels: string[];
  rows: { header: string[]; cells: string[]; isTotal: boolean }[];
}

type Key = string[];
const keyOf = (key: Key) => JSON.stringify(key);

function compareKeys(a: Key, b: Key, descending: boolean): number {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const x = a[i] ?? '';
    const y = b[i] ?? '';
    if (x !== y) {
      const nx = Number(x);
      const ny = Number(y);
      const order = Number.isFinite(nx) && Number.isFinite(ny) ? nx - ny : x.localeCompare(y);
      return descending ? -order : order;
    }
  }
  return 0;
}

/**
 * Pivots grouped rows client-side: row keys × column keys × metrics, aggregated with `aggregateFunction`,
 * with optional row and column totals; metrics sit on columns or rows per `metricsLayout`, and
 * `transposePivot` swaps the row and column dimensions.
 */
export function transformPivotTableProps(chartProps: ChartProps): PivotTableProps {
  const { formData, width, height, theme } = chartProps;
  const result = resultAt(chartProps);
  const data = rowsOf(result);
  const transpose = formData.transposePivot === true;
  const rowDims = parseColumns(transpose ? formData.groupbyColumns : formData.groupbyRows).map(
    getColumnLabel,
  );
  const colDims = parseColumns(transpose ? formData.groupbyRows : formData.groupbyColumns).map(
    getColumnLabel,
  );
  const metrics = parseMetrics(formData.metrics).map(getMetricLabel);
  const metricsOnRows = formData.metricsLayout === 'ROWS';
  const fn: AggregateFunction =
    AGGREGATE_FUNCTIONS.find((name) => name === formData.aggregateFunction) ?? 'Sum';
  const fraction = fractionOf(fn);
  const formatter = getNumberFormatter(fraction ? '.1%' : asOptionalString(formData.valueFormat));
  const timeFormatter = getTimeFormatter(asOptionalString(formData.date_format));
  const temporal = new Set([...rowDims, ...colDims].filter((dim) => isTemporalColumn(result, dim)));
  const text = (row: DataRow, dim: string) =>
    temporal.has(dim) ? timeFormatter(row[dim]) : labelOf(row[dim]);
  const rowKeyOf = (row: DataRow): Key => rowDims.map((dim) => text(row, dim));
  const colKeyOf = (row: DataRow): Key => colDims.map((dim) => text(row, dim));

  const uniqueKeys = (keys: Key[], order: unknown) => {
    const unique = [...new Map(keys.map((key) => [keyOf(key), key])).values()];
    return unique.sort((a, b) => compareKeys(a, b, order === 'key_z_to_a'));
  };
  const rowKeys = uniqueKeys(data.map(rowKeyOf), formData.rowOrder);
  const colKeys = uniqueKeys(data.map(colKeyOf), formData.colOrder);

  // Rows grouped once by cell, by row and by column, so each cell reads its rows without a scan.
  const byCell = new Map<string, DataRow[]>();
  const byRow = new Map<string, DataRow[]>();
  const byColumn = new Map<string, DataRow[]>();
  const push = (map: Map<string, DataRow[]>, key: string, row: DataRow) => {
    const list = map.get(key);
    if (list) list.push(row);
    else map.set(key, [row]);
  };
  for (const row of data) {
    const rowKey = keyOf(rowKeyOf(row));
    const colKey = keyOf(colKeyOf(row));
    push(byCell, `${rowKey}|${colKey}`, row);
    push(byRow, rowKey, row);
    push(byColumn, colKey, row);
  }
  const rowsFor = (rowKey: Key | null, colKey: Key | null): DataRow[] => {
    if (rowKey !== null && colKey !== null) return byCell.get(`${keyOf(rowKey)}|${keyOf(colKey)}`) ?? [];
    if (rowKey !== null) return byRow.get(keyOf(rowKey)) ?? [];
    if (colKey !== null) return byColumn.get(keyOf(colKey)) ?? [];
    return data;
  };
  const cellValues = (metric: string, rowKey: Key | null, colKey: Key | null) => {
    const matching = rowsFor(rowKey, colKey);
    const values = matching.map((row) => row[metric]);
    const numbers = values.map(toNumber).filter((n): n is number => n !== null);
    return aggregate(fn, values, numbers);
  };
  const value = (metric: string, rowKey: Key | null, colKey: Key | null): string => {
    const raw = cellValues(metric, rowKey, colKey);
    if (typeof raw === 'string') return raw;
    if (raw === null) return '';
    if (fraction) {
      const denominatorRow = fraction === 'rows' ? rowKey : null;
      const denominatorCol = fraction === 'columns' ? colKey : null;
      const denominator = toNumber(cellValues(metric, denominatorRow, denominatorCol));
      return denominator ? formatter(raw / denominator) : '';
    }
    return formatter(raw);
  };

  const rowTotals = asBoolean(formData.rowTotals, false);
  const colTotals = asBoolean(formData.colTotals, false);
  const columnSpecs: { colKey: Key | null; metric: string }[] = [];
  const columnHeaders: string[][] = [];
  const colKeyList: (Key | null)[] = [...colKeys, ...(rowTotals && colDims.length > 0 ? [null] : [])];
  if (metricsOnRows) {
    for (const colKey of colKeyList) {
      columnSpecs.push({ colKey, metric: '' });
      columnHeaders.push(colKey ?? ['Total']);
    }
  } else {
    for (const colKey of colKeyList) {
      for (const metric of metrics) {
        columnSpecs.push({ colKey, metric });
        columnHeaders.push([...(colKey ?? (colDims.length > 0 ? ['Total'] : [])), metric]);
      }
    }
  }

  const rowKeyList: (Key | null)[] = [...rowKeys, ...(colTotals && rowDims.length > 0 ? [null] : [])];
  const rows: PivotTableProps['rows'] = [];
  for (const rowKey of rowKeyList) {
    const isTotal = rowKey === null;
    const header = rowKey ?? ['Total'];
    if (metricsOnRows) {
      for (const metric of metrics) {
        rows.push({
          header: [...header, metric],
          cells: columnSpecs.map((spec) => value(metric, rowKey, spec.colKey)),
          isTotal,
        });
      }
    } else {
      rows.push({
        header,
        cells: columnSpecs.map((spec) => value(spec.metric, rowKey, spec.colKey)),
        isTotal,
      });
    }
  }
  return {
    width,
    height,
    theme,
    rowHeaders: [...rowDims, ...(metricsOnRows ? ['Metric'] : [])],
    columnHeaders,
    columnLevels: [...colDims, ...(metricsOnRows ? [] : ['Metric'])],
    rows,
  };
}
