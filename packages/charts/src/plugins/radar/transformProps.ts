import type { EChartsOption } from 'echarts';
import type { ChartProps } from '../../plugin-api';
import { getColumnLabel, getMetricLabel, parseColumns, parseMetrics } from '../../query/labels';
import { asBoolean, asOptionalString, asString, isRecord, toNumber } from '../../query/values';
import { chartColorScale } from '../../format/labelColors';
import { getNumberFormatter } from '../../format/numberFormat';
import { themeTokens } from '../../format/theme';
import { legendOption, tooltipOption } from '../../echarts/options';
import { labelOf, resultAt, rowsOf } from '../common/queryResult';
import { crossFilterConfig } from '../common/crossFilterConfig';
import { labelPointMenu } from '../common/pointMenuConfig';
import type { EChartsChartProps } from '../common/echartsProps';

/** One axis per metric, one polygon per group; an axis's max is `column_config[metric].radarMetricMaxValue` or the data max. */
export function transformRadarProps(chartProps: ChartProps): EChartsChartProps {
  const { formData, width, height, theme } = chartProps;
  const rows = rowsOf(resultAt(chartProps));
  const metrics = parseMetrics(formData.metrics).map(getMetricLabel);
  const groupby = parseColumns(formData.groupby).map(getColumnLabel);
  const formatter = getNumberFormatter(asOptionalString(formData.number_format));
  const color = chartColorScale(chartProps);
  const columnConfig = isRecord(formData.column_config) ? formData.column_config : {};
  const labels = new Map<string, unknown[]>();
  const groups = rows.map((row) => {
    const values = groupby.map((column) => row[column]);
    const name = values.map(labelOf).join(', ') || 'Total';
    labels.set(name, values);
    return { name, value: metrics.map((metric) => toNumber(row[metric]) ?? 0) };
  });
  const indicator = metrics.map((metric, index) => {
    const config = columnConfig[metric];
    const configured = isRecord(config) ? toNumber(config.radarMetricMaxValue) : null;
    const dataMax = Math.max(0, ...groups.map((group) => group.value[index] ?? 0));
    return { name: metric, max: configured ?? (dataMax === 0 ? 1 : dataMax) };
  });
  const crossFilter = crossFilterConfig(chartProps, groupby, labels, 'name');
  const pointMenu = labelPointMenu(chartProps, groupby, labels, 'name');
  const selected = new Set(crossFilter?.selected ?? []);
  const tokens = themeTokens(theme);
  const isCircle = asBoolean(formData.is_circle, false);
  const option: EChartsOption = {
    tooltip: { ...tooltipOption(theme, 'item'), valueFormatter: (value) => formatter(toNumber(value)) },
    legend: legendOption(
      asBoolean(formData.show_legend, true),
      asString(formData.legendOrientation, 'top'),
      asString(formData.legendType, 'scroll'),
      theme,
      groups.map((group) => group.name),
    ),
    radar: {
      shape: isCircle ? 'circle' : 'polygon',
      indicator,
      axisName: { color: tokens.textSecondary },
      splitLine: { lineStyle: { color: tokens.splitLine } },
      axisLine: { lineStyle: { color: tokens.axisLine } },
    },
    series: [
      {
        type: 'radar',
        data: groups.map((group) => ({
          ...group,
          itemStyle: { color: color(group.name) },
          lineStyle: {
            color: color(group.name),
            opacity: selected.size > 0 && !selected.has(group.name) ? 0.3 : 1,
          },
          areaStyle: asBoolean(formData.show_area, false) ? { opacity: 0.2 } : undefined,
          label: {
            show: asBoolean(formData.show_labels, false),
            formatter: (p: { value?: unknown }) => formatter(toNumber(p.value)),
          },
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
