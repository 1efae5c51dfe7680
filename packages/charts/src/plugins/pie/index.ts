import * as shared from '../../controls/shared';
import { defineChartPlugin } from '../../registry';

import { transformPieProps } from './transformProps';

export const pieChartPlugin = defineChartPlugin({
  vizType: 'pie',
  metadata: {
    name: 'Pie Chart',
    description: 'The classic. Great for showing how much of a company each investor gets.',
    category: 'Part of a Whole',
    tags: ['Categorical', 'Circular', 'ECharts', 'Percentages', 'Proportional', 'Popular'],
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
  },
  controlPanel: {
    sections: [
      shared.querySection([
        [shared.groupby],
        [shared.metric],
        [shared.adhocFilters],
        [{ ...shared.rowLimit, default: 100 }],
        [{ name: 'sort_by_metric', type: 'CheckboxControl', label: 'Sort by metric', default: true }],
      ]),
      {
        label: 'Chart Options',
        expanded: true,
        controlSetRows: [
          [shared.colorScheme],
          [
            {
              name: 'show_labels_threshold',
              type: 'NumberControl',
              label: 'Percentage threshold',
              default: 5,
              renderTrigger: true,
            },
          ],
          ...shared.legendSection,
          [
            {
              name: 'label_type',
              type: 'SelectControl',
              label: 'Label Type',
              default: 'key',
              renderTrigger: true,
              choices: [
                { value: 'key', label: 'Category Name' },
                { value: 'value', label: 'Value' },
                { value: 'percent', label: 'Percentage' },
                { value: 'key_value', label: 'Category and Value' },
                { value: 'key_percent', label: 'Category and Percentage' },
                { value: 'key_value_percent', label: 'Category, Value and Percentage' },
              ],
            },
          ],
          [shared.numberFormat],
          [
            {
              name: 'show_labels',
              type: 'CheckboxControl',
              label: 'Show Labels',
              default: true,
              renderTrigger: true,
            },
          ],
          [
            {
              name: 'labels_outside',
              type: 'CheckboxControl',
              label: 'Put labels outside',
              default: true,
              renderTrigger: true,
            },
          ],
          [
            {
              name: 'label_line',
              type: 'CheckboxControl',
              label: 'Label Line',
              default: false,
              renderTrigger: true,
            },
          ],
          [
            {
              name: 'show_total',
              type: 'CheckboxControl',
              label: 'Show Total',
              default: false,
              renderTrigger: true,
            },
          ],
          [{ name: 'donut', type: 'CheckboxControl', label: 'Donut', default: false, renderTrigger: true }],
          [
            {
              name: 'innerRadius',
              type: 'SliderControl',
              label: 'Inner Radius',
              default: 30,
              min: 0,
              max: 100,
              renderTrigger: true,
            },
          ],
          [
            {
              name: 'outerRadius',
              type: 'SliderControl',
              label: 'Outer Radius',
              default: 70,
              min: 10,
              max: 100,
              renderTrigger: true,
            },
          ],
        ],
      },
    ],
  },
  transformProps: transformPieProps,
  loadChart: () => import('./PieChart'),
});
