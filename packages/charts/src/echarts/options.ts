import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts';
import { themeTokens } from '../format/theme';

/** Building blocks of echarts options shared by the plugins: legend, tooltip, axes, large-series modes. */

/** Above this many points a series switches to LTTB sampling (lines) or large mode (bars, scatter). */
export const LARGE_SERIES_THRESHOLD = 2000;

export type LegendOrientation = 'top' | 'bottom' | 'left' | 'right';

export function legendOption(
  show: boolean,
  orientation: string,
  type: string,
  theme: 'light' | 'dark',
  data?: string[],
): LegendComponentOption {
  const vertical = orientation === 'left' || orientation === 'right';
  const placement: LegendOrientation = ['top', 'bottom', 'left', 'right'].includes(orientation)
    ? (orientation as LegendOrientation)
    : 'top';
  return {
    show,
    type: type === 'plain' ? 'plain' : 'scroll',
    orient: vertical ? 'vertical' : 'horizontal',
    [placement]: 0,
    ...(vertical ? { top: 'middle' } : { left: 'center' }),
    textStyle: { color: themeTokens(theme).text },
    ...(data ? { data } : {}),
  };
}

/** Grid padding that leaves room for a legend on its side. */
export function gridOption(showLegend: boolean, orientation: string): GridComponentOption {
  const room = 40;
  return {
    top: showLegend && orientation === 'top' ? room : 20,
    bottom: showLegend && orientation === 'bottom' ? room : 20,
    left: showLegend && orientation === 'left' ? 140 : 20,
    right: showLegend && orientation === 'right' ? 140 : 20,
  };
}

export function tooltipOption(theme: 'light' | 'dark', trigger: 'item' | 'axis'): TooltipComponentOption {
  const tokens = themeTokens(theme);
  return {
    trigger,
    confine: true,
    // A stable hook for the tooltip's HTML (screen readers' and end-to-end tests' way into a canvas chart).
    className: 'chart-tooltip',
    backgroundColor: tokens.tooltipBackground,
    borderColor: tokens.axisLine,
    textStyle: { color: tokens.tooltipText },
  };
}

export function axisStyle(theme: 'light' | 'dark') {
  const tokens = themeTokens(theme);
  return {
    axisLine: { lineStyle: { color: tokens.axisLine } },
    axisLabel: { color: tokens.textSecondary },
    splitLine: { lineStyle: { color: tokens.splitLine } },
    nameTextStyle: { color: tokens.textSecondary },
  };
}

export function isLargeSeries(pointCount: number): boolean {
  return pointCount > LARGE_SERIES_THRESHOLD;
}
