import type { EChartsOption } from 'echarts';
import type { ChartProps } from '../../plugin-api';
import { getColumnLabel, getMetricLabel, parseColumns, parseMetric } from '../../query/labels';
import { asBoolean, asNumber, asOptionalNumber, asOptionalString, toNumber } from '../../query/values';
import { chartColorScale } from '../../format/labelColors';
import { metricDisplay } from '../../format/metricDisplay';
import { themeTokens } from '../../format/theme';
import { tooltipOption } from '../../echarts/options';
import { labelOf, resultAt, rowsOf } from '../common/queryResult';
import { crossFilterConfig } from '../common/crossFilterConfig';
import { labelPointMenu } from '../common/pointMenuConfig';
import type { EChartsChartProps } from '../common/echartsProps';

/** One pointer per row; the scale runs from min_val (default 0) to max_val (default: the largest value). */
export function transformGaugeProps(chartProps: ChartProps): EChartsChartProps {
  const { formData, width, height, theme } = chartProps;
  const rows = rowsOf(resultAt(chartProps));
  const metric = parseMetric(formData.metric);
  const metricLabel = metric === undefined ? '' : getMetricLabel(metric);
  const groupby = parseColumns(formData.groupby).map(getColumnLabel);
  const formatter = metricDisplay(
    chartProps.datasource,
    [metricLabel],
    asOptionalString(formData.number_format),
  ).formatterFor(metricLabel);
  const color = chartColorScale(chartProps);
  const tokens = themeTokens(theme);
  const labels = new Map<string, unknown[]>();
  const points = rows.map((row) => {
    const values = groupby.map((column) => row[column]);
    const name = values.map(labelOf).join(', ') || metricLabel;
    labels.set(name, values);
    return { name, value: toNumber(row[metricLabel]) ?? 0 };
  });
  const largest = points.reduce((max, point) => Math.max(max, point.value), 0);
  const min = asNumber(formData.min_val, 0);
  const max = asOptionalNumber(formData.max_val) ?? (largest > min ? largest : min + 1);
  const crossFilter = crossFilterConfig(chartProps, groupby, labels, 'name');
  const pointMenu = labelPointMenu(chartProps, groupby, labels, 'name');
  const selected = new Set(crossFilter?.selected ?? []);
  const splitNumber = Math.max(1, Math.trunc(asNumber(formData.split_number, 10)));
  const showProgress = asBoolean(formData.show_progress, true);
  const option: EChartsOption = {
    tooltip: { ...tooltipOption(theme, 'item'), valueFormatter: (value) => formatter(toNumber(value)) },
    series: [
      {
        type: 'gauge',
        min,
        max,
        startAngle: asNumber(formData.start_angle, 225),
        endAngle: asNumber(formData.end_angle, -45),
        splitNumber,
        clockwise: true,
        progress: {
          show: showProgress,
          overlap: asBoolean(formData.overlap, true),
          roundCap: asBoolean(formData.round_cap, false),
        },
        axisLabel: { color: tokens.textSecondary, formatter: (value: number) => formatter(value) },
        axisTick: { show: asBoolean(formData.show_axis_line_ticks, false) },
        splitLine: { show: asBoolean(formData.show_split_line, false) },
        pointer: { show: asBoolean(formData.show_pointer, true) },
        title: { color: tokens.text },
        detail: {
          valueAnimation: asBoolean(formData.animation, true),
          formatter: (value: number) => formatter(value),
          color: tokens.text,
        },
        data: points.map((point, index) => ({
          ...point,
          itemStyle: {
            color: color(point.name),
            opacity: selected.size > 0 && !selected.has(point.name) ? 0.3 : 1,
          },
          title: { offsetCenter: ['0%', `${String(20 + index * 15)}%`] },
          detail: { offsetCenter: ['0%', `${String(35 + index * 15)}%`] },
        })),
      },
    ],
  };
  return {
    option,
    width,
    height,
    ...(crossFilter ? { crossFilter } : {}),
    ...(pointMenu ? { pointMenu } : {}),
  };
}
