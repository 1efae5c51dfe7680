import type { ECElementEvent } from 'echarts/core';
import EChartsView from '../../echarts/EChartsView';
import { toggleCrossFilter } from '../../echarts/crossFilter';
import type { EChartsChartProps } from './echartsProps';
import { clickedLabel } from './pointMenuConfig';

/**
 * An echarts chart whose clicks toggle a cross filter when the plugin set one up, and whose right clicks
 * on an item open the host's context menu with that point's filters.
 */
export default function InteractiveEChart({
  option,
  width,
  height,
  crossFilter,
  pointMenu,
}: EChartsChartProps) {
  const onClick = crossFilter
    ? (event: ECElementEvent) => {
        const label = clickedLabel(event, crossFilter.target);
        if (label === undefined || !crossFilter.labels.has(label)) return;
        crossFilter.setDataMask(
          toggleCrossFilter(crossFilter.groupby, label, crossFilter.labels, crossFilter.selected),
        );
      }
    : undefined;
  const onContextMenu = pointMenu
    ? (event: ECElementEvent) => {
        const nativeEvent = event.event?.event;
        if (nativeEvent === undefined) return;
        pointMenu.onContextMenu({ nativeEvent, filters: pointMenu.filtersOf(event) });
      }
    : undefined;
  return (
    <EChartsView
      option={option}
      width={width}
      height={height}
      {...(onClick ? { onClick } : {})}
      {...(onContextMenu ? { onContextMenu } : {})}
    />
  );
}
