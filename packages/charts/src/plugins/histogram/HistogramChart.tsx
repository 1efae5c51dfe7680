import { use } from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import InteractiveEChart from '../common/InteractiveEChart';
import type { EChartsChartProps } from '../common/echartsProps';

use([BarChart, GridComponent, LegendComponent, TooltipComponent]);

export default function HistogramChart(props: EChartsChartProps) {
  return <InteractiveEChart {...props} />;
}
