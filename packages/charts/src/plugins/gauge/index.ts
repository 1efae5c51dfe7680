import * as shared from '../../controls/shared';
import { defineChartPlugin } from '../../registry';
import { checkbox, controlPanel, numberInput, sortByMetric } from '../common/simpleQuery';
import { transformGaugeProps } from './transformProps';

export const gaugeChartPlugin = defineChartPlugin({
  vizType: 'gauge_chart',
  metadata: {
    name: 'Gauge Chart',
    description: 'Uses a gauge to showcase progress of a metric towards a target.',
    category: 'KPI',
    tags: ['Business', 'ECharts', 'Report'],
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
      [numberInput('min_val', 'Min', 0), numberInput('max_val', 'Max', null)],
      [numberInput('start_angle', 'Start angle', 225), numberInput('end_angle', 'End angle', -45)],
      [shared.colorScheme],
      [shared.numberFormat],
      [checkbox('animation', 'Animation', true)],
      [checkbox('show_axis_line_ticks', 'Show axis line ticks', false)],
      [checkbox('show_split_line', 'Show split lines', false)],
      [numberInput('split_number', 'Split number', 10)],
      [
        checkbox('show_progress', 'Show progress', true),
        checkbox('overlap', 'Overlap', true),
        checkbox('round_cap', 'Round cap', false),
      ],
      [checkbox('show_pointer', 'Show pointer', true)],
    ],
  ),
  transformProps: transformGaugeProps,
  loadChart: () => import('./GaugeChart'),
});
