import type { EChartsOption } from 'echarts';
import type { DataMask } from '../../plugin-api';

/** Props every echarts-based plugin component receives from its transformProps. */
export interface EChartsChartProps {
  option: EChartsOption;
  width: number;
  height: number;
  crossFilter?: CrossFilterConfig;
}

export interface CrossFilterConfig {
  /** The columns the clicked label filters on. */
  groupby: string[];
  /** Label of a clickable item → its values of the groupby columns. */
  labels: ReadonlyMap<string, readonly unknown[]>;
  selected: string[];
  /** Which part of a click names the label: the series (timeseries) or the data item (pie, funnel…). */
  target: 'series' | 'name';
  setDataMask: (dataMask: DataMask) => void;
}
