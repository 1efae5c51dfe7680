import * as shared from '../../controls/shared';
import { defineChartPlugin } from '../../registry';
import { controlPanel } from '../common/simpleQuery';

import { transformBoxPlotProps } from './transformProps';

export const boxPlotChartPlugin = defineChartPlugin({
  vizType: 'box_plot',
  metadata: {
    name: 'Box Plot',
    description:
      'Also known as a box and whisker plot, this visualization compares the distributions of a related metric across multiple groups.',
    category: 'Distribution',
    tags: ['Comparison', 'ECharts', 'Range', 'Statistical'],
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
  },
  controlPanel: controlPanel(
    [
      [
        {
          ...shared.columns,
          label: 'Distribute across',
          validators: [{ kind: 'nonEmpty' }],
          description: 'Columns to calculate distribution across.',
        },
      ],
      [shared.metrics],
      [shared.groupby],
      [shared.adhocFilters],
      [shared.seriesLimit],
      [shared.seriesLimitMetric],
      [
        {
          name: 'whiskerOptions',
          type: 'SelectControl',
          label: 'Whisker/outlier options',
          default: 'Tukey',
          freeForm: true,
          choices: ['Tukey', 'Min/max (no outliers)', '2/98 percentiles', '9/91 percentiles'].map(
            (value) => ({ value, label: value }),
          ),
        },
      ],
    ],
    [
      [shared.colorScheme],
      [
        {
          name: 'x_ticks_layout',
          type: 'SelectControl',
          label: 'X Tick Layout',
          default: 'auto',
          renderTrigger: true,
          choices: ['auto', 'flat', '45°', '90°', 'staggered'].map((value) => ({ value, label: value })),
        },
      ],
      [shared.numberFormat],
      [shared.dateFormat],
    ],
  ),
  transformProps: transformBoxPlotProps,
  loadChart: () => import('./BoxPlotChart'),
});
