import { use } from 'echarts/core';
import { BarChart, LineChart, ScatterChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import InteractiveEChart from '../common/InteractiveEChart';
import type { EChartsChartProps } from '../common/echartsProps';

use([LineChart, BarChart, ScatterChart, GridComponent, LegendComponent, TooltipComponent, DataZoomComponent]);

export default function TimeseriesChart(props: EChartsChartProps) {
  return <InteractiveEChart {...props} />;
}
