import type { EChartsOption } from 'echarts';
import type { ChartProps } from '../../plugin-api';
import { getColumnLabel, parseColumn, parseColumns } from '../../query/labels';
import { asBoolean, asOptionalString, asString, toNumber } from '../../query/values';
import { chartColorScale } from '../../format/labelColors';
import { getNumberFormatter } from '../../format/numberFormat';
import { axisStyle, gridOption, legendOption, tooltipOption } from '../../echarts/options';
import { columnNamesOf, labelOf, resultAt, rowsOf } from '../common/queryResult';
import type { EChartsChartProps } from '../common/echartsProps';

/** The histogram step returns one row per group with one column per bin ('a - b'); bars per group. */
export function transformHistogramProps(chartProps: ChartProps): EChartsChartProps {
  const { formData, width, height, theme } = chartProps;
  const result = resultAt(chartProps);
  const rows = rowsOf(result);
  const groupby = parseColumns(formData.groupby).map(getColumnLabel);
  const column = parseColumn(formData.column);
  const bins = columnNamesOf(result).filter((name) => !groupby.includes(name));
  const normalize = formData.normalize === true;
  const formatter = getNumberFormatter(
    normalize ? '.2%' : (asOptionalString(formData.y_axis_format) ?? ',d'),
  );
  const color = chartColorScale(chartProps);
  const series = rows.map((row) => {
    const name =
      groupby.map((g) => labelOf(row[g])).join(', ') || (column ? getColumnLabel(column) : 'count');
    return {
      type: 'bar' as const,
      name,
      barCategoryGap: '2%',
      itemStyle: { color: color(name) },
      label: {
        show: asBoolean(formData.show_value, false),
        position: 'top' as const,
        formatter: (p: { value?: unknown }) => formatter(toNumber(p.value)),
      },
      data: bins.map((bin) => toNumber(row[bin]) ?? 0),
    };
  });
  const showLegend = asBoolean(formData.show_legend, true) && groupby.length > 0;
  const option: EChartsOption = {
    grid: gridOption(showLegend, 'top'),
    legend: legendOption(
      showLegend,
      'top',
      'scroll',
      theme,
      series.map((s) => s.name),
    ),
    tooltip: { ...tooltipOption(theme, 'axis'), valueFormatter: (value) => formatter(toNumber(value)) },
    xAxis: {
      type: 'category',
      data: bins,
      name: asString(formData.x_axis_title),
      nameLocation: 'middle',
      nameGap: 30,
      ...axisStyle(theme),
    },
    yAxis: {
      type: 'value',
      name: asString(formData.y_axis_title),
      ...axisStyle(theme),
      axisLabel: { ...axisStyle(theme).axisLabel, formatter: (value: number) => formatter(value) },
    },
    series,
  };
  return { option, width, height };
}
