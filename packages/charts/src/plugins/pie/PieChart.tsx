import { use } from 'echarts/core';
import { PieChart as EChartsPie } from 'echarts/charts';
import { GraphicComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import InteractiveEChart from '../common/InteractiveEChart';
import type { EChartsChartProps } from '../common/echartsProps';

use([EChartsPie, LegendComponent, TooltipComponent, GraphicComponent]);

export default function PieChart(props: EChartsChartProps) {
  return <InteractiveEChart {...props} />;
}
