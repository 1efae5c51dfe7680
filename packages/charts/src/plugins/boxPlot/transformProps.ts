import type { EChartsOption, SeriesOption } from 'echarts';
import type { ChartProps } from '../../plugin-api';
import { getColumnLabel, getMetricLabel, parseColumns, parseMetrics } from '../../query/labels';
import { asArray, asOptionalString, toNumber } from '../../query/values';
import { chartColorScale } from '../../format/labelColors';
import { getNumberFormatter } from '../../format/numberFormat';
import { axisStyle, legendOption, tooltipOption } from '../../echarts/options';
import { labelOf, resultAt, rowsOf } from '../common/queryResult';
import { crossFilterConfig } from '../common/crossFilterConfig';
import { labelPointMenu } from '../common/pointMenuConfig';
import type { EChartsChartProps } from '../common/echartsProps';

const STATS = ['min', 'q1', 'median', 'q3', 'max'] as const;

/**
 * The boxplot step returns per group `{metric}__min/q1/median/q3/max/mean/count/outliers`; one box per
 * group and metric, outliers as scatter points.
 */
export function transformBoxPlotProps(chartProps: ChartProps): EChartsChartProps {
  const { formData, width, height, theme } = chartProps;
  const rows = rowsOf(resultAt(chartProps));
  const groupby = parseColumns(formData.groupby).map(getColumnLabel);
  const metrics = parseMetrics(formData.metrics).map(getMetricLabel);
  const formatter = getNumberFormatter(asOptionalString(formData.number_format));
  const color = chartColorScale(chartProps);
  const labels = new Map<string, unknown[]>();
  const categories = rows.map((row) => {
    const values = groupby.map((column) => row[column]);
    const name = values.map(labelOf).join(', ') || 'All';
    labels.set(name, values);
    return name;
  });
  const series: SeriesOption[] = metrics.flatMap((metric): SeriesOption[] => [
    {
      type: 'boxplot',
      name: metric,
      itemStyle: { color: color(metric), borderColor: color(metric), opacity: 0.6 },
      data: rows.map((row) => ({
        value: STATS.map((stat) => toNumber(row[`${metric}__${stat}`]) ?? 0),
        mean: toNumber(row[`${metric}__mean`]),
        count: toNumber(row[`${metric}__count`]),
      })),
      tooltip: {
        formatter: (params: unknown) => {
          const item =
            typeof params === 'object' && params !== null && 'dataIndex' in params
              ? Number(params.dataIndex)
              : -1;
          const row = rows[item];
          if (!row) return '';
          const lines = STATS.map((stat) => `${stat}: ${formatter(toNumber(row[`${metric}__${stat}`]))}`);
          return [
            `${categories[item] ?? ''} — ${metric}`,
            ...lines,
            `mean: ${formatter(toNumber(row[`${metric}__mean`]))}`,
          ].join('<br/>');
        },
      },
    },
    {
      type: 'scatter',
      name: metric,
      itemStyle: { color: color(metric) },
      data: rows.flatMap((row, index) =>
        asArray(row[`${metric}__outliers`]).flatMap((value) => {
          const number = toNumber(value);
          return number === null ? [] : [[categories[index] ?? '', number]];
        }),
      ),
    },
  ]);
  const crossFilter = crossFilterConfig(chartProps, groupby, labels, 'name');
  const pointMenu = labelPointMenu(chartProps, groupby, labels, 'name');
  const option: EChartsOption = {
    grid: { top: 40, bottom: 30, left: 20, right: 20 },
    legend: legendOption(metrics.length > 1, 'top', 'scroll', theme, metrics),
    tooltip: { ...tooltipOption(theme, 'item'), valueFormatter: (value) => formatter(toNumber(value)) },
    xAxis: {
      type: 'category',
      data: categories,
      ...axisStyle(theme),
      axisLabel: {
        ...axisStyle(theme).axisLabel,
        rotate: formData.x_ticks_layout === '45°' ? 45 : formData.x_ticks_layout === '90°' ? 90 : 0,
      },
    },
    yAxis: {
      type: 'value',
      ...axisStyle(theme),
      axisLabel: { ...axisStyle(theme).axisLabel, formatter: (v: number) => formatter(v) },
    },
    series,
  };
  return {
    option,
    width,
    height,
    ...(crossFilter ? { crossFilter } : {}),
    ...(pointMenu ? { pointMenu } : {}),
  };
}
