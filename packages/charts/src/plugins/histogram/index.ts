import * as shared from '../../controls/shared';
import { defineChartPlugin } from '../../registry';
import { checkbox, controlPanel } from '../common/simpleQuery';

import { transformHistogramProps } from './transformProps';

export const histogramChartPlugin = defineChartPlugin({
  vizType: 'histogram_v2',
  metadata: {
    name: 'Histogram',
    description:
      'Take your data points, and group them into "bins" to see where the densest areas of information lie.',
    category: 'Distribution',
    tags: ['Comparison', 'ECharts', 'Pattern', 'Popular'],
    behaviors: ['DRILL_TO_DETAIL'],
  },
  controlPanel: controlPanel(
    [
      [
        {
          name: 'column',
          type: 'ColumnControl',
          label: 'Column',
          validators: [{ kind: 'nonEmpty' }],
          description: 'Numeric column used to calculate the histogram.',
        },
      ],
      [shared.groupby],
      [shared.adhocFilters],
      [{ ...shared.rowLimit, default: 10000 }],
      [
        {
          name: 'bins',
          type: 'SelectControl',
          label: 'Bins',
          default: 5,
          freeForm: true,
          choices: [5, 10, 25, 50, 100].map((value) => ({ value, label: String(value) })),
          validators: [{ kind: 'positiveInteger' }],
        },
      ],
      [{ name: 'normalize', type: 'CheckboxControl', label: 'Normalize', default: false }],
      [{ name: 'cumulative', type: 'CheckboxControl', label: 'Cumulative', default: false }],
    ],
    [
      [shared.colorScheme],
      [checkbox('show_value', 'Show Value', false)],
      [checkbox('show_legend', 'Show legend', true)],
      [
        {
          name: 'x_axis_title',
          type: 'TextControl',
          label: 'X Axis Title',
          default: '',
          renderTrigger: true,
        },
      ],
      [
        {
          name: 'y_axis_title',
          type: 'TextControl',
          label: 'Y Axis Title',
          default: '',
          renderTrigger: true,
        },
      ],
      [shared.yAxisFormat],
    ],
  ),
  transformProps: transformHistogramProps,
  loadChart: () => import('./HistogramChart'),
});
