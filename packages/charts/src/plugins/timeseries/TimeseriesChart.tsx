import { use } from 'echarts/core';
import { BarChart, LineChart, ScatterChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TooltipComponent,
} from 'echarts/components';
import InteractiveEChart from '../common/InteractiveEChart';
import type { EChartsChartProps } from '../common/echartsProps';

// Mark lines and areas draw the annotation layers' events and intervals.
use([
  LineChart,
  BarChart,
  ScatterChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  DataZoomComponent,
  MarkLineComponent,
  MarkAreaComponent,
]);

export default function TimeseriesChart(props: EChartsChartProps) {
  return <InteractiveEChart {...props} />;
}
