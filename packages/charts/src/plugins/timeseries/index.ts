import type { ChartPlugin, ControlDeclaration } from '../../plugin-api';
import { defineChartPlugin } from '../../registry';

import {
  areaOpacity,
  orientationControl,
  seriesTypeControl,
  showValueControl,
  stackControl,
  timeseriesControlPanel,
  type MarkerControls,
} from './controlPanel';
import { transformTimeseriesProps, type TimeseriesVariant } from './transformProps';

const loadChart = () => import('./TimeseriesChart');

function timeseriesPlugin(
  vizType: string,
  name: string,
  description: string,
  variant: TimeseriesVariant,
  extraControls: readonly (readonly ControlDeclaration[])[],
  markers: MarkerControls = 'all',
): ChartPlugin {
  return defineChartPlugin({
    vizType,
    metadata: {
      name,
      description,
      category: 'Evolution',
      tags: ['ECharts', 'Time', 'Trend', 'Popular'],
      behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
    },
    controlPanel: timeseriesControlPanel(extraControls, markers),
    transformProps: (chartProps) => transformTimeseriesProps(chartProps, variant),
    loadChart,
  });
}

export const lineChartPlugin = timeseriesPlugin(
  'echarts_timeseries_line',
  'Line Chart',
  'Line chart is used to visualize measurements taken over a given category.',
  { seriesType: 'line' },
  [[stackControl], [showValueControl]],
);

export const barChartPlugin = timeseriesPlugin(
  'echarts_timeseries_bar',
  'Bar Chart',
  'Bar Charts are used to show metrics as a series of bars.',
  { seriesType: 'bar' },
  [[orientationControl], [stackControl], [showValueControl]],
  'none',
);

export const areaChartPlugin = timeseriesPlugin(
  'echarts_area',
  'Area Chart',
  'Area charts are similar to line charts in that they represent variables with the same scale, but area charts stack the metrics on top of each other.',
  { seriesType: 'line', area: true },
  [[{ ...stackControl, default: true }], [areaOpacity], [showValueControl]],
);

export const scatterChartPlugin = timeseriesPlugin(
  'echarts_timeseries_scatter',
  'Scatter Plot',
  'Scatter Plot has the horizontal axis in linear units, and the points are connected in order.',
  { seriesType: 'scatter' },
  [[showValueControl]],
  'size',
);

export const smoothLineChartPlugin = timeseriesPlugin(
  'echarts_timeseries_smooth',
  'Smooth Line',
  'Smooth-line is a variation of the line chart. Without angles and hard edges, it can look more polished.',
  { seriesType: 'smooth' },
  [[stackControl], [showValueControl]],
);

export const stepLineChartPlugin = timeseriesPlugin(
  'echarts_timeseries_step',
  'Stepped Line',
  'Stepped-line graph is a variation of the line chart with points connected by horizontal and vertical steps.',
  { seriesType: 'start' },
  [[seriesTypeControl], [stackControl], [showValueControl]],
);
