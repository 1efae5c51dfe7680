import { use } from 'echarts/core';
import { ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import InteractiveEChart from '../common/InteractiveEChart';
import type { EChartsChartProps } from '../common/echartsProps';

use([ScatterChart, GridComponent, LegendComponent, TooltipComponent]);

export default function BubbleChart(props: EChartsChartProps) {
  return <InteractiveEChart {...props} />;
}
