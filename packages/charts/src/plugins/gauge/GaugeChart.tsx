import { use } from 'echarts/core';
import { GaugeChart as EChartsGauge } from 'echarts/charts';
import { TooltipComponent } from 'echarts/components';
import InteractiveEChart from '../common/InteractiveEChart';
import type { EChartsChartProps } from '../common/echartsProps';

use([EChartsGauge, TooltipComponent]);

export default function GaugeChart(props: EChartsChartProps) {
  return <InteractiveEChart {...props} />;
}
