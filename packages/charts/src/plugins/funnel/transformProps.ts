import type { EChartsOption } from 'echarts';
import type { ChartProps } from '../../plugin-api';
import { getColumnLabel, getMetricLabel, parseColumns, parseMetric } from '../../query/labels';
import { asBoolean, asOptionalString, asString, toNumber } from '../../query/values';
import { chartColorScale } from '../../format/labelColors';
import { getNumberFormatter } from '../../format/numberFormat';
import { metricDisplay } from '../../format/metricDisplay';
import { themeTokens } from '../../format/theme';
import { legendOption, tooltipOption } from '../../echarts/options';
import { labelOf, resultAt, rowsOf } from '../common/queryResult';
import { crossFilterConfig } from '../common/crossFilterConfig';
import { labelPointMenu } from '../common/pointMenuConfig';
import type { EChartsChartProps } from '../common/echartsProps';

/** Rows of (dimensions…, metric) → funnel stages, widest first. */
export function transformFunnelProps(chartProps: ChartProps): EChartsChartProps {
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
  const labels = new Map<string, unknown[]>();
  const stages = rows.map((row) => {
    const values = groupby.map((column) => row[column]);
    const name = values.map(labelOf).join(', ') || metricLabel;
    labels.set(name, values);
    return { name, value: toNumber(row[metricLabel]) ?? 0 };
  });
  const first = stages.reduce((max, stage) => Math.max(max, stage.value), 0);
  const crossFilter = crossFilterConfig(chartProps, groupby, labels, 'name');
  const pointMenu = labelPointMenu(chartProps, groupby, labels, 'name');
  const selected = new Set(crossFilter?.selected ?? []);
  const percent = getNumberFormatter('.2%');
  const labelType = asString(formData.label_type, 'key');
  const describe = (name: string, value: number) => {
    const share = first === 0 ? '' : percent(value / first);
    if (labelType === 'value') return formatter(value);
    if (labelType === 'percent') return share;
    if (labelType === 'key_value') return `${name}: ${formatter(value)}`;
    if (labelType === 'key_percent') return `${name}: ${share}`;
    if (labelType === 'key_value_percent') return `${name}: ${formatter(value)} (${share})`;
    return name;
  };
  const option: EChartsOption = {
    tooltip: { ...tooltipOption(theme, 'item'), valueFormatter: (value) => formatter(toNumber(value)) },
    legend: legendOption(
      asBoolean(formData.show_legend, true),
      asString(formData.legendOrientation, 'top'),
      asString(formData.legendType, 'scroll'),
      theme,
      stages.map((stage) => stage.name),
    ),
    series: [
      {
        type: 'funnel',
        top: 40,
        bottom: 10,
        sort: formData.sort_by_metric === false ? 'none' : 'descending',
        gap: 2,
        data: stages.map((stage) => ({
          ...stage,
          itemStyle: {
            color: color(stage.name),
            opacity: selected.size > 0 && !selected.has(stage.name) ? 0.3 : 1,
          },
          label: {
            show: asBoolean(formData.show_labels, true),
            formatter: describe(stage.name, stage.value),
            color: themeTokens(theme).text,
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
