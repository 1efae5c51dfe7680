import * as shared from '../../controls/shared';
import { defineChartPlugin } from '../../registry';
import { checkbox, controlPanel, sortByMetric } from '../common/simpleQuery';
import { transformTreemapProps } from './transformProps';

export const treemapChartPlugin = defineChartPlugin({
  vizType: 'treemap_v2',
  metadata: {
    name: 'Treemap',
    description: 'Show hierarchical relationships of data, with the value represented by area.',
    category: 'Part of a Whole',
    tags: ['Categorical', 'Comparison', 'ECharts', 'Multi-Levels', 'Percentages', 'Proportional'],
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
  },
  controlPanel: controlPanel(
    [
      [{ ...shared.groupby, label: 'Dimensions (hierarchy)' }],
      [shared.metric],
      [shared.adhocFilters],
      [{ ...shared.rowLimit, default: 10000 }],
      [sortByMetric],
    ],
    [
      [shared.colorScheme],
      [checkbox('show_labels', 'Show Labels', true)],
      [checkbox('show_upper_labels', 'Show Upper Labels', true)],
      [
        {
          name: 'label_type',
          type: 'SelectControl',
          label: 'Label Type',
          default: 'key_value',
          renderTrigger: true,
          choices: [
            { value: 'key', label: 'Category Name' },
            { value: 'value', label: 'Value' },
            { value: 'key_value', label: 'Category and Value' },
          ],
        },
      ],
      [shared.numberFormat],
    ],
  ),
  transformProps: transformTreemapProps,
  loadChart: () => import('./TreemapChart'),
});
