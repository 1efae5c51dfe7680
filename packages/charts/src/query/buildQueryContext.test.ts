import { describe, expect, it } from 'vitest';
import {
  buildQueryContext,
  getXAxisColumn,
  normalizeOrderBy,
  parseDatasourceKey,
  processAdhocFilters,
} from './buildQueryContext';

describe('parseDatasourceKey', () => {
  it('splits {id}__{type} and makes numeric ids numbers', () => {
    expect(parseDatasourceKey('3__table')).toEqual({ id: 3, type: 'table' });
    expect(parseDatasourceKey('abc__query')).toEqual({ id: 'abc', type: 'query' });
  });
  it('rejects unknown datasource types', () => {
    expect(() => parseDatasourceKey('3__nonsense')).toThrow('Invalid datasource key');
  });
});

describe('processAdhocFilters', () => {
  it('turns SIMPLE filters into {col, op, val} and SQL filters into where/having', () => {
    const result = processAdhocFilters([
      {
        expressionType: 'SIMPLE',
        clause: 'WHERE',
        subject: 'state',
        operator: 'IN',
        comparator: ['CA', 'NY'],
      },
      {
        expressionType: 'SIMPLE',
        clause: 'WHERE',
        subject: 'name',
        operator: 'IS NOT NULL',
        comparator: 'x',
      },
      { expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'num > 10' },
      { expressionType: 'SQL', clause: 'WHERE', sqlExpression: "gender = 'boy' -- boys" },
      { expressionType: 'SQL', clause: 'HAVING', sqlExpression: 'SUM(num) > 5' },
    ]);
    expect(result.filters).toEqual([
      { col: 'state', op: 'IN', val: ['CA', 'NY'] },
      { col: 'name', op: 'IS NOT NULL' },
    ]);
    expect(result.where).toBe("(num > 10) AND (gender = 'boy' -- boys\n)");
    expect(result.having).toBe('(SUM(num) > 5)');
  });
  it('skips filters with unknown operators', () => {
    expect(
      processAdhocFilters([{ expressionType: 'SIMPLE', subject: 'a', operator: 'NEAR', comparator: 1 }]),
    ).toEqual({
      filters: [],
    });
  });
});

describe('buildQueryContext', () => {
  const formData = {
    datasource: '7__table',
    viz_type: 'table',
    metrics: ['count', { expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'num' } }],
    metric: 'count',
    groupby: ['gender'],
    columns: ['state', 'gender'],
    adhoc_filters: [
      { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'state', operator: '==', comparator: 'CA' },
    ],
    time_range: 'Last year',
    row_limit: '500',
    series_limit: 10,
    series_limit_metric: 'count',
    order_desc: false,
    time_grain_sqla: 'P1M',
    granularity_sqla: 'ds',
  };

  it('builds a query context with the base query object of the form data', () => {
    const context = buildQueryContext(formData);
    expect(context.datasource).toEqual({ id: 7, type: 'table' });
    expect(context.result_format).toBe('json');
    expect(context.result_type).toBe('full');
    expect(context.force).toBe(false);
    expect(context.form_data).toBe(formData);
    const [query] = context.queries;
    expect(query).toMatchObject({
      time_range: 'Last year',
      granularity: 'ds',
      columns: ['state', 'gender'],
      metrics: ['count', { expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'num' } }],
      row_limit: 500,
      series_limit: 10,
      series_limit_metric: 'count',
      order_desc: false,
      filters: [{ col: 'state', op: '==', val: 'CA' }],
      extras: { time_grain_sqla: 'P1M' },
    });
  });

  it('appends dashboard filters marked isExtra and passes the builder the base object', () => {
    const context = buildQueryContext(
      { ...formData, time_range: undefined },
      (base) => [base, { ...base, is_rowcount: true }],
      { extraFilters: [{ col: 'gender', op: 'IN', val: ['boy'] }] },
    );
    expect(context.queries).toHaveLength(2);
    expect(context.queries[0]?.time_range).toBe('No filter');
    expect(context.queries[0]?.filters).toContainEqual({
      col: 'gender',
      op: 'IN',
      val: ['boy'],
      isExtra: true,
    });
  });

  it('makes the x axis a BASE_AXIS adhoc column with the time grain', () => {
    expect(getXAxisColumn({ ...formData, x_axis: 'ds' })).toEqual({
      sqlExpression: 'ds',
      label: 'ds',
      expressionType: 'SQL',
      columnType: 'BASE_AXIS',
      timeGrain: 'P1M',
    });
    expect(getXAxisColumn({ ...formData })).toBeUndefined();
  });

  it('orders by the series-limit metric, else the first metric', () => {
    const [query] = buildQueryContext(formData).queries;
    expect(query && normalizeOrderBy(query)).toEqual([['count', true]]);
    const [other] = buildQueryContext({
      ...formData,
      series_limit_metric: undefined,
      order_desc: true,
    }).queries;
    expect(other && normalizeOrderBy(other)).toEqual([['count', false]]);
  });
});
