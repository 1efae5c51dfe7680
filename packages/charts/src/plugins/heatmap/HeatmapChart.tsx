import { use } from 'echarts/core';
import { HeatmapChart as EChartsHeatmap } from 'echarts/charts';
import { GridComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import InteractiveEChart from '../common/InteractiveEChart';
import type { EChartsChartProps } from '../common/echartsProps';

use([EChartsHeatmap, GridComponent, TooltipComponent, VisualMapComponent]);

export default function HeatmapChart(props: EChartsChartProps) {
  return <InteractiveEChart {...props} />;
}
