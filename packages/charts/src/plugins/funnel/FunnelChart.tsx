import { use } from 'echarts/core';
import { FunnelChart as EChartsFunnel } from 'echarts/charts';
import { LegendComponent, TooltipComponent } from 'echarts/components';
import InteractiveEChart from '../common/InteractiveEChart';
import type { EChartsChartProps } from '../common/echartsProps';

use([EChartsFunnel, LegendComponent, TooltipComponent]);

export default function FunnelChart(props: EChartsChartProps) {
  return <InteractiveEChart {...props} />;
}
