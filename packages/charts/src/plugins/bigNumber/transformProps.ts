import type { EChartsOption } from 'echarts';
import type { ChartProps } from '../../plugin-api';
import { getXAxisLabel } from '../../query/buildQueryContext';
import { getMetricLabel, parseMetric } from '../../query/labels';
import { asBoolean, asNumber, asOptionalString, asString, toNumber } from '../../query/values';
import { getCategoricalColors } from '../../format/colorSchemes';
import { getNumberFormatter } from '../../format/numberFormat';
import { metricDisplay } from '../../format/metricDisplay';
import { getTimeFormatter, toDate } from '../../format/timeFormat';
import { themeTokens } from '../../format/theme';
import { tooltipOption, isLargeSeries } from '../../echarts/options';
import { columnNamesOf, resultAt, rowsOf } from '../common/queryResult';

export interface BigNumberProps {
  width: number;
  height: number;
  theme: 'light' | 'dark';
  /** The formatted number, or 'No data'. */
  bigNumber: string;
  subheader: string;
  /** 'Last available value' timestamp or the period-over-period change. */
  caption?: string;
  /** Sign of the period-over-period change: colours the caption. */
  trend?: 'up' | 'down' | 'flat';
  headerFontSize: number;
  subheaderFontSize: number;
  /** The trendline below the number (big_number only). */
  trendline?: EChartsOption;
}

function fontSizes(formData: ChartProps['formData']) {
  return {
    headerFontSize: asNumber(formData.header_font_size, 0.4),
    subheaderFontSize: asNumber(formData.subheader_font_size, 0.15),
  };
}

export function transformBigNumberTotalProps(chartProps: ChartProps): BigNumberProps {
  const { formData, width, height, theme } = chartProps;
  const metric = parseMetric(formData.metric);
  const label = metric === undefined ? '' : getMetricLabel(metric);
  const value = toNumber(rowsOf(resultAt(chartProps))[0]?.[label]);
  const formatter = metricDisplay(
    chartProps.datasource,
    [label],
    asOptionalString(formData.y_axis_format),
  ).formatterFor(label);
  return {
    width,
    height,
    theme,
    bigNumber: value === null ? 'No data' : formatter(value),
    subheader: asString(formData.subheader),
    ...fontSizes(formData),
  };
}

/**
 * Latest non-null value of the series as the big number; with compare_lag N the change against the value
 * N points earlier; the whole series as a trendline (area when the form says so).
 */
export function transformBigNumberTrendProps(chartProps: ChartProps): BigNumberProps {
  const { formData, width, height, theme } = chartProps;
  const result = resultAt(chartProps);
  const metric = parseMetric(formData.metric);
  const metricLabel = metric === undefined ? '' : getMetricLabel(metric);
  const names = columnNamesOf(result);
  const xLabel = getXAxisLabel(formData) ?? '__timestamp';
  const xColumn = names.includes(xLabel) ? xLabel : (names.find((name) => name !== metricLabel) ?? xLabel);
  const valueColumn = names.includes(metricLabel)
    ? metricLabel
    : (names.find((name) => name !== xColumn) ?? metricLabel);
  const points = rowsOf(result)
    .map((row) => ({ time: toDate(row[xColumn])?.getTime() ?? null, value: toNumber(row[valueColumn]) }))
    .filter((point): point is { time: number; value: number | null } => point.time !== null)
    .sort((a, b) => a.time - b.time);
  const formatter = metricDisplay(
    chartProps.datasource,
    [metricLabel],
    asOptionalString(formData.y_axis_format),
  ).formatterFor(metricLabel);
  const timeFormatter = getTimeFormatter(asOptionalString(formData.time_format) ?? '%Y-%m-%d %H:%M:%S');
  const latestIndex = points.findLastIndex((point) => point.value !== null);
  const latest = latestIndex >= 0 ? points[latestIndex] : undefined;
  const tokens = themeTokens(theme);
  let caption: string | undefined;
  let trend: BigNumberProps['trend'];
  const lag = Math.trunc(asNumber(formData.compare_lag, 0));
  if (latest?.value != null && lag > 0) {
    const previous = points[latestIndex - lag]?.value;
    if (previous !== undefined && previous !== null && previous !== 0) {
      const change = (latest.value - previous) / Math.abs(previous);
      trend = change > 0 ? 'up' : change < 0 ? 'down' : 'flat';
      caption = `${getNumberFormatter('+.1%')(change)} ${asString(formData.compare_suffix)}`.trim();
    }
  } else if (latest && latestIndex < points.length - 1) {
    caption = `Last available value seen on ${timeFormatter(latest.time)}`;
  }
  const showTrendline = asBoolean(formData.show_trend_line, true);
  const color =
    asOptionalString(formData.trendline_color) ??
    getCategoricalColors(asOptionalString(formData.color_scheme))[0] ??
    tokens.text;
  const trendline: EChartsOption | undefined = showTrendline
    ? {
        grid: { left: 0, right: 0, top: 0, bottom: 0 },
        xAxis: { type: 'time', show: false },
        yAxis: { type: 'value', show: false, scale: !asBoolean(formData.start_y_axis_at_zero, true) },
        tooltip: {
          ...tooltipOption(theme, 'axis'),
          valueFormatter: (value) => formatter(toNumber(value)),
        },
        series: [
          {
            type: 'line',
            data: points.map((point) => [point.time, point.value]),
            showSymbol: false,
            lineStyle: { color },
            itemStyle: { color },
            ...(isLargeSeries(points.length) ? { sampling: 'lttb' as const } : {}),
            ...(formData.show_trend_area !== false ? { areaStyle: { color, opacity: 0.2 } } : {}),
          },
        ],
      }
    : undefined;
  return {
    width,
    height,
    theme,
    bigNumber: latest?.value == null ? 'No data' : formatter(latest.value),
    subheader: asString(formData.subheader),
    ...(caption !== undefined ? { caption } : {}),
    ...(trend ? { trend } : {}),
    ...fontSizes(formData),
    ...(trendline ? { trendline } : {}),
  };
}
