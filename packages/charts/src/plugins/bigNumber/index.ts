import type { ControlDeclaration } from '../../plugin-api';
import * as shared from '../../controls/shared';
import { defineChartPlugin } from '../../registry';
import { checkbox, controlPanel } from '../common/simpleQuery';

import { transformBigNumberTotalProps, transformBigNumberTrendProps } from './transformProps';

const subheader: ControlDeclaration = {
  name: 'subheader',
  type: 'TextControl',
  label: 'Subheader',
  default: '',
  renderTrigger: true,
};
const fontSize = (name: string, label: string, defaultValue: number): ControlDeclaration => ({
  name,
  type: 'SelectControl',
  label,
  default: defaultValue,
  renderTrigger: true,
  choices: [0.2, 0.3, 0.4, 0.5, 0.6].map((value) => ({ value, label: String(value) })),
});

export const bigNumberTotalPlugin = defineChartPlugin({
  vizType: 'big_number_total',
  metadata: {
    name: 'Big Number',
    description: 'Showcases a single metric front-and-center.',
    category: 'KPI',
    tags: ['Additive', 'Business', 'Percentages', 'Popular', 'Report'],
    behaviors: ['DRILL_TO_DETAIL'],
  },
  controlPanel: controlPanel(
    [[shared.metric], [shared.adhocFilters]],
    [
      [subheader],
      [fontSize('header_font_size', 'Big Number Font Size', 0.4)],
      [fontSize('subheader_font_size', 'Subheader Font Size', 0.15)],
      [shared.yAxisFormat],
    ],
  ),
  transformProps: transformBigNumberTotalProps,
  loadChart: () => import('./BigNumberTotalChart'),
});

export const bigNumberTrendPlugin = defineChartPlugin({
  vizType: 'big_number',
  metadata: {
    name: 'Big Number with Trendline',
    description: 'Showcases a single number accompanied by a simple line chart.',
    category: 'KPI',
    tags: ['Advanced-Analytics', 'Line', 'Percentages', 'Popular', 'Report', 'Trend'],
    behaviors: ['DRILL_TO_DETAIL'],
  },
  controlPanel: {
    sections: [
      shared.querySection([[shared.xAxis], [shared.timeGrain], [shared.metric], [shared.adhocFilters]]),
      {
        label: 'Options',
        expanded: true,
        controlSetRows: [
          [
            {
              name: 'compare_lag',
              type: 'TextControl',
              label: 'Comparison Period Lag',
              validators: [{ kind: 'integer' }],
              renderTrigger: true,
            },
          ],
          [
            {
              name: 'compare_suffix',
              type: 'TextControl',
              label: 'Comparison suffix',
              default: '',
              renderTrigger: true,
            },
          ],
          [checkbox('show_timestamp', 'Show Timestamp', false)],
          [checkbox('show_trend_line', 'Show Trend Line', true)],
          [checkbox('start_y_axis_at_zero', 'Start y-axis at 0', true)],
          [shared.colorScheme],
          [subheader],
          [fontSize('header_font_size', 'Big Number Font Size', 0.4)],
          [fontSize('subheader_font_size', 'Subheader Font Size', 0.15)],
          [shared.yAxisFormat],
          [{ ...shared.timeFormat, name: 'time_format' }],
        ],
      },
      {
        label: 'Advanced Analytics',
        expanded: false,
        controlSetRows: [
          [shared.rollingType],
          [shared.rollingPeriods, shared.minPeriods],
          [shared.resampleRule, shared.resampleMethod],
        ],
      },
    ],
  },
  transformProps: transformBigNumberTrendProps,
  loadChart: () => import('./BigNumberTrendChart'),
});
