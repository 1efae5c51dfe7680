import * as shared from '../../controls/shared';
import { defineChartPlugin } from '../../registry';
import { checkbox, controlPanel, sortByMetric } from '../common/simpleQuery';
import { transformFunnelProps } from './transformProps';

export const funnelChartPlugin = defineChartPlugin({
  vizType: 'funnel',
  metadata: {
    name: 'Funnel Chart',
    description: 'Showcases how a metric changes as the funnel progresses.',
    category: 'KPI',
    tags: ['Business', 'ECharts', 'Progressive', 'Sequential'],
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
  },
  controlPanel: controlPanel(
    [
      [shared.groupby],
      [shared.metric],
      [shared.adhocFilters],
      [{ ...shared.rowLimit, default: 10 }],
      [sortByMetric],
    ],
    [
      [shared.colorScheme],
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
      [checkbox('show_labels', 'Show Labels', true)],
    ],
  ),
  transformProps: transformFunnelProps,
  loadChart: () => import('./FunnelChart'),
});
