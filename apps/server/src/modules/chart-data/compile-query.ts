import { adhocMetricSchema, NO_TIME_RANGE, SERIES_OTHERS_LABEL } from '@tessera/contracts';
import type {
  AdhocColumn,
  AdhocMetric,
  Engine,
  ExploreDatasource,
  DatasourceColumn,
  QueryColumn,
  QueryFilter,
  QueryMetric,
  QueryObject,
} from '@tessera/contracts';
import { checkAdhocSql } from './adhoc-sql';
import { ChartDataError, pythonList } from './chart-data-error';
import { dialectFor, type SqlDialect, type SqlValue } from './dialect';
import {
  TimeRangeError,
  addUnits,
  parseTimeRange,
  type TimeRangeBounds as TimeBounds,
  type TimeUnit,
} from '@tessera/core';

/** The legacy time column label of `is_timeseries` queries. */
export const TIMESTAMP_LABEL = '__timestamp';

export interface CompileOptions {
  engine: Engine;
  rowLimit: number;
  sqlMaxRow: number;
  allowAdhocSubquery: boolean;
  now: Date;
  /** A virtual dataset's SELECT with its templates already rendered. */
  virtualSql?: string | null;
  /** The caller's row level security predicate, checked and parenthesised (row-level-security module). */
  rowLevelWhere?: string | null;
  /** Moves the time range back or forward (time_offsets). */
  shift?: { amount: number; unit: TimeUnit } | null;
}

export interface FilterStatus {
  column: string;
}
export interface RejectedFilter {
  column: string;
  reason: 'not_in_datasource' | 'no_temporal_column';
}

export interface CompiledQuery {
  sql: string;
  /** Group-by labels in select order (the x-axis first when there is one). */
  columnLabels: string[];
  metricLabels: string[];
  /** The label of the x-axis / legacy time column, when the query has one. */
  xAxisLabel: string | null;
  /** Labels whose values are timestamps (answered as epoch ms). */
  temporalLabels: string[];
  appliedFilters: FilterStatus[];
  rejectedFilters: RejectedFilter[];
  bounds: TimeBounds;
  rowLimit: number;
}

interface Selected {
  label: string;
  expression: string;
  temporal: boolean;
}

/** Compiles one query object to SQL for one engine. Pure: throws ChartDataError on bad input. */
export function compileQuery(
  query: QueryObject,
  datasource: ExploreDatasource,
  options: CompileOptions,
): CompiledQuery {
  return new QueryCompiler(query, datasource, options).compile();
}

const isAdhocColumn = (column: QueryColumn): column is AdhocColumn => typeof column !== 'string';

class QueryCompiler {
  private readonly dialect: SqlDialect;
  private readonly columnsByName: Map<string, DatasourceColumn>;
  private readonly missing: string[] = [];

  constructor(
    private readonly query: QueryObject,
    private readonly datasource: ExploreDatasource,
    private readonly options: CompileOptions,
  ) {
    this.dialect = dialectFor(options.engine);
    this.columnsByName = new Map(datasource.columns.map((column) => [column.column_name, column]));
  }

  private fragment(sql: string, what: string): string {
    return checkAdhocSql(sql, this.options.engine, what, {
      allowSubquery: this.options.allowAdhocSubquery,
    });
  }

  private physical(name: string): { expression: string; column: DatasourceColumn } | null {
    const column = this.columnsByName.get(name);
    if (!column) return null;
    const expression =
      column.expression !== null && column.expression.trim() !== ''
        ? `(${column.expression})`
        : this.dialect.quote(column.column_name);
    return { expression, column };
  }

  private columnExpression(name: string): { expression: string; temporal: boolean } {
    const found = this.physical(name);
    if (!found) {
      if (!this.missing.includes(name)) this.missing.push(name);
      return { expression: this.dialect.quote(name), temporal: false };
    }
    return { expression: found.expression, temporal: isTemporal(found.column) };
  }

  private grain(expression: string, grain: string | null | undefined): string {
    if (!grain) return expression;
    const bucketed = this.dialect.timeGrain(expression, grain);
    if (bucketed === null) throw ChartDataError.message(400, `No such time grain: ${grain}`);
    return bucketed;
  }

  private selectColumn(column: QueryColumn): Selected & { baseAxis: boolean } {
    if (!isAdhocColumn(column)) {
      const { expression, temporal } = this.columnExpression(column);
      return { label: column, expression, temporal, baseAxis: false };
    }
    const label = column.label ?? column.sqlExpression;
    const base = column.isColumnReference
      ? this.columnExpression(column.sqlExpression)
      : { expression: `(${this.fragment(column.sqlExpression, 'a custom column')})`, temporal: false };
    const grained = column.columnType === 'BASE_AXIS' && column.timeGrain;
    return {
      label,
      expression: grained ? this.grain(base.expression, column.timeGrain) : base.expression,
      temporal: base.temporal || Boolean(grained),
      baseAxis: column.columnType === 'BASE_AXIS',
    };
  }

  private metricLabel(metric: QueryMetric): string {
    if (typeof metric === 'string') return metric;
    if (metric.label) return metric.label;
    if (metric.expressionType === 'SQL') return metric.sqlExpression ?? '';
    return `${metric.aggregate ?? ''}(${metric.column?.column_name ?? ''})`;
  }

  private metricExpression(metric: QueryMetric): string {
    if (typeof metric === 'string') {
      const saved = this.datasource.metrics.find((candidate) => candidate.metric_name === metric);
      if (!saved) throw ChartDataError.message(400, `Metric '${metric}' does not exist`);
      return saved.expression;
    }
    return this.adhocMetricExpression(metric);
  }

  private adhocMetricExpression(metric: AdhocMetric): string {
    if (metric.expressionType === 'SQL') {
      if (!metric.sqlExpression)
        throw ChartDataError.message(400, 'A custom SQL metric needs an expression.');
      return this.fragment(metric.sqlExpression, 'a custom metric');
    }
    if (!metric.aggregate || !metric.column)
      throw ChartDataError.message(400, 'A simple metric needs an aggregate and a column.');
    const { expression } = this.columnExpression(metric.column.column_name);
    switch (metric.aggregate) {
      case 'COUNT_DISTINCT':
        return `COUNT(DISTINCT ${expression})`;
      default:
        return `${metric.aggregate}(${expression})`;
    }
  }

  private bounds(): TimeBounds {
    const bounds = this.parseRange(this.query.time_range);
    return this.shifted(bounds);
  }

  private parseRange(timeRange: string | null | undefined): TimeBounds {
    // No range needs no reference time (as parseTimeRange answers it): `now` stays unread, which tells
    // the compiled-query memo that the SQL does not depend on the time of the request.
    const text = (timeRange ?? '').trim();
    if (text === '' || text.toLowerCase() === NO_TIME_RANGE.toLowerCase())
      return { since: null, until: null };
    try {
      return parseTimeRange(timeRange, this.options.now, {
        relativeStart: this.query.extras?.relative_start,
        relativeEnd: this.query.extras?.relative_end,
      });
    } catch (error) {
      if (error instanceof TimeRangeError) throw ChartDataError.message(400, error.message);
      throw error;
    }
  }

  private shifted(bounds: TimeBounds): TimeBounds {
    const shift = this.options.shift;
    if (!shift) return bounds;
    return {
      since: bounds.since && addUnits(bounds.since, shift.amount, shift.unit),
      until: bounds.until && addUnits(bounds.until, shift.amount, shift.unit),
    };
  }

  private rangeCondition(expression: string, bounds: TimeBounds): string[] {
    const conditions: string[] = [];
    if (bounds.since) conditions.push(`${expression} >= ${this.dialect.timestamp(bounds.since)}`);
    if (bounds.until) conditions.push(`${expression} < ${this.dialect.timestamp(bounds.until)}`);
    return conditions;
  }

  private value(raw: SqlValue, temporal: boolean): string {
    if (temporal && typeof raw === 'number') return this.dialect.timestamp(new Date(raw));
    return this.dialect.literal(raw);
  }

  private filterCondition(filter: QueryFilter, expression: string, temporal: boolean): string | null {
    const d = this.dialect;
    const values = (
      Array.isArray(filter.val) ? filter.val : filter.val === undefined ? [] : [filter.val]
    ).map((value) => value);
    const single = (): SqlValue => {
      const [first] = values;
      if (first === undefined) throw ChartDataError.message(400, `Filter ${filter.op} needs a value.`);
      return first;
    };
    switch (filter.op) {
      case '==':
      case '!=': {
        const value = single();
        if (value === null) return `${expression} ${filter.op === '==' ? 'IS NULL' : 'IS NOT NULL'}`;
        return `${expression} ${filter.op === '==' ? '=' : '!='} ${this.value(value, temporal)}`;
      }
      case '<':
      case '<=':
      case '>':
      case '>=': {
        const value = single();
        if (value === null) throw ChartDataError.message(400, `Filter ${filter.op} needs a value.`);
        return `${expression} ${filter.op} ${this.value(value, temporal)}`;
      }
      case 'IN':
      case 'NOT IN': {
        const nonNull = values.filter((value) => value !== null);
        const hasNull = nonNull.length < values.length;
        const negate = filter.op === 'NOT IN';
        const list = nonNull.map((value) => this.value(value, temporal)).join(', ');
        const inList =
          nonNull.length > 0 ? `${expression} ${filter.op} (${list})` : negate ? '1 = 1' : '1 = 0';
        if (!hasNull) return inList;
        return negate ? `(${inList} AND ${expression} IS NOT NULL)` : `(${inList} OR ${expression} IS NULL)`;
      }
      case 'LIKE':
      case 'NOT LIKE':
      case 'ILIKE': {
        const value = single();
        if (typeof value !== 'string')
          throw ChartDataError.message(400, `Filter ${filter.op} needs a text value.`);
        if (filter.op === 'ILIKE') return d.ilike(expression, d.literal(value), false);
        return `${expression} ${filter.op} ${d.literal(value)}`;
      }
      case 'IS NULL':
      case 'IS NOT NULL':
      case 'IS TRUE':
      case 'IS FALSE':
        return `${expression} ${filter.op}`;
      case 'LATEST PARTITION':
        // Resolved to `==` the latest partition's value before compiling (latest-partition.ts).
        throw ChartDataError.message(400, 'The LATEST PARTITION filter was not resolved for this query.');
      case 'TEMPORAL_RANGE': {
        const value = single();
        if (typeof value !== 'string')
          throw ChartDataError.message(400, 'Filter TEMPORAL_RANGE needs a time range.');
        // Superset compares the column at the filter's grain, so a range keeps whole buckets.
        const grained = temporal && filter.grain ? this.grain(expression, filter.grain) : expression;
        const conditions = this.rangeCondition(grained, this.shifted(this.parseRange(value)));
        return conditions.length > 0 ? conditions.join(' AND ') : null;
      }
    }
  }

  compile(): CompiledQuery {
    const q = this.query;
    const d = this.dialect;
    const applied: FilterStatus[] = [];
    const rejected: RejectedFilter[] = [];

    const selected: (Selected & { baseAxis: boolean })[] = [];
    const granularity = q.granularity ?? q.granularity_sqla ?? null;
    const timeGrain = q.extras?.time_grain_sqla ?? null;
    if (q.is_timeseries && granularity) {
      const { expression } = this.columnExpression(granularity);
      selected.push({
        label: TIMESTAMP_LABEL,
        expression: this.grain(expression, timeGrain),
        temporal: true,
        baseAxis: true,
      });
    }
    for (const column of q.columns ?? q.groupby ?? []) {
      const picked = this.selectColumn(column);
      if (!selected.some((existing) => existing.label === picked.label)) selected.push(picked);
    }
    // The x-axis leads, as Superset orders the frame.
    selected.sort((a, b) => Number(b.baseAxis) - Number(a.baseAxis));

    const metrics = (q.metrics ?? []).map((metric) => ({
      label: this.metricLabel(metric),
      expression: this.metricExpression(metric),
    }));
    const uniqueMetrics = metrics.filter(
      (metric, index) => metrics.findIndex((other) => other.label === metric.label) === index,
    );
    if (selected.length === 0 && uniqueMetrics.length === 0)
      throw ChartDataError.message(400, 'Empty query?');

    // Row level security first, ANDed with everything the request adds (each of which is parenthesised).
    const where: string[] = this.options.rowLevelWhere ? [`(${this.options.rowLevelWhere})`] : [];
    const bounds = this.bounds();
    if (granularity) {
      const { expression } = this.columnExpression(granularity);
      where.push(...this.rangeCondition(expression, bounds));
    }
    for (const filter of q.filters ?? []) {
      const name =
        typeof filter.col === 'string' ? filter.col : (filter.col.label ?? filter.col.sqlExpression);
      let expression: string;
      let temporal: boolean;
      if (typeof filter.col === 'string') {
        const found = this.physical(filter.col);
        if (!found) {
          rejected.push({ column: name, reason: 'not_in_datasource' });
          continue;
        }
        expression = found.expression;
        temporal = isTemporal(found.column);
      } else {
        const picked = this.selectColumn(filter.col);
        expression = picked.expression;
        temporal = picked.temporal;
      }
      const condition = this.filterCondition(filter, expression, temporal);
      if (condition !== null) where.push(condition);
      applied.push({ column: name });
    }
    const extraWhere = q.extras?.where ?? q.where;
    if (extraWhere && extraWhere.trim() !== '') where.push(`(${this.fragment(extraWhere, 'WHERE')})`);
    const extraHaving = q.extras?.having ?? q.having;
    const having =
      extraHaving && extraHaving.trim() !== '' ? `(${this.fragment(extraHaving, 'HAVING')})` : null;

    if (q.applied_time_extras && '__time_range' in q.applied_time_extras) {
      const hasTemporal = Boolean(granularity) || this.datasource.columns.some((column) => column.is_dttm);
      if (hasTemporal) applied.push({ column: '__time_range' });
      else rejected.push({ column: '__time_range', reason: 'no_temporal_column' });
    }

    if (this.missing.length > 0)
      throw ChartDataError.message(400, `Columns missing in dataset: ${pythonList(this.missing)}`);

    const from = this.from();
    const grouped = uniqueMetrics.length > 0;
    // Before the SELECT list: grouping the other series as 'Others' rewrites the series columns.
    const seriesJoin = this.seriesLimitJoin(selected, uniqueMetrics, from, where);
    const selectList = [
      ...selected.map((column) => `${column.expression} AS ${d.quote(column.label)}`),
      ...uniqueMetrics.map((metric) => `${metric.expression} AS ${d.quote(metric.label)}`),
    ];
    const parts = [`SELECT ${selectList.join(', ')}`, `FROM ${from}`];

    if (seriesJoin) parts.push(seriesJoin);
    if (where.length > 0) parts.push(`WHERE ${where.join(' AND ')}`);
    if (grouped && selected.length > 0)
      parts.push(`GROUP BY ${selected.map((column) => column.expression).join(', ')}`);
    if (having) {
      if (!grouped) throw ChartDataError.message(400, 'HAVING needs at least one metric.');
      parts.push(`HAVING ${having}`);
    }
    const orderBy = this.orderBy(selected, uniqueMetrics);
    if (orderBy.length > 0) parts.push(`ORDER BY ${orderBy.join(', ')}`);
    const rowLimit = this.rowLimit();
    parts.push(d.limitOffset(rowLimit, q.row_offset ?? 0));

    // is_rowcount asks how many rows the query has, not the rows: one row `{rowcount: N}`.
    const sqlText = q.is_rowcount
      ? `SELECT COUNT(*) AS ${d.quote('rowcount')} FROM (\n${parts.slice(0, -1).join('\n')}\n) AS rowcount_qry`
      : parts.join('\n');
    return {
      sql: sqlText,
      columnLabels: q.is_rowcount ? [] : selected.map((column) => column.label),
      metricLabels: q.is_rowcount ? ['rowcount'] : uniqueMetrics.map((metric) => metric.label),
      xAxisLabel: q.is_rowcount ? null : (selected.find((column) => column.baseAxis)?.label ?? null),
      temporalLabels: q.is_rowcount
        ? []
        : selected.filter((column) => column.temporal).map((column) => column.label),
      appliedFilters: applied,
      rejectedFilters: rejected,
      bounds,
      rowLimit,
    };
  }

  private rowLimit(): number {
    const requested = this.query.row_limit;
    const limit =
      requested === null || requested === undefined || requested === 0 ? this.options.rowLimit : requested;
    return Math.min(limit, this.options.sqlMaxRow);
  }

  private from(): string {
    const d = this.dialect;
    if (this.options.virtualSql !== undefined && this.options.virtualSql !== null) {
      const inner = this.options.virtualSql.trim().replace(/;+\s*$/, '');
      return `(\n${inner}\n) AS virtual_table`;
    }
    const table = d.quote(this.datasource.table_name);
    return this.datasource.schema ? `${d.quote(this.datasource.schema)}.${table}` : table;
  }

  private orderBy(selected: Selected[], metrics: { label: string; expression: string }[]): string[] {
    const q = this.query;
    const items: string[] = [];
    for (const [item, ascending] of q.orderby ?? []) {
      const direction = ascending ? 'ASC' : 'DESC';
      if (typeof item === 'string') {
        const metric = metrics.find((candidate) => candidate.label === item);
        const column = selected.find((candidate) => candidate.label === item);
        if (metric) items.push(`${metric.expression} ${direction}`);
        else if (column) items.push(`${column.expression} ${direction}`);
        else if (this.datasource.metrics.some((candidate) => candidate.metric_name === item))
          items.push(`${this.metricExpression(item)} ${direction}`);
        else items.push(`${this.columnExpression(item).expression} ${direction}`);
      } else {
        const label = item.label ?? ('sqlExpression' in item ? (item.sqlExpression ?? '') : '');
        const metric = metrics.find((candidate) => candidate.label === label);
        const column = selected.find((candidate) => candidate.label === label);
        if (metric) items.push(`${metric.expression} ${direction}`);
        else if (column) items.push(`${column.expression} ${direction}`);
        else if (item.expressionType === 'SIMPLE')
          items.push(`${this.adhocMetricExpression(adhocMetricSchema.parse(item))} ${direction}`);
        else if (typeof item.sqlExpression === 'string')
          items.push(`(${this.fragment(item.sqlExpression, 'ORDER BY')}) ${direction}`);
      }
    }
    if (this.missing.length > 0)
      throw ChartDataError.message(400, `Columns missing in dataset: ${pythonList(this.missing)}`);
    return items;
  }

  /**
   * The series limit: an inner query ranks the series (under the same WHERE) and keeps the top
   * `series_limit`. Joined INNER, the other series' rows go; with `group_others_when_limit_reached`
   * it is joined LEFT and each series column of a row whose series is not among the top reads 'Others'
   * (as text, so numeric series columns can hold the label), so their rows add up in one series.
   * Rewrites the series entries of `selected` in place for that case.
   */
  private seriesLimitJoin(
    selected: (Selected & { baseAxis: boolean })[],
    metrics: { label: string; expression: string }[],
    from: string,
    where: string[],
  ): string | null {
    const q = this.query;
    const limit = q.series_limit ?? q.timeseries_limit ?? 0;
    if (limit <= 0 || metrics.length === 0) return null;
    const seriesNames = q.series_columns?.map((column) => this.selectColumn(column).label);
    const series = selected.filter((column) =>
      seriesNames ? seriesNames.includes(column.label) : !column.baseAxis,
    );
    if (series.length === 0) return null;
    const limitMetric = q.series_limit_metric ?? q.timeseries_limit_metric ?? null;
    const [firstMetric] = metrics;
    const ranking = limitMetric ? this.metricExpression(limitMetric) : (firstMetric?.expression ?? '');
    const d = this.dialect;
    const alias = (index: number) => d.quote(`__series_${index}`);
    const others = q.group_others_when_limit_reached === true;
    const matched = d.quote('__series_matched');
    const inner = [
      `SELECT ${series.map((column, index) => `${column.expression} AS ${alias(index)}`).join(', ')}${others ? `, 1 AS ${matched}` : ''}`,
      `FROM ${from}`,
      ...(where.length > 0 ? [`WHERE ${where.join(' AND ')}`] : []),
      `GROUP BY ${series.map((column) => column.expression).join(', ')}`,
      `ORDER BY ${ranking} ${q.order_desc === false ? 'ASC' : 'DESC'}`,
      `LIMIT ${limit}`,
    ].join('\n');
    const on = series
      .map((column, index) => `${column.expression} = series_limit.${alias(index)}`)
      .join(' AND ');
    if (!others) return `INNER JOIN (\n${inner}\n) AS series_limit ON ${on}`;
    for (const column of series) {
      column.expression = `CASE WHEN series_limit.${matched} IS NULL THEN ${d.literal(SERIES_OTHERS_LABEL)} ELSE ${d.asText(column.expression)} END`;
      column.temporal = false;
    }
    return `LEFT JOIN (\n${inner}\n) AS series_limit ON ${on}`;
  }
}

function isTemporal(column: DatasourceColumn): boolean {
  return column.is_dttm || column.type_generic === 2;
}
