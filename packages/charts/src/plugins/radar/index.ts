import * as shared from '../../controls/shared';
import { defineChartPlugin } from '../../registry';
import { checkbox, controlPanel } from '../common/simpleQuery';

import { transformRadarProps } from './transformProps';

export const radarChartPlugin = defineChartPlugin({
  vizType: 'radar',
  metadata: {
    name: 'Radar Chart',
    description: 'Visualize a parallel set of metrics across multiple groups.',
    category: 'Ranking',
    tags: ['Business', 'Comparison', 'ECharts', 'Multi-Dimensions'],
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
  },
  controlPanel: controlPanel(
    [
      [shared.groupby],
      [shared.metrics],
      [shared.adhocFilters],
      [{ ...shared.seriesLimitMetric, name: 'timeseries_limit_metric' }],
      [{ ...shared.rowLimit, default: 10 }],
    ],
    [
      [shared.colorScheme],
      ...shared.legendSection,
      [checkbox('show_labels', 'Show Labels', false)],
      [checkbox('show_area', 'Show area', false)],
      [checkbox('is_circle', 'Circle radar shape', false)],
      [shared.numberFormat],
      [
        {
          name: 'column_config',
          type: 'TextAreaControl',
          label: 'Customize Metrics',
          default: {},
          renderTrigger: true,
        },
      ],
    ],
  ),
  transformProps: transformRadarProps,
  loadChart: () => import('./RadarChart'),
});
