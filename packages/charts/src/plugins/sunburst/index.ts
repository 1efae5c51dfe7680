import * as shared from '../../controls/shared';
import { defineChartPlugin } from '../../registry';
import { checkbox, controlPanel, sortByMetric } from '../common/simpleQuery';
import { transformSunburstProps } from './transformProps';

export const sunburstChartPlugin = defineChartPlugin({
  vizType: 'sunburst_v2',
  metadata: {
    name: 'Sunburst Chart',
    description: 'Uses circles to visualize the flow of data through different stages of a system.',
    category: 'Part of a Whole',
    tags: ['ECharts', 'Multi-Levels', 'Proportional'],
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
  },
  controlPanel: controlPanel(
    [
      [{ ...shared.columns, label: 'Hierarchy', validators: [{ kind: 'nonEmpty' }] }],
      [{ ...shared.metric, label: 'Primary Metric' }],
      [{ ...shared.metric, name: 'secondary_metric', label: 'Secondary Metric', validators: [] }],
      [shared.adhocFilters],
      [{ ...shared.rowLimit, default: 10000 }],
      [sortByMetric],
    ],
    [
      [shared.colorScheme],
      [shared.linearColorScheme],
      [checkbox('show_labels', 'Show Labels', true)],
      [checkbox('show_total', 'Show Total', false)],
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
            { value: 'key_value', label: 'Category and Value' },
          ],
        },
      ],
      [shared.numberFormat],
    ],
  ),
  transformProps: transformSunburstProps,
  loadChart: () => import('./SunburstChart'),
});
