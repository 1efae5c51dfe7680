import type { ECElementEvent } from 'echarts/core';
import EChartsView from '../../echarts/EChartsView';
import { toggleCrossFilter } from '../../echarts/crossFilter';
import type { EChartsChartProps } from './echartsProps';

function dataKeyOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('crossFilterKey' in data)) return undefined;
  return typeof data.crossFilterKey === 'string' ? data.crossFilterKey : undefined;
}

/** An echarts chart whose clicks toggle a cross filter when the plugin set one up. */
export default function InteractiveEChart({ option, width, height, crossFilter }: EChartsChartProps) {
  const onClick = crossFilter
    ? (event: ECElementEvent) => {
        const label =
          crossFilter.target === 'series'
            ? event.seriesName
            : crossFilter.target === 'dataKey'
              ? dataKeyOf(event.data)
              : event.name;
        if (label === undefined || !crossFilter.labels.has(label)) return;
        crossFilter.setDataMask(
          toggleCrossFilter(crossFilter.groupby, label, crossFilter.labels, crossFilter.selected),
        );
      }
    : undefined;
  return <EChartsView option={option} width={width} height={height} {...(onClick ? { onClick } : {})} />;
}
