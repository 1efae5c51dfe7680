import { chartMetaSchema, GRID_BASE_UNIT, GRID_DEFAULT_CHART_HEIGHT } from '@tessera/contracts';
import { Alert } from 'antd';
import { DashboardChartHolder } from './chart/DashboardChartHolder';
import type { NodeProps } from './LayoutNode';
import { metaHeight } from './widths';

/** A CHART component: its holder, as tall as meta.height grid units (the slot around it sets the width). */
export function ChartNode({ component }: NodeProps) {
  const meta = chartMetaSchema.safeParse(component.meta);
  const height = metaHeight(component.meta, GRID_DEFAULT_CHART_HEIGHT) * GRID_BASE_UNIT;
  if (!meta.success) {
    return (
      <Alert
        type="warning"
        showIcon
        title="This layout component does not name a chart."
        style={{ height }}
        data-test="dashboard-chart-invalid"
      />
    );
  }
  return (
    <DashboardChartHolder
      chartId={meta.data.chartId}
      height={height}
      titleOverride={meta.data.sliceNameOverride ?? meta.data.sliceName ?? null}
    />
  );
}
