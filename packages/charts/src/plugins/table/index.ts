import type { ControlDeclaration } from '../../plugin-api';
import * as shared from '../../controls/shared';
import { defineChartPlugin } from '../../registry';
import { tableQueryMode } from './buildQuery';
import { transformTableProps } from './transformProps';

const aggregate = (declaration: ControlDeclaration): ControlDeclaration => ({
  ...declaration,
  visibility: (formData) => tableQueryMode(formData) === 'aggregate',
});
const raw = (declaration: ControlDeclaration): ControlDeclaration => ({
  ...declaration,
  visibility: (formData) => tableQueryMode(formData) === 'raw',
});

export const tableChartPlugin = defineChartPlugin({
  vizType: 'table',
  metadata: {
    name: 'Table',
    description: 'Classic row-by-column spreadsheet like view of a dataset.',
    category: 'Table',
    tags: ['Popular', 'Report', 'Tabular'],
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
  },
  controlPanel: {
    sections: [
      shared.querySection([
        [
          {
            name: 'query_mode',
            type: 'SelectControl',
            label: 'Query mode',
            default: 'aggregate',
            choices: [
              { value: 'aggregate', label: 'Aggregate' },
              { value: 'raw', label: 'Raw records' },
            ],
          },
        ],
        [aggregate(shared.groupby)],
        [aggregate({ ...shared.metrics, validators: [] })],
        [
          aggregate({
            ...shared.metrics,
            name: 'percent_metrics',
            label: 'Percentage metrics',
            validators: [],
          }),
        ],
        [raw({ ...shared.columns, name: 'all_columns', label: 'Columns' })],
        [raw({ name: 'order_by_cols', type: 'SelectControl', label: 'Ordering', multi: true, default: [] })],
        [shared.adhocFilters],
        [{ ...shared.rowLimit, default: 10000 }],
        [aggregate({ ...shared.seriesLimitMetric, name: 'timeseries_limit_metric', label: 'Sort by' })],
        [aggregate({ ...shared.orderDesc })],
        [aggregate({ name: 'show_totals', type: 'CheckboxControl', label: 'Show summary', default: false })],
        [aggregate(shared.timeCompare), aggregate(shared.comparisonType)],
        [{ name: 'server_pagination', type: 'CheckboxControl', label: 'Server pagination', default: false }],
        [
          {
            name: 'server_page_length',
            type: 'SelectControl',
            label: 'Server Page Length',
            default: 10,
            choices: [10, 20, 50, 100, 200].map((value) => ({ value, label: String(value) })),
            visibility: (formData) => formData.server_pagination === true,
          },
        ],
      ]),
      {
        label: 'Options',
        expanded: true,
        controlSetRows: [
          [{ ...shared.dateFormat, name: 'table_timestamp_format', label: 'Timestamp format' }],
          [
            {
              name: 'page_length',
              type: 'SelectControl',
              label: 'Page length',
              default: 0,
              renderTrigger: true,
              choices: [0, 10, 20, 50, 100, 200].map((value) => ({
                value,
                label: value === 0 ? 'All' : String(value),
              })),
              visibility: (formData) => formData.server_pagination !== true,
            },
          ],
          [
            {
              name: 'include_search',
              type: 'CheckboxControl',
              label: 'Search box',
              default: false,
              renderTrigger: true,
            },
          ],
          [
            {
              name: 'show_cell_bars',
              type: 'CheckboxControl',
              label: 'Cell bars',
              default: true,
              renderTrigger: true,
            },
          ],
          [{ ...shared.numberFormat, name: 'table_number_format' }],
          [
            {
              name: 'conditional_formatting',
              type: 'ConditionalFormattingControl',
              label: 'Conditional formatting',
              default: [],
              renderTrigger: true,
              description: 'Apply conditional color formatting to numeric columns',
            },
          ],
        ],
      },
    ],
  },
  transformProps: transformTableProps,
  loadChart: () => import('./TableChart'),
});
