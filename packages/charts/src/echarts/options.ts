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

/** Height a horizontal legend takes at the top or bottom: one row of 14 px items, 5 px padding, a gap. */
export const LEGEND_BAND = 32;
/** Width a vertical legend takes at the left or right. */
export const LEGEND_SIDE_BAND = 140;
/** Height a horizontal continuous visualMap takes: its bar, the handles and their value labels. */
export const VISUAL_MAP_BAND = 64;
/** Breathing room between the plot (with its axis labels and names) and whatever sits beside it. */
const PLOT_GAP = 12;

export interface ReservedBands {
  top?: number;
  bottom?: number;
  left?: number;
  right?: number;
}

/**
 * A grid kept clear of the legend, visual map or title bands on its sides: the axes are laid out in the
 * space left over, and echarts shrinks the plot (outerBounds) until the axis labels and axis names also
 * fit in it, so nothing drawn for the axes lands under a legend or a visual map.
 */
export function gridClearOf(reserved: ReservedBands): GridComponentOption {
  const top = reserved.top ?? 0;
  const bottom = reserved.bottom ?? 0;
  const left = reserved.left ?? 0;
  const right = reserved.right ?? 0;
  return {
    top: top + PLOT_GAP,
    bottom: bottom + PLOT_GAP,
    left: left + PLOT_GAP,
    right: right + PLOT_GAP,
    outerBoundsMode: 'auto',
    outerBounds: { top, bottom, left, right },
    outerBoundsContain: 'all',
  };
}

/** The band a legend placed by `legendOption(show, orientation, …)` takes on its side. */
export function legendBand(show: boolean, orientation: string): ReservedBands {
  if (!show) return {};
  if (orientation === 'left' || orientation === 'right') return { [orientation]: LEGEND_SIDE_BAND };
  return { [orientation === 'bottom' ? 'bottom' : 'top']: LEGEND_BAND };
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
