import type { ECElementEvent } from 'echarts/core';
import { labelPointFilters } from '../../drill/point-filters';
import type { ChartProps, DrillFilter } from '../../plugin-api';
import type { CrossFilterConfig, PointMenuConfig } from './echartsProps';

/** The point menu of a chart, or undefined when its host offers no context menu. */
export function pointMenuConfig(
  chartProps: ChartProps,
  filtersOf: (event: ECElementEvent) => DrillFilter[],
): PointMenuConfig | undefined {
  const onContextMenu = chartProps.hooks.onContextMenu;
  return onContextMenu ? { filtersOf, onContextMenu } : undefined;
}

function dataKeyOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('crossFilterKey' in data)) return undefined;
  return typeof data.crossFilterKey === 'string' ? data.crossFilterKey : undefined;
}

/** The label a click on an item names, read the way the chart's cross filter reads it. */
export function clickedLabel(event: ECElementEvent, target: CrossFilterConfig['target']): string | undefined {
  if (target === 'series') return event.seriesName;
  if (target === 'dataKey') return dataKeyOf(event.data);
  return event.name;
}

/** A point menu whose filters are the groupby values of the clicked label (pie slices, funnel steps…). */
export function labelPointMenu(
  chartProps: ChartProps,
  groupby: string[],
  labels: ReadonlyMap<string, readonly unknown[]>,
  target: CrossFilterConfig['target'],
): PointMenuConfig | undefined {
  return pointMenuConfig(chartProps, (event) =>
    labelPointFilters(groupby, labels, clickedLabel(event, target)),
  );
}
