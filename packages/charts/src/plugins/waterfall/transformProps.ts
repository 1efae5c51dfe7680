import type { EChartsOption } from 'echarts';
import type { ChartProps } from '../../plugin-api';
import { getXAxisLabel } from '../../query/buildQueryContext';
import { getColumnLabel, getMetricLabel, parseColumns, parseMetric } from '../../query/labels';
import { asBoolean, asOptionalString, asString, toNumber } from '../../query/values';
import { getNumberFormatter } from '../../format/numberFormat';
import { getGrainTimeFormatter } from '../../format/timeFormat';
import { themeTokens } from '../../format/theme';
import { axisStyle, gridClearOf, legendBand, legendOption, tooltipOption } from '../../echarts/options';
import { isTemporalColumn, labelOf, resultAt, rowsOf } from '../common/queryResult';
import type { EChartsChartProps } from '../common/echartsProps';

export interface WaterfallStep {
  label: string;
  /** Where the bar starts (the running total before this step). */
  base: number;
  delta: number;
  kind: 'increase' | 'decrease' | 'total';
}

/** Running totals: each step floats on the total before it; a total bar closes the chart when asked. */
export function waterfallSteps(
  items: readonly { label: string; value: number }[],
  showTotal: boolean,
): WaterfallStep[] {
  let running = 0;
  const steps: WaterfallStep[] = items.map(({ label, value }) => {
    const step: WaterfallStep = {
      label,
      base: value >= 0 ? running : running + value,
      delta: value,
      kind: value >= 0 ? 'increase' : 'decrease',
    };
    running += value;
    return step;
  });
  if (showTotal) steps.push({ label: 'Total', base: 0, delta: running, kind: 'total' });
  return steps;
}

export function transformWaterfallProps(chartProps: ChartProps): EChartsChartProps {
  const { formData, width, height, theme } = chartProps;
  const result = resultAt(chartProps);
  const rows = rowsOf(result);
  const metric = parseMetric(formData.metric);
  const metricLabel = metric === undefined ? '' : getMetricLabel(metric);
  const xLabel = getXAxisLabel(formData) ?? '';
  const breakdown = parseColumns(formData.groupby).map(getColumnLabel)[0];
  const temporal = isTemporalColumn(result, xLabel);
  // Category labels stand alone (no neighbouring ticks give the year), so dates show at their grain.
  const timeFormatter = getGrainTimeFormatter(
    asOptionalString(formData.x_axis_time_format),
    asOptionalString(formData.time_grain_sqla),
  );
  const formatter = getNumberFormatter(asOptionalString(formData.y_axis_format));
  const xText = (value: unknown) => (temporal ? timeFormatter(value) : labelOf(value));
  const items = rows.map((row) => ({
    label: breakdown === undefined ? xText(row[xLabel]) : `${xText(row[xLabel])} ${labelOf(row[breakdown])}`,
    value: toNumber(row[metricLabel]) ?? 0,
  }));
  const steps = waterfallSteps(items, asBoolean(formData.show_total, true));
  const tokens = themeTokens(theme);
  const increaseColor = asOptionalString(formData.increase_color) ?? tokens.positive;
  const decreaseColor = asOptionalString(formData.decrease_color) ?? tokens.negative;
  const totalColor = asOptionalString(formData.total_color) ?? tokens.neutral;
  const showValue = asBoolean(formData.show_value, false);
  const showLegend = asBoolean(formData.show_legend, true);
  const bar = (kind: WaterfallStep['kind'], name: string, color: string) => ({
    type: 'bar' as const,
    name,
    stack: 'waterfall',
    itemStyle: { color },
    label: {
      show: showValue,
      position: 'top' as const,
      formatter: (p: { value?: unknown }) => formatter(toNumber(p.value)),
    },
    data: steps.map((step) => (step.kind === kind ? Math.abs(step.delta) : '-')),
  });
  const option: EChartsOption = {
    grid: gridClearOf(legendBand(showLegend, 'top')),
    tooltip: {
      ...tooltipOption(theme, 'axis'),
      formatter: (params) => {
        const first = Array.isArray(params) ? params[0] : params;
        const step = steps[first?.dataIndex ?? -1];
        return step ? `${step.label}: ${formatter(step.delta)}` : '';
      },
    },
    // Placed explicitly: echarts 6 puts a legend at the bottom by default, over the x-axis labels.
    legend: legendOption(showLegend, 'top', 'plain', theme, ['Increase', 'Decrease', 'Total']),
    xAxis: {
      type: 'category',
      data: steps.map((step) => step.label),
      name: asString(formData.x_axis_label),
      nameLocation: 'middle',
      // Under the labels (one line of 12 px text below an 8 px margin), not on them.
      nameGap: 32,
      ...axisStyle(theme),
    },
    yAxis: {
      type: 'value',
      name: asString(formData.y_axis_label),
      nameLocation: 'middle',
      ...axisStyle(theme),
      axisLabel: { ...axisStyle(theme).axisLabel, formatter: (value: number) => formatter(value) },
    },
    series: [
      {
        type: 'bar',
        name: 'Assist',
        stack: 'waterfall',
        silent: true,
        itemStyle: { color: 'transparent' },
        data: steps.map((step) => step.base),
      },
      bar('increase', 'Increase', increaseColor),
      bar('decrease', 'Decrease', decreaseColor),
      bar('total', 'Total', totalColor),
    ],
  };
  return { option, width, height };
}
