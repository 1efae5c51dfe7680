import { use } from 'echarts/core';
import { BoxplotChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import InteractiveEChart from '../common/InteractiveEChart';
import type { EChartsChartProps } from '../common/echartsProps';

use([BoxplotChart, ScatterChart, GridComponent, LegendComponent, TooltipComponent]);

export default function BoxPlotChart(props: EChartsChartProps) {
  return <InteractiveEChart {...props} />;
}
