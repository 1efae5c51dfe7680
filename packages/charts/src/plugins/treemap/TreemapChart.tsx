import { use } from 'echarts/core';
import { TreemapChart as EChartsTreemap } from 'echarts/charts';
import { TooltipComponent } from 'echarts/components';
import InteractiveEChart from '../common/InteractiveEChart';
import type { EChartsChartProps } from '../common/echartsProps';

use([EChartsTreemap, TooltipComponent]);

export default function TreemapChart(props: EChartsChartProps) {
  return <InteractiveEChart {...props} />;
}
