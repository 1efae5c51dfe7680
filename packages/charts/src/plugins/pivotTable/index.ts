import * as shared from '../../controls/shared';
import { defineChartPlugin } from '../../registry';
import { checkbox, controlPanel } from '../common/simpleQuery';
import { AGGREGATE_FUNCTIONS } from './aggregators';

import { transformPivotTableProps } from './transformProps';

const order = (name: string, label: string) => ({
  name,
  type: 'SelectControl' as const,
  label,
  default: 'key_a_to_z',
  renderTrigger: true,
  choices: [
    { value: 'key_a_to_z', label: 'key a-z' },
    { value: 'key_z_to_a', label: 'key z-a' },
  ],
});

export const pivotTableChartPlugin = defineChartPlugin({
  vizType: 'pivot_table_v2',
  metadata: {
    name: 'Pivot Table',
    description: 'Used to summarize a set of data by grouping together multiple statistics along two axes.',
    category: 'Table',
    tags: ['Additive', 'Report', 'Tabular', 'Popular'],
    behaviors: ['DRILL_TO_DETAIL', 'DRILL_BY'],
  },
  controlPanel: controlPanel(
    [
      [{ ...shared.groupby, name: 'groupbyColumns', label: 'Columns' }],
      [{ ...shared.groupby, name: 'groupbyRows', label: 'Rows' }],
      [shared.timeGrain],
      [
        {
          name: 'metricsLayout',
          type: 'SelectControl',
          label: 'Apply metrics on',
          default: 'COLUMNS',
          renderTrigger: true,
          choices: [
            { value: 'COLUMNS', label: 'Columns' },
            { value: 'ROWS', label: 'Rows' },
          ],
        },
      ],
      [shared.metrics],
      [shared.adhocFilters],
      [{ ...shared.rowLimit, default: 10000 }],
      [shared.seriesLimit],
      [shared.seriesLimitMetric],
      [shared.orderDesc],
    ],
    [
      [
        {
          name: 'aggregateFunction',
          type: 'SelectControl',
          label: 'Aggregation function',
          default: 'Sum',
          renderTrigger: true,
          choices: AGGREGATE_FUNCTIONS.map((value) => ({ value, label: value })),
        },
      ],
      [checkbox('rowTotals', 'Show rows total', false), checkbox('colTotals', 'Show columns total', false)],
      [checkbox('transposePivot', 'Transpose pivot', false)],
      [{ ...shared.numberFormat, name: 'valueFormat', label: 'Value format' }],
      [{ ...shared.dateFormat }],
      [order('rowOrder', 'Rows sort by'), order('colOrder', 'Cols sort by')],
    ],
  ),
  transformProps: transformPivotTableProps,
  loadChart: () => import('./PivotTableChart'),
});
