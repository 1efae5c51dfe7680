import { use } from 'echarts/core';
import { SankeyChart as EChartsSankey } from 'echarts/charts';
import { TooltipComponent } from 'echarts/components';
import InteractiveEChart from '../common/InteractiveEChart';
import type { EChartsChartProps } from '../common/echartsProps';

use([EChartsSankey, TooltipComponent]);

export default function SankeyChart(props: EChartsChartProps) {
  return <InteractiveEChart {...props} />;
}
