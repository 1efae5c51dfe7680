import type { EChartsOption } from 'echarts';
import type { ECElementEvent } from 'echarts/core';
import type { ChartContextMenuEvent, DataMask, DrillFilter } from '../../plugin-api';

/** Props every echarts-based plugin component receives from its transformProps. */
export interface EChartsChartProps {
  option: EChartsOption;
  width: number;
  height: number;
  crossFilter?: CrossFilterConfig;
  pointMenu?: PointMenuConfig;
}

export interface CrossFilterConfig {
  /** The columns the clicked label filters on. */
  groupby: string[];
  /** Label of a clickable item → its values of the groupby columns. */
  labels: ReadonlyMap<string, readonly unknown[]>;
  selected: string[];
  /**
   * Which part of a click names the label: the series (timeseries), the data item's name (pie, funnel…)
   * or the data item's `crossFilterKey` (hierarchies, where a node name alone is ambiguous).
   */
  target: 'series' | 'name' | 'dataKey';
  setDataMask: (dataMask: DataMask) => void;
}

/** Right clicks on drawn items: the host's context menu, with the filters naming the clicked point. */
export interface PointMenuConfig {
  filtersOf: (event: ECElementEvent) => DrillFilter[];
  onContextMenu: (event: ChartContextMenuEvent) => void;
}
