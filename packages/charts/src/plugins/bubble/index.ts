import type { EChartsOption, SeriesOption } from 'echarts';
import type { ChartProps } from '../../plugin-api';
import * as shared from '../../controls/shared';
import { defineChartPlugin } from '../../registry';
import { getColumnLabel, getMetricLabel, parseColumn, parseMetric } from '../../query/labels';
import { asBoolean, asNumber, asOptionalString, asString, toNumber } from '../../query/values';
import { chartColorScale } from '../../format/labelColors';
import { getNumberFormatter } from '../../format/numberFormat';
import { axisStyle, gridOption, isLargeSeries, legendOption, tooltipOption } from '../../echarts/options';
import { labelOf, resultAt, rowsOf } from '../common/queryResult';
import { checkbox, controlPanel } from '../common/simpleQuery';
import { crossFilterConfig } from '../common/crossFilterConfig';
import type { EChartsChartProps } from '../common/echartsProps';

/** One scatter series per `series` value; bubble area proportional to the size metric up to max_bubble_size. */
export function transformBubbleProps(chartProps: ChartProps): EChartsChartProps {
  const { formData, width, height, theme } = chartProps;
  const rows = rowsOf(resultAt(chartProps));
  const label = (key: string) => {
    const metric = parseMetric(formData[key]);
    return metric === undefined ? '' : getMetricLabel(metric);
  };
  const [xLabel, yLabel, sizeLabel] = [label('x'), label('y'), label('size')];
  const entity = parseColumn(formData.entity);
  const entityLabel = entity === undefined ? '' : getColumnLabel(entity);
  const seriesColumn = parseColumn(formData.series);
  const seriesLabel = seriesColumn === undefined ? undefined : getColumnLabel(seriesColumn);
  const xFormatter = getNumberFormatter(asOptionalString(formData.x_axis_format));
  const yFormatter = getNumberFormatter(asOptionalString(formData.y_axis_format));
  const color = chartColorScale(chartProps);
  const maxBubble = asNumber(formData.max_bubble_size, 25);
  const maxSize = Math.max(1, ...rows.map((row) => Math.abs(toNumber(row[sizeLabel]) ?? 0)));
  const groups = new Map<string, [number | null, number | null, number | null, string][]>();
  for (const row of rows) {
    const name = seriesLabel === undefined ? labelOf(row[entityLabel]) : labelOf(row[seriesLabel]);
    const points = groups.get(name) ?? [];
    points.push([
      toNumber(row[xLabel]),
      toNumber(row[yLabel]),
      toNumber(row[sizeLabel]),
      labelOf(row[entityLabel]),
    ]);
    groups.set(name, points);
  }
  const opacity = asNumber(formData.opacity, 0.6);
  const series: SeriesOption[] = [...groups.entries()].map(([name, data]) => ({
    type: 'scatter',
    name,
    data,
    itemStyle: { color: color(name), opacity },
    symbolSize: (value: unknown) => {
      const size = Array.isArray(value) ? (toNumber(value[2]) ?? 0) : 0;
      return Math.max(2, Math.sqrt(Math.abs(size) / maxSize) * maxBubble * 2);
    },
    ...(isLargeSeries(data.length) ? { large: true } : {}),
  }));
  const showLegend = asBoolean(formData.show_legend, true);
  const orientation = asString(formData.legendOrientation, 'top');
  const option: EChartsOption = {
    grid: gridOption(showLegend, orientation),
    legend: legendOption(showLegend, orientation, asString(formData.legendType, 'scroll'), theme, [
      ...groups.keys(),
    ]),
    tooltip: {
      ...tooltipOption(theme, 'item'),
      formatter: (params) => {
        const item = Array.isArray(params) ? params[0] : params;
        const value = Array.isArray(item?.value) ? item.value : [];
        return `${labelOf(value[3])}<br/>${xLabel}: ${xFormatter(toNumber(value[0]))}<br/>${yLabel}: ${yFormatter(toNumber(value[1]))}<br/>${sizeLabel}: ${yFormatter(toNumber(value[2]))}`;
      },
    },
    xAxis: {
      type: formData.logXAxis === true ? 'log' : 'value',
      name: asString(formData.x_axis_label),
      nameLocation: 'middle',
      nameGap: 30,
      scale: true,
      ...axisStyle(theme),
      axisLabel: { ...axisStyle(theme).axisLabel, formatter: (v: number) => xFormatter(v) },
    },
    yAxis: {
      type: formData.logYAxis === true ? 'log' : 'value',
      name: asString(formData.y_axis_label),
      nameLocation: 'middle',
      nameGap: 40,
      scale: true,
      ...axisStyle(theme),
      axisLabel: { ...axisStyle(theme).axisLabel, formatter: (v: number) => yFormatter(v) },
    },
    series,
  };
  const groupby = seriesLabel === undefined ? [entityLabel] : [seriesLabel];
  const crossFilter = crossFilterConfig(
    chartProps,
    groupby,
    new Map([...groups.keys()].map((name) => [name, [name]])),
    'series',
  );
  return { option, width, height, ...(crossFilter ? { crossFilter } : {}) };
}

export const bubbleChartPlugin = defineChartPlugin({
  vizType: 'bubble_v2',
  metadata: {
    name: 'Bubble Chart',
    description:
      'Visualizes a metric across three dimensions of data in a single chart (X axis, Y axis, and bubble size).',
    category: 'Correlation',
    tags: ['Multi-Dimensions', 'Comparison', 'Scatter', 'Time', 'Trend', 'ECharts'],
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL'],
  },
  controlPanel: controlPanel(
    [
      [{ name: 'series', type: 'ColumnControl', label: 'Dimension' }],
      [{ name: 'entity', type: 'ColumnControl', label: 'Entity', validators: [{ kind: 'nonEmpty' }] }],
      [{ ...shared.metric, name: 'x', label: 'X Axis' }],
      [{ ...shared.metric, name: 'y', label: 'Y Axis' }],
      [{ ...shared.metric, name: 'size', label: 'Bubble Size' }],
      [shared.adhocFilters],
      [shared.orderDesc],
      [{ ...shared.rowLimit, default: 10000 }],
    ],
    [
      [shared.colorScheme],
      ...shared.legendSection,
      [
        {
          name: 'max_bubble_size',
          type: 'SelectControl',
          label: 'Max Bubble Size',
          default: 25,
          renderTrigger: true,
          freeForm: true,
          choices: [5, 10, 15, 25, 50, 75, 100].map((v) => ({ value: v, label: String(v) })),
        },
      ],
      [
        {
          name: 'opacity',
          type: 'SliderControl',
          label: 'Bubble Opacity',
          default: 0.6,
          min: 0,
          max: 1,
          step: 0.1,
          renderTrigger: true,
        },
      ],
      [
        {
          name: 'x_axis_label',
          type: 'TextControl',
          label: 'X Axis Title',
          default: '',
          renderTrigger: true,
        },
      ],
      [{ ...shared.yAxisFormat, name: 'x_axis_format', label: 'X Axis Format' }],
      [checkbox('logXAxis', 'Logarithmic x-axis', false)],
      [
        {
          name: 'y_axis_label',
          type: 'TextControl',
          label: 'Y Axis Title',
          default: '',
          renderTrigger: true,
        },
      ],
      [shared.yAxisFormat],
      [checkbox('logYAxis', 'Logarithmic y-axis', false)],
    ],
  ),
  transformProps: transformBubbleProps,
  loadChart: () => import('./BubbleChart'),
});
