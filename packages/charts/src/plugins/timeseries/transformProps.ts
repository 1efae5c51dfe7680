import type { EChartsOption, SeriesOption, XAXisComponentOption, YAXisComponentOption } from 'echarts';
import type { ChartProps } from '../../plugin-api';
import { getXAxisLabel, isXAxisTemporal } from '../../query/buildQueryContext';
import { parseColumns, parseMetrics, getColumnLabel, getMetricLabel } from '../../query/labels';
import {
  asBoolean,
  asNumber,
  asOptionalNumber,
  asOptionalString,
  asString,
  toNumber,
  asArray,
} from '../../query/values';
import { chartColorScale } from '../../format/labelColors';
import { getNumberFormatter } from '../../format/numberFormat';
import { metricDisplay } from '../../format/metricDisplay';
import { getGrainTimeFormatter, getTimeFormatter, toDate } from '../../format/timeFormat';
import { axisStyle, gridOption, isLargeSeries, legendOption, tooltipOption } from '../../echarts/options';
import { columnNamesOf, isTemporalColumn, labelOf, resultAt, rowsOf } from '../common/queryResult';
import { crossFilterConfig } from '../common/crossFilterConfig';
import { pointMenuConfig } from '../common/pointMenuConfig';
import { labelPointFilters, pointFilter } from '../../drill/point-filters';
import type { EChartsChartProps } from '../common/echartsProps';
import { sortSeriesNames } from './sort-series';
import { annotationSeries, shownAnnotationLayers } from './annotations/annotation-layers';

export type TimeseriesSeriesType = 'line' | 'bar' | 'scatter' | 'smooth' | 'start' | 'middle' | 'end';

const STEP_TYPES = ['start', 'middle', 'end'] as const;

export interface TimeseriesVariant {
  seriesType: TimeseriesSeriesType;
  area?: boolean;
  /**
   * The series name → colour function to use instead of a fresh scale of the chart's scheme: the mixed
   * chart shares one scale across its two queries so their series never get the same colour.
   */
  color?: (seriesName: string) => string;
}

/** The series name → groupby values map: from the server's label_map, else split at ', '. */
function seriesLabels(
  names: readonly string[],
  labelMap: Record<string, string[]> | undefined,
  groupby: readonly string[],
): Map<string, unknown[]> {
  return new Map(
    names.map((name) => {
      const mapped = labelMap?.[name];
      const values = mapped ?? name.split(', ');
      return [name, groupby.length > 0 ? values.slice(-groupby.length) : values];
    }),
  );
}

/** Query results (pivoted and flattened: x column + one column per series) → echarts option. */
export function transformTimeseriesProps(
  chartProps: ChartProps,
  variant: TimeseriesVariant,
): EChartsChartProps {
  const { formData, width, height, theme } = chartProps;
  const result = resultAt(chartProps);
  const rows = rowsOf(result);
  const xLabel = getXAxisLabel(formData) ?? '__timestamp';
  const xColumn = columnNamesOf(result).includes(xLabel) ? xLabel : (columnNamesOf(result)[0] ?? xLabel);
  const seriesNames = sortSeriesNames(
    columnNamesOf(result).filter((name) => name !== xColumn),
    rows,
    formData.sort_series_type,
    formData.sort_series_ascending,
  );
  const temporal =
    isTemporalColumn(result, xColumn) ||
    (isXAxisTemporal(formData) &&
      rows.length > 0 &&
      rows.every((r) => typeof r[xColumn] === 'number') &&
      asOptionalString(formData.time_grain_sqla) !== undefined);
  const stepType = STEP_TYPES.find((type) => type === formData.seriesType);
  const seriesType: TimeseriesSeriesType =
    variant.seriesType === 'start' ? (stepType ?? 'start') : variant.seriesType;
  const area = variant.area === true || formData.area === true;
  const stack = formData.stack === true || formData.stack === 'Stack' || formData.stack === 'Expand';
  const horizontal = seriesType === 'bar' && formData.orientation === 'horizontal';
  const opacity = asNumber(formData.opacity, 0.2);
  const markerEnabled = asBoolean(formData.markerEnabled, false);
  const markerSize = asNumber(formData.markerSize, 6);
  const showValue = asBoolean(formData.show_value, false);
  const display = metricDisplay(
    chartProps.datasource,
    parseMetrics(formData.metrics).map(getMetricLabel),
    asOptionalString(formData.y_axis_format),
  );
  const yFormatter = display.axisFormatter;
  const xTimeFormatter = getTimeFormatter(asOptionalString(formData.x_axis_time_format));
  // The tooltip's title stands alone, so it shows the whole date at the grain (2001, 2001-01, …).
  const tooltipTimeFormatter = getGrainTimeFormatter(
    asOptionalString(formData.x_axis_time_format),
    asOptionalString(formData.time_grain_sqla),
  );
  const scale = variant.color ?? chartColorScale(chartProps);
  const groupby = parseColumns(formData.groupby).map(getColumnLabel);
  const groupValues = seriesLabels(seriesNames, result.label_map, groupby);
  const metricLabels = parseMetrics(formData.metrics).map(getMetricLabel);
  const onlyMetric = metricLabels.length === 1 && groupby.length > 0 ? metricLabels[0] : undefined;
  // With one metric a series stands for its group ('boy', not 'total, boy'): that is the label other
  // charts on a dashboard (a pie by the same column) colour it by. The server's label_map may hold the
  // joined name only, so the metric prefix is taken off the name itself.
  const color = (name: string): string =>
    scale(
      onlyMetric !== undefined && name.startsWith(`${onlyMetric}, `)
        ? name.slice(onlyMetric.length + 2)
        : name,
    );
  // Keyed by the shown name: a click on a series reports the name the legend shows.
  const labels = new Map([...groupValues].map(([name, values]) => [display.label(name), values]));
  const crossFilter = crossFilterConfig(chartProps, groupby, labels, 'series');
  const selected = new Set(crossFilter?.selected ?? []);

  const xValue = (value: unknown): string | number | null => {
    if (temporal) return typeof value === 'number' ? value : (toDate(value)?.getTime() ?? null);
    if (typeof value === 'number') return value;
    return labelOf(value);
  };

  // A right click on a point names its x category (a time axis is left out: a point there is a time
  // grain bucket, not one value) and its series' groupby values.
  const xRawValues = new Map(rows.map((row) => [xValue(row[xColumn]), row[xColumn]]));
  const pointMenu = pointMenuConfig(chartProps, (event) => {
    const point = Array.isArray(event.data) ? (event.data as unknown[]) : [];
    const x = horizontal ? point[1] : point[0];
    const xFilters =
      temporal || (typeof x !== 'string' && typeof x !== 'number')
        ? []
        : [pointFilter(xColumn, xRawValues.has(x) ? xRawValues.get(x) : x, String(x))];
    return [...xFilters, ...labelPointFilters(groupby, labels, event.seriesName)];
  });

  const series: SeriesOption[] = seriesNames.map((name) => {
    const data = rows.map(
      (row) => [xValue(row[xColumn]), toNumber(row[name])] as [string | number | null, number | null],
    );
    const large = isLargeSeries(data.length);
    const shownName = display.label(name);
    const dimmed = selected.size > 0 && !selected.has(shownName);
    const format = display.formatterFor(name);
    const common = {
      name: shownName,
      data: horizontal ? data.map(([x, y]) => [y, x]) : data,
      itemStyle: { color: color(name), opacity: dimmed ? 0.3 : 1 },
      label: {
        show: showValue,
        formatter: (params: { value: unknown }) => formatPointValue(params.value, format, horizontal),
      },
      tooltip: {
        valueFormatter: (value: unknown) => formatTooltipValue(value, format),
      },
      ...(stack ? { stack: 'total' } : {}),
    };
    if (seriesType === 'bar') {
      return { ...common, type: 'bar', ...(large ? { large: true, largeThreshold: 2000 } : {}) };
    }
    if (seriesType === 'scatter') {
      return {
        ...common,
        type: 'scatter',
        symbolSize: markerSize,
        ...(large ? { large: true, largeThreshold: 2000 } : {}),
      };
    }
    return {
      ...common,
      type: 'line',
      smooth: seriesType === 'smooth',
      ...(['start', 'middle', 'end'].includes(seriesType)
        ? { step: seriesType as 'start' | 'middle' | 'end' }
        : {}),
      showSymbol: markerEnabled && !large,
      symbolSize: markerSize,
      lineStyle: { color: color(name), opacity: dimmed ? 0.3 : 1 },
      ...(area ? { areaStyle: { opacity: dimmed ? opacity * 0.3 : opacity } } : {}),
      ...(large ? { sampling: 'lttb' as const, progressive: 0 } : {}),
    };
  });

  // Annotation layers are drawn against a time x-axis, as Superset's time-series charts draw them.
  if (temporal && !horizontal) {
    series.push(
      ...annotationSeries({
        layers: shownAnnotationLayers(formData.annotation_layers),
        data: chartProps.annotationData ?? {},
        xValues: rows.flatMap((row) => {
          const x = xValue(row[xColumn]);
          return typeof x === 'number' ? [x] : [];
        }),
        color: scale,
      }),
    );
  }

  const bounds = asArray(formData.y_axis_bounds);
  const yMin = asOptionalNumber(bounds[0]);
  const yMax = asOptionalNumber(bounds[1]);
  const logAxis = formData.logAxis === true;
  const contribution = formData.contributionMode === 'row' || formData.contributionMode === 'column';
  const valueAxisBase = {
    ...axisStyle(theme),
    name: asString(formData.y_axis_title),
    nameLocation: 'middle' as const,
    nameGap: 40,
    ...(yMin !== undefined ? { min: yMin } : {}),
    ...(yMax !== undefined ? { max: yMax } : {}),
    axisLabel: {
      ...axisStyle(theme).axisLabel,
      formatter: (value: number) => (contribution ? getNumberFormatter(',.0%')(value) : yFormatter(value)),
    },
  };
  const categoryType: 'time' | 'category' | 'value' = temporal
    ? 'time'
    : seriesType === 'bar' || typeof rows[0]?.[xColumn] !== 'number'
      ? 'category'
      : 'value';
  const categoryAxisBase = {
    ...axisStyle(theme),
    name: asString(formData.x_axis_title),
    nameLocation: 'middle' as const,
    nameGap: 30,
    axisLabel: {
      ...axisStyle(theme).axisLabel,
      hideOverlap: true,
    },
  };
  const axis = (role: 'value' | 'category') =>
    role === 'value'
      ? logAxis
        ? { ...valueAxisBase, type: 'log' as const }
        : { ...valueAxisBase, type: 'value' as const }
      : categoryType === 'time'
        ? {
            ...categoryAxisBase,
            type: 'time' as const,
            axisLabel: { ...categoryAxisBase.axisLabel, formatter: (value: number) => xTimeFormatter(value) },
            // echarts titles an axis tooltip with this label; its default is a local-time ISO-like text.
            axisPointer: {
              label: { formatter: (params: { value: unknown }) => tooltipTimeFormatter(params.value) },
            },
          }
        : categoryType === 'category'
          ? {
              ...categoryAxisBase,
              type: 'category' as const,
              boundaryGap: seriesType === 'bar' || horizontal,
            }
          : { ...categoryAxisBase, type: 'value' as const };
  const xAxis: XAXisComponentOption = axis(horizontal ? 'value' : 'category');
  const yAxis: YAXisComponentOption = axis(horizontal ? 'category' : 'value');
  const showLegend = asBoolean(formData.show_legend, true);
  const legendOrientation = asString(formData.legendOrientation, 'top');
  const tooltip = tooltipOption(theme, 'axis');
  const option: EChartsOption = {
    animation: rows.length <= 2000,
    grid: gridOption(showLegend, legendOrientation),
    legend: legendOption(
      showLegend,
      legendOrientation,
      asString(formData.legendType, 'scroll'),
      theme,
      seriesNames.map(display.label),
    ),
    tooltip: {
      ...tooltip,
      valueFormatter: (value) => formatTooltipValue(value, yFormatter),
    },
    xAxis,
    yAxis,
    series,
    ...(formData.zoomable === true ? { dataZoom: [{ type: 'inside' }, { type: 'slider', bottom: 0 }] } : {}),
  };
  return {
    option,
    width,
    height,
    ...(crossFilter ? { crossFilter } : {}),
    ...(pointMenu ? { pointMenu } : {}),
  };
}

function formatTooltipValue(value: unknown, format: (n: number) => string): string {
  return typeof value === 'number' ? format(value) : labelOf(value);
}

function formatPointValue(value: unknown, format: (n: number) => string, horizontal: boolean): string {
  const pair = asArray(value);
  const number = toNumber(horizontal ? pair[0] : pair[1]);
  return number === null ? '' : format(number);
}
