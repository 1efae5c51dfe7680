import { use } from 'echarts/core';
import { GraphChart as EChartsGraph } from 'echarts/charts';
import { LegendComponent, TooltipComponent } from 'echarts/components';
import InteractiveEChart from '../common/InteractiveEChart';
import type { EChartsChartProps } from '../common/echartsProps';

use([EChartsGraph, LegendComponent, TooltipComponent]);

export default function GraphChart(props: EChartsChartProps) {
  return <InteractiveEChart {...props} />;
}
