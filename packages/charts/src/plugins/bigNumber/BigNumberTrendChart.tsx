import { use } from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import EChartsView from '../../echarts/EChartsView';
import { BigNumberView } from './BigNumberView';
import type { BigNumberProps } from './transformProps';

use([LineChart, GridComponent, TooltipComponent]);

export default function BigNumberTrendChart(props: BigNumberProps) {
  const trendHeight = props.trendline ? Math.floor(props.height * 0.4) : 0;
  return (
    <BigNumberView {...props} numberHeight={props.height - trendHeight}>
      {props.trendline && <EChartsView option={props.trendline} width={props.width} height={trendHeight} />}
    </BigNumberView>
  );
}
