/**
 * The query context both chart-data benches post: SUM(amount) by region and year over `bench.chart_rows`,
 * shaped as Superset's buildQueryContext would send it.
 */
export function yearlyRegionTotals(datasetId: number) {
  return {
    datasource: { id: datasetId, type: 'table' },
    queries: [
      {
        columns: [
          {
            sqlExpression: 'ts',
            label: 'ts',
            columnType: 'BASE_AXIS',
            timeGrain: 'P1Y',
            isColumnReference: true,
          },
          'region',
        ],
        metrics: [
          { expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'amount' }, label: 'total' },
        ],
        orderby: [
          ['ts', true],
          ['region', true],
        ],
        row_limit: 10_000,
      },
    ],
  };
}
