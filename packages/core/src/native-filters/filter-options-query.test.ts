import { queryContextSchema } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { filterOptionsQueryContext } from './filter-options-query';

describe('filterOptionsQueryContext', () => {
  it('asks for the first 100 distinct values in ascending order', () => {
    const body = filterOptionsQueryContext({ datasetId: 7, column: 'name' });
    expect(queryContextSchema.safeParse(body).success).toBe(true);
    expect(body.form_data).toEqual({ viz_type: 'filter_select' });
    expect(body.queries[0]).toMatchObject({
      columns: ['name'],
      metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'count' }],
      filters: [],
      orderby: [['name', true]],
      row_limit: 100,
      row_offset: 0,
    });
  });

  it('pages, searches and narrows by parents, pre-filters and time range', () => {
    const body = filterOptionsQueryContext({
      datasetId: 7,
      column: 'name',
      page: 2,
      search: ' ann ',
      sortAscending: false,
      parentFilters: [{ col: 'gender', op: 'IN', val: ['girl'] }],
      adhocFilters: [
        { expressionType: 'SIMPLE', subject: 'num', operator: '>', comparator: 10 },
        { expressionType: 'SQL', sqlExpression: "state <> 'CA'" },
      ],
      timeRange: 'Last year',
      granularitySqla: 'ds',
    });
    expect(body.queries[0]).toMatchObject({
      filters: [
        { col: 'gender', op: 'IN', val: ['girl'] },
        { col: 'num', op: '>', val: 10 },
        { col: 'name', op: 'ILIKE', val: '%ann%' },
      ],
      orderby: [['name', false]],
      row_offset: 200,
      time_range: 'Last year',
      granularity: 'ds',
      extras: { where: "(state <> 'CA')" },
    });
  });

  it('sorts by the sort metric when one is set and ignores "No filter"', () => {
    const body = filterOptionsQueryContext({
      datasetId: 7,
      column: 'name',
      sortMetric: 'sum__num',
      timeRange: 'No filter',
    });
    expect(body.queries[0]?.metrics).toEqual(['sum__num']);
    expect(body.queries[0]?.orderby).toEqual([['sum__num', true]]);
    expect(body.queries[0]?.time_range).toBeUndefined();
  });
});
