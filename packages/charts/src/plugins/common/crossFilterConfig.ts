import type { ChartProps } from '../../plugin-api';
import { selectedLabels } from '../../echarts/crossFilter';
import type { CrossFilterConfig } from './echartsProps';

/** The cross-filter setup of an interactive chart, or undefined when it cannot or should not emit one. */
export function crossFilterConfig(
  chartProps: ChartProps,
  groupby: string[],
  labels: ReadonlyMap<string, readonly unknown[]>,
  target: CrossFilterConfig['target'],
): CrossFilterConfig | undefined {
  const setDataMask = chartProps.hooks.setDataMask;
  if (!setDataMask || chartProps.emitCrossFilters !== true || groupby.length === 0) return undefined;
  return { groupby, labels, selected: selectedLabels(chartProps.filterState), target, setDataMask };
}
