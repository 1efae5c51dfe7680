import type { EChartsOption } from 'echarts';
import type { ChartProps } from '../../plugin-api';
import { getColumnLabel, getMetricLabel, parseColumns, parseMetric } from '../../query/labels';
import { asBoolean, asNumber, asOptionalString, asString, toNumber } from '../../query/values';
import { chartColorScale } from '../../format/labelColors';
import { getNumberFormatter } from '../../format/numberFormat';
import { metricDisplay } from '../../format/metricDisplay';
import { themeTokens } from '../../format/theme';
import { legendOption, tooltipOption } from '../../echarts/options';
import { labelOf, resultAt, rowsOf } from '../common/queryResult';
import { crossFilterConfig } from '../common/crossFilterConfig';
import { labelPointMenu } from '../common/pointMenuConfig';
import type { EChartsChartProps } from '../common/echartsProps';

/** Rows of (dimensions…, metric) → one pie slice per row, named by the joined dimension values. */
export function transformPieProps(chartProps: ChartProps): EChartsChartProps {
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
  const labelType = asString(formData.label_type, 'key');
  const showLabels = asBoolean(formData.show_labels, true);
  const labelsOutside = asBoolean(formData.labels_outside, true);
  const threshold = asNumber(formData.show_labels_threshold, 5);
  const donut = asBoolean(formData.donut, false);
  const innerRadius = asNumber(formData.innerRadius, 30);
  const outerRadius = asNumber(formData.outerRadius, 70);
  const showTotal = asBoolean(formData.show_total, false);

  const labels = new Map<string, unknown[]>();
  const slices = rows.map((row) => {
    const values = groupby.map((column) => row[column]);
    const name = values.map(labelOf).join(', ') || metricLabel;
    labels.set(name, values);
    return { name, value: toNumber(row[metricLabel]) ?? 0 };
  });
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  const crossFilter = crossFilterConfig(chartProps, groupby, labels, 'name');
  const pointMenu = labelPointMenu(chartProps, groupby, labels, 'name');
  const selected = new Set(crossFilter?.selected ?? []);
  const percentFormat = getNumberFormatter('.2%');

  const describe = (name: string, value: number): string => {
    const percent = total === 0 ? '' : percentFormat(value / total);
    switch (labelType) {
      case 'value':
        return formatter(value);
      case 'percent':
        return percent;
      case 'key_value':
        return `${name}: ${formatter(value)}`;
      case 'key_percent':
        return `${name}: ${percent}`;
      case 'key_value_percent':
        return `${name}: ${formatter(value)} (${percent})`;
      default:
        return name;
    }
  };
  const tokens = themeTokens(theme);

  const option: EChartsOption = {
    tooltip: {
      ...tooltipOption(theme, 'item'),
      formatter: (params) => {
        const item = Array.isArray(params) ? params[0] : params;
        const value = toNumber(item?.value) ?? 0;
        const percent = total === 0 ? '' : ` (${percentFormat(value / total)})`;
        return `${item?.name ?? ''}: ${formatter(value)}${percent}`;
      },
    },
    legend: legendOption(
      asBoolean(formData.show_legend, true),
      asString(formData.legendOrientation, 'top'),
      asString(formData.legendType, 'scroll'),
      theme,
      slices.map((slice) => slice.name),
    ),
    ...(showTotal
      ? {
          graphic: {
            type: 'text',
            left: 'center',
            top: 'middle',
            style: { text: `Total: ${formatter(total)}`, fontSize: 16, fill: tokens.text },
            z: 10,
          },
        }
      : {}),
    series: [
      {
        type: 'pie',
        radius: [donut ? `${innerRadius}%` : 0, `${outerRadius}%`],
        center: ['50%', '50%'],
        avoidLabelOverlap: true,
        data: slices.map((slice) => ({
          ...slice,
          itemStyle: {
            color: color(slice.name),
            opacity: selected.size > 0 && !selected.has(slice.name) ? 0.3 : 1,
          },
          label: {
            show: showLabels && (total === 0 || (slice.value / total) * 100 >= threshold),
            position: labelsOutside ? 'outer' : 'inner',
            formatter: describe(slice.name, slice.value),
            color: labelsOutside ? tokens.text : '#ffffff',
          },
          labelLine: { show: labelsOutside && asBoolean(formData.label_line, false) },
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
