import type { ControlDeclaration } from '../../plugin-api';
import * as shared from '../../controls/shared';
import { defineChartPlugin } from '../../registry';
import { checkbox, controlPanel } from '../common/simpleQuery';

import { transformHeatmapProps } from './transformProps';

const sortAxis = (name: string, label: string): ControlDeclaration => ({
  name,
  type: 'SelectControl',
  label,
  default: 'alpha_asc',
  choices: [
    { value: 'alpha_asc', label: 'Axis ascending' },
    { value: 'alpha_desc', label: 'Axis descending' },
    { value: 'value_asc', label: 'Metric ascending' },
    { value: 'value_desc', label: 'Metric descending' },
  ],
});

export const heatmapChartPlugin = defineChartPlugin({
  vizType: 'heatmap_v2',
  metadata: {
    name: 'Heatmap',
    description: 'Visualize a related metric across pairs of groups.',
    category: 'Correlation',
    tags: ['Business', 'ECharts', 'Intensity', 'Density', 'Single Metric'],
    behaviors: ['DRILL_TO_DETAIL'],
  },
  controlPanel: controlPanel(
    [
      [{ ...shared.xAxis, type: 'ColumnControl' }],
      [shared.timeGrain],
      [{ ...shared.groupby, label: 'Y-axis', multi: false, validators: [{ kind: 'nonEmpty' }] }],
      [shared.metric],
      [shared.adhocFilters],
      [{ ...shared.rowLimit, default: 10000 }],
      [sortAxis('sort_x_axis', 'Sort X Axis'), sortAxis('sort_y_axis', 'Sort Y Axis')],
      [
        {
          name: 'normalize_across',
          type: 'SelectControl',
          label: 'Normalize Across',
          default: 'heatmap',
          choices: [
            { value: 'heatmap', label: 'heatmap' },
            { value: 'x', label: 'x' },
            { value: 'y', label: 'y' },
          ],
        },
      ],
    ],
    [
      [shared.linearColorScheme],
      [checkbox('show_legend', 'Legend', true), checkbox('show_percentage', 'Show percentage', true)],
      [checkbox('show_values', 'Show Values', false), checkbox('normalized', 'Normalized', false)],
      [
        {
          name: 'value_bounds',
          type: 'TextControl',
          label: 'Value bounds',
          default: [null, null],
          renderTrigger: true,
        },
      ],
      [shared.yAxisFormat],
      [shared.timeFormat],
    ],
  ),
  transformProps: transformHeatmapProps,
  loadChart: () => import('./HeatmapChart'),
});
