import { describe, expect, it } from 'vitest';
import { chartPropsFor } from '../common/testing';
import type { TableChartProps } from './transformProps';
import { toggleTableFilter } from './transformProps';
import { conditionalBackgrounds } from './conditionalFormatting';
import { tableChartPlugin } from '.';

const formData = {
  datasource: '1__table',
  viz_type: 'table',
  query_mode: 'aggregate',
  groupby: ['state'],
  metrics: ['count'],
  percent_metrics: ['count'],
  row_limit: 1000,
};

describe('table buildQuery', () => {
  it('groups, orders by the first metric and adds percent metrics as a contribution step', () => {
    const [query, second] = tableChartPlugin.buildQuery(formData).queries;
    expect(second).toBeUndefined();
    expect(query).toMatchObject({
      columns: ['state'],
      metrics: ['count'],
      orderby: [['count', false]],
      row_limit: 1000,
      post_processing: [
        { operation: 'contribution', options: { columns: ['count'], rename_columns: ['%count'] } },
      ],
    });
  });

  it('compares with a shifted period in aggregate mode: values as they are, or compared', () => {
    const comparing = { ...formData, percent_metrics: [], time_compare: ['1 year ago'] };
    const [values] = tableChartPlugin.buildQuery({ ...comparing, comparison_type: 'values' }).queries;
    expect(values?.time_offsets).toEqual(['1 year ago']);
    expect(values?.post_processing).toEqual([]);
    const [percentage] = tableChartPlugin.buildQuery({ ...comparing, comparison_type: 'percentage' }).queries;
    expect(percentage?.post_processing).toEqual([
      {
        operation: 'compare',
        options: {
          source_columns: ['count'],
          compare_columns: ['count__1 year ago'],
          compare_type: 'percentage',
          drop_original_columns: true,
        },
      },
    ]);
    // The row count of a paged table counts rows, not periods; raw mode compares nothing.
    const [, rowCount] = tableChartPlugin.buildQuery({
      ...comparing,
      comparison_type: 'ratio',
      server_pagination: true,
    }).queries;
    expect(rowCount?.time_offsets).toEqual([]);
    const [raw] = tableChartPlugin.buildQuery({
      ...comparing,
      query_mode: 'raw',
      all_columns: ['state'],
      comparison_type: 'ratio',
    }).queries;
    expect(raw?.time_offsets ?? []).toEqual([]);
    const controls = tableChartPlugin.controlPanel.sections.flatMap((section) =>
      section.controlSetRows.flat(),
    );
    const compareControl = controls.find((control) => control.name === 'time_compare');
    expect(compareControl?.visibility?.({ ...formData, query_mode: 'raw' })).toBe(false);
    expect(compareControl?.visibility?.({ ...formData, query_mode: 'aggregate' })).toBe(true);
  });

  it('never pages past row_limit, sorts by ownState and adds a totals query', () => {
    const [page, , totals] = tableChartPlugin.buildQuery(
      { ...formData, row_limit: 120, server_pagination: true, show_totals: true },
      { ownState: { currentPage: 5, pageSize: 50, sortBy: [{ key: 'state', desc: true }] } },
    ).queries;
    expect(page).toMatchObject({ row_limit: 20, row_offset: 100, orderby: [['state', false]] });
    expect(totals).toMatchObject({
      columns: [],
      row_limit: 0,
      post_processing: [{ operation: 'contribution' }],
    });
    expect(totals?.orderby).toBeUndefined();
    const download = tableChartPlugin.buildQuery({
      ...formData,
      server_pagination: true,
      result_format: 'csv',
    }).queries;
    expect(download).toHaveLength(1);
    expect(download[0]).toMatchObject({ row_limit: 1000, row_offset: 0 });
  });

  it('buckets the first temporal dimension by the time grain', () => {
    const [query] = tableChartPlugin.buildQuery({
      ...formData,
      groupby: ['state', 'ds', 'other_ds'],
      time_grain_sqla: 'P1M',
      temporal_columns_lookup: { ds: true, other_ds: true },
    }).queries;
    expect(query?.columns).toEqual([
      { timeGrain: 'P1M', columnType: 'BASE_AXIS', sqlExpression: 'ds', label: 'ds', expressionType: 'SQL' },
      'state',
      'other_ds',
    ]);
  });

  it('sorts by the sort metric descending unless order_desc is false (the control default)', () => {
    const query = (extra: object) =>
      tableChartPlugin.buildQuery({ ...formData, timeseries_limit_metric: 'sum__num', ...extra }).queries[0];
    expect(query({})?.orderby).toEqual([['sum__num', false]]);
    expect(query({ order_desc: true })?.orderby).toEqual([['sum__num', false]]);
    expect(query({ order_desc: false })?.orderby).toEqual([['sum__num', true]]);
  });

  it('selects raw columns ordered by order_by_cols in raw mode', () => {
    const [query] = tableChartPlugin.buildQuery({
      ...formData,
      query_mode: 'raw',
      all_columns: ['name', 'num'],
      order_by_cols: ['["num", false]'],
    }).queries;
    expect(query).toMatchObject({
      columns: ['name', 'num'],
      metrics: [],
      orderby: [['num', false]],
      post_processing: [],
    });
  });

  it('pages from ownState, searches and adds a row-count query with server pagination', () => {
    const [page, count] = tableChartPlugin.buildQuery(
      { ...formData, server_pagination: true, server_page_length: 20 },
      { ownState: { currentPage: 2, pageSize: 50, searchText: 'Cal', searchColumn: 'state' } },
    ).queries;
    expect(page).toMatchObject({
      row_limit: 50,
      row_offset: 100,
      filters: [{ col: 'state', op: 'ILIKE', val: 'Cal%' }],
    });
    expect(count).toMatchObject({
      is_rowcount: true,
      row_limit: 1000,
      row_offset: 0,
      post_processing: [],
      time_offsets: [],
    });
    const [first] = tableChartPlugin.buildQuery({
      ...formData,
      server_pagination: true,
      server_page_length: 20,
    }).queries;
    expect(first).toMatchObject({ row_limit: 20, row_offset: 0 });
  });
});

describe('table transformProps', () => {
  const queriesData = [
    {
      colnames: ['state', 'count', '%count'],
      coltypes: [1, 0, 0],
      data: [
        { state: 'CA', count: 3000, '%count': 0.75 },
        { state: 'NY', count: 1000, '%count': 0.25 },
      ],
    },
    { data: [{ rowcount: 57 }] },
  ];

  it('formats cells and classifies columns', () => {
    const props = tableChartPlugin.transformProps(chartPropsFor(formData, queriesData)) as TableChartProps;
    expect(props.columns.map((c) => [c.key, c.kind, c.numeric])).toEqual([
      ['state', 'dimension', false],
      ['count', 'metric', true],
      ['%count', 'percentMetric', true],
    ]);
    expect(props.rows[0]?.map((cell) => cell.text)).toEqual(['CA', '3k', '75.000%']);
    expect(props.rows[0]?.[1]?.bar).toEqual({ start: 0, end: 1, negative: false });
    expect(props.rowCount).toBe(2);
  });

  it('reads the total from the row-count query with server pagination', () => {
    const props = tableChartPlugin.transformProps(
      chartPropsFor({ ...formData, server_pagination: true }, queriesData, {
        ownState: { currentPage: 1, pageSize: 2 },
      }),
    ) as TableChartProps;
    expect(props).toMatchObject({ serverPagination: true, rowCount: 57, currentPage: 1, pageSize: 2 });
  });

  it('formats the summary row of the totals query', () => {
    const props = tableChartPlugin.transformProps(
      chartPropsFor({ ...formData, show_totals: true }, [
        queriesData[0] ?? {},
        { data: [{ count: 4000, '%count': 1 }] },
      ]),
    ) as TableChartProps;
    expect(props.totals).toEqual(['Summary', '4k', '100.000%']);
  });

  it('colours cells matching conditional formatting rules', () => {
    const props = tableChartPlugin.transformProps(
      chartPropsFor(
        {
          ...formData,
          conditional_formatting: [
            { column: 'count', operator: '>', targetValue: 2000, colorScheme: '#FF0000' },
          ],
        },
        queriesData,
      ),
    ) as TableChartProps;
    expect(props.rows[0]?.[1]?.background).toBe('rgba(255, 0, 0, 1)');
    expect(props.rows[1]?.[1]?.background).toBeUndefined();
    expect(
      conditionalBackgrounds(
        [{ column: 'x', operator: '≤ x ≤', targetValueLeft: 1, targetValueRight: 3, colorScheme: '#000000' }],
        'x',
        [0, 1, 3],
      ),
    ).toEqual([undefined, 'rgba(0, 0, 0, 0.05)', 'rgba(0, 0, 0, 1)']);
  });

  it('toggles a per-column cross filter', () => {
    const first = toggleTableFilter({}, 'state', 'CA');
    expect(first.extraFormData).toEqual({ filters: [{ col: 'state', op: 'IN', val: ['CA'] }] });
    expect(toggleTableFilter({ state: ['CA'] }, 'state', 'CA')).toEqual({
      extraFormData: { filters: [] },
      filterState: { value: null, selectedValues: null },
    });
  });
});
