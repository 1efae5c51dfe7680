import type { EChartsOption } from 'echarts';
import type { ChartProps } from '../../plugin-api';
import { getXAxisLabel } from '../../query/buildQueryContext';
import { getColumnLabel, getMetricLabel, parseColumns, parseMetric } from '../../query/labels';
import { asArray, asBoolean, asOptionalNumber, asOptionalString, toNumber } from '../../query/values';
import { getNumberFormatter } from '../../format/numberFormat';
import { getSequentialColors } from '../../format/colorSchemes';
import { getGrainTimeFormatter } from '../../format/timeFormat';
import { VISUAL_MAP_BAND, axisStyle, gridClearOf, tooltipOption } from '../../echarts/options';
import { themeTokens } from '../../format/theme';
import { isTemporalColumn, labelOf, resultAt, rowsOf } from '../common/queryResult';
import type { EChartsChartProps } from '../common/echartsProps';

/** Rank of each value within its group as a 0..1 percentile (the 'heatmap' group is every cell). */
export function normalizedRanks(
  values: readonly (number | null)[],
  groups: readonly string[],
): (number | null)[] {
  const byGroup = new Map<string, number[]>();
  values.forEach((value, index) => {
    if (value === null) return;
    const group = groups[index] ?? '';
    byGroup.set(group, [...(byGroup.get(group) ?? []), value]);
  });
  for (const list of byGroup.values()) list.sort((a, b) => a - b);
  return values.map((value, index) => {
    if (value === null) return null;
    const list = byGroup.get(groups[index] ?? '') ?? [];
    if (list.length <= 1) return 1;
    return list.indexOf(value) / (list.length - 1);
  });
}

export function transformHeatmapProps(chartProps: ChartProps): EChartsChartProps {
  const { formData, width, height, theme } = chartProps;
  const result = resultAt(chartProps);
  const rows = rowsOf(result);
  const xLabel = getXAxisLabel(formData) ?? '';
  const yLabel = parseColumns(formData.groupby).map(getColumnLabel)[0] ?? '';
  const metric = parseMetric(formData.metric);
  const metricLabel = metric === undefined ? '' : getMetricLabel(metric);
  const temporal = isTemporalColumn(result, xLabel);
  // Category labels stand alone (no neighbouring ticks give the year), so dates show at their grain.
  const timeFormatter = getGrainTimeFormatter(
    asOptionalString(formData.x_axis_time_format),
    asOptionalString(formData.time_grain_sqla),
  );
  const formatter = getNumberFormatter(asOptionalString(formData.y_axis_format));
  const xText = (value: unknown) => (temporal ? timeFormatter(value) : labelOf(value));
  const xs = [...new Set(rows.map((row) => xText(row[xLabel])))];
  const ys = [...new Set(rows.map((row) => labelOf(row[yLabel])))];
  const values = rows.map((row) => toNumber(row[metricLabel]));
  const across = asOptionalString(formData.normalize_across) ?? 'heatmap';
  const normalized = formData.normalized === true;
  const groups = rows.map((row) =>
    across === 'x' ? xText(row[xLabel]) : across === 'y' ? labelOf(row[yLabel]) : '',
  );
  const ranks = normalizedRanks(values, groups);
  const cells = rows.map((row, index) => [
    xs.indexOf(xText(row[xLabel])),
    ys.indexOf(labelOf(row[yLabel])),
    values[index] ?? null,
    ranks[index] ?? null,
  ]);
  const finite = values.filter((v): v is number => v !== null);
  const bounds = asArray(formData.value_bounds);
  const min = normalized ? 0 : (asOptionalNumber(bounds[0]) ?? Math.min(...finite, 0));
  const max = normalized ? 1 : (asOptionalNumber(bounds[1]) ?? Math.max(...finite, 0));
  const tokens = themeTokens(theme);
  const showPercentage = asBoolean(formData.show_percentage, true);
  const showScale = asBoolean(formData.show_legend, true);
  const option: EChartsOption = {
    // The visual map sits in its own band under the plot; the x-axis labels stay above it.
    grid: gridClearOf(showScale ? { bottom: VISUAL_MAP_BAND } : {}),
    tooltip: {
      ...tooltipOption(theme, 'item'),
      formatter: (params) => {
        const item = Array.isArray(params) ? params[0] : params;
        const value = asArray(item?.value);
        const x = xs[Number(value[0])] ?? '';
        const y = ys[Number(value[1])] ?? '';
        const rank = toNumber(value[3]);
        const percentage = showPercentage && rank !== null ? ` (${getNumberFormatter('.0%')(rank)})` : '';
        return `${x} / ${y}: ${formatter(toNumber(value[2]))}${percentage}`;
      },
    },
    xAxis: { type: 'category', data: xs, ...axisStyle(theme), splitArea: { show: true } },
    yAxis: { type: 'category', data: ys, ...axisStyle(theme), splitArea: { show: true } },
    visualMap: {
      type: 'continuous',
      min,
      max,
      dimension: normalized ? 3 : 2,
      calculable: true,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      itemWidth: 12,
      show: showScale,
      inRange: { color: [...getSequentialColors(asOptionalString(formData.linear_color_scheme))] },
      textStyle: { color: tokens.textSecondary },
      formatter: (value: unknown) =>
        normalized ? getNumberFormatter('.0%')(toNumber(value)) : formatter(toNumber(value)),
    },
    series: [
      {
        type: 'heatmap',
        data: cells,
        label: {
          show: asBoolean(formData.show_values, false),
          formatter: (p: { value?: unknown }) => formatter(toNumber(asArray(p.value)[2])),
        },
      },
    ],
  };
  return { option, width, height };
}
