import { use } from 'echarts/core';
import { SunburstChart as EChartsSunburst } from 'echarts/charts';
import { GraphicComponent, TooltipComponent } from 'echarts/components';
import InteractiveEChart from '../common/InteractiveEChart';
import type { EChartsChartProps } from '../common/echartsProps';

use([EChartsSunburst, TooltipComponent, GraphicComponent]);

export default function SunburstChart(props: EChartsChartProps) {
  return <InteractiveEChart {...props} />;
}
