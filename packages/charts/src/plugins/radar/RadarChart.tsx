import { use } from 'echarts/core';
import { RadarChart as EChartsRadar } from 'echarts/charts';
import { LegendComponent, RadarComponent, TooltipComponent } from 'echarts/components';
import InteractiveEChart from '../common/InteractiveEChart';
import type { EChartsChartProps } from '../common/echartsProps';

use([EChartsRadar, RadarComponent, LegendComponent, TooltipComponent]);

export default function RadarChart(props: EChartsChartProps) {
  return <InteractiveEChart {...props} />;
}
