import * as shared from '../../controls/shared';
import { defineChartPlugin } from '../../registry';
import { checkbox, controlPanel } from '../common/simpleQuery';

import { transformWaterfallProps } from './transformProps';

const colorInput = (name: string, label: string) => ({
  name,
  type: 'TextControl' as const,
  label,
  renderTrigger: true,
});

export const waterfallChartPlugin = defineChartPlugin({
  vizType: 'waterfall',
  metadata: {
    name: 'Waterfall Chart',
    description:
      'A waterfall chart shows how an initial value is increased and decreased by intermediate values, ending in a final value.',
    category: 'Evolution',
    tags: ['Categorical', 'Comparison', 'ECharts', 'Trend'],
    behaviors: ['DRILL_TO_DETAIL'],
  },
  controlPanel: controlPanel(
    [
      [shared.xAxis],
      [shared.timeGrain],
      [
        {
          ...shared.groupby,
          label: 'Breakdowns',
          multi: false,
          description: 'Breaks down the series by the category specified in this control.',
        },
      ],
      [shared.metric],
      [shared.adhocFilters],
      [{ ...shared.rowLimit, default: 10000 }],
    ],
    [
      [checkbox('show_value', 'Show Values', false)],
      [checkbox('show_legend', 'Show legend', true)],
      [checkbox('show_total', 'Show total', true)],
      [
        colorInput('increase_color', 'Increase'),
        colorInput('decrease_color', 'Decrease'),
        colorInput('total_color', 'Total'),
      ],
      [
        {
          name: 'x_axis_label',
          type: 'TextControl',
          label: 'X Axis Label',
          default: '',
          renderTrigger: true,
        },
      ],
      [shared.timeFormat],
      [
        {
          name: 'y_axis_label',
          type: 'TextControl',
          label: 'Y Axis Label',
          default: '',
          renderTrigger: true,
        },
      ],
      [shared.yAxisFormat],
    ],
  ),
  transformProps: transformWaterfallProps,
  loadChart: () => import('./WaterfallChart'),
});
