import { describe, expect, it } from 'vitest';
import * as echarts from 'echarts';
import type { EChartsOption } from 'echarts';
import { heatmapChartPlugin } from '../plugins/heatmap';
import { waterfallChartPlugin } from '../plugins/waterfall';
import { chartPropsFor } from '../plugins/common/testing';
import type { ChartDataResultItem } from '@tessera/contracts';

/**
 * Lays options out with a real (server-side rendered) echarts and compares the boxes echarts drew:
 * a legend or visual map must not cover an axis' labels or name.
 */

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The few echarts internals a layout check needs (not in its public types). */
interface RectInternals extends Box {
  clone(): RectInternals;
  applyTransform(matrix: unknown): void;
}
interface ViewInternals {
  group: { getBoundingRect(): RectInternals; getLocalTransform(): unknown };
}
interface ChartInternals {
  getModel(): { getComponent(type: string): unknown };
  getViewOfComponentModel(model: unknown): ViewInternals;
}

function drawnBoxes(option: EChartsOption, components: readonly string[]): Box[] {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: 800, height: 400 });
  chart.setOption(option);
  // Test-only look into echarts' component views for the boxes it computed.
  const internals = chart as unknown as ChartInternals;
  const boxes = components.map((type) => {
    const view = internals.getViewOfComponentModel(internals.getModel().getComponent(type));
    const rect = view.group.getBoundingRect().clone();
    rect.applyTransform(view.group.getLocalTransform());
    return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
  });
  chart.dispose();
  return boxes;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

const optionOf = (props: unknown): EChartsOption => (props as { option: EChartsOption }).option;

describe('legend and visual map layout', () => {
  it('keeps the waterfall legend off both axes, their labels and names', () => {
    const data = Array.from({ length: 12 }, (_, index) => ({
      ds: Date.UTC(2001, index, 1),
      count: index % 3 === 0 ? -1200 : 2500,
    }));
    const result: ChartDataResultItem = { colnames: ['ds', 'count'], coltypes: [2, 0], data };
    const option = optionOf(
      waterfallChartPlugin.transformProps(
        chartPropsFor(
          {
            datasource: '1__table',
            viz_type: 'waterfall',
            x_axis: 'ds',
            time_grain_sqla: 'P1M',
            metric: 'count',
            x_axis_label: 'Month',
            y_axis_label: 'Births',
          },
          [result],
        ),
      ),
    );
    const [legend, xAxis, yAxis] = drawnBoxes(option, ['legend', 'xAxis', 'yAxis']);
    expect(legend?.height).toBeGreaterThan(0);
    expect(legend && xAxis && overlaps(legend, xAxis)).toBe(false);
    expect(legend && yAxis && overlaps(legend, yAxis)).toBe(false);
  });

  it('keeps the heatmap scale under the x-axis labels instead of on them', () => {
    const data = Array.from({ length: 24 }, (_, index) => ({
      ds: Date.UTC(2001, index, 1),
      gender: index % 2 === 0 ? 'boy' : 'girl',
      count: index * 10,
    }));
    const result: ChartDataResultItem = { colnames: ['ds', 'gender', 'count'], coltypes: [2, 1, 0], data };
    const option = optionOf(
      heatmapChartPlugin.transformProps(
        chartPropsFor(
          {
            datasource: '1__table',
            viz_type: 'heatmap_v2',
            x_axis: 'ds',
            time_grain_sqla: 'P1D',
            groupby: ['gender'],
            metric: 'count',
          },
          [result],
        ),
      ),
    );
    const [visualMap, xAxis] = drawnBoxes(option, ['visualMap', 'xAxis']);
    expect(visualMap?.height).toBeGreaterThan(0);
    expect(visualMap && xAxis && overlaps(visualMap, xAxis)).toBe(false);
  });
});
