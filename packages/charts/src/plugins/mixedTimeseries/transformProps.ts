import type { EChartsOption, SeriesOption } from 'echarts';
import type { ChartProps } from '../../plugin-api';
import { asOptionalString } from '../../query/values';
import { chartColorScale } from '../../format/labelColors';
import { transformTimeseriesProps } from '../timeseries/transformProps';
import { queryAFormData, queryBFormData } from './formData';
import { seriesTypeOf } from './seriesType';
import type { EChartsChartProps } from '../common/echartsProps';

function listSeries(option: EChartsOption): SeriesOption[] {
  const series = option.series;
  if (series === undefined) return [];
  return Array.isArray(series) ? series : [series];
}

/** Query A and query B drawn as two timeseries sharing the x axis, each on its chosen y axis. */
export function transformMixedTimeseriesProps(chartProps: ChartProps): EChartsChartProps {
  const { formData } = chartProps;
  const formDataA = queryAFormData(formData);
  const formDataB: ChartProps['formData'] = {
    ...queryBFormData(formData),
    stack: formData.stackB,
    area: formData.areaB,
    markerEnabled: formData.markerEnabledB,
    markerSize: formData.markerSizeB,
    show_value: formData.show_valueB,
    y_axis_format: formData.y_axis_format_secondary ?? formData.y_axis_format,
    // The chart's annotation layers are drawn once, with query A's series.
    annotation_layers: [],
  };
  // One scale for both queries, keyed per query: the scheme's colours continue from query A's series
  // into query B's, so no two series share a colour (even a metric present in both queries).
  const scale = chartColorScale(chartProps);
  const colorOfQuery = (query: 'A' | 'B') => (seriesName: string) => scale(`${query}\u0000${seriesName}`);
  const a = transformTimeseriesProps(
    { ...chartProps, formData: formDataA, queriesData: chartProps.queriesData.slice(0, 1) },
    {
      seriesType: seriesTypeOf(formData.seriesType),
      color: colorOfQuery('A'),
      ...(formData.area === true ? { area: true } : {}),
    },
  );
  const b = transformTimeseriesProps(
    { ...chartProps, formData: formDataB, queriesData: chartProps.queriesData.slice(1, 2) },
    {
      seriesType: seriesTypeOf(formData.seriesTypeB),
      color: colorOfQuery('B'),
      ...(formData.areaB === true ? { area: true } : {}),
    },
  );
  const identify = formData.show_query_identifiers === true;
  const axisA = formData.yAxisIndex === 1 ? 1 : 0;
  const axisB = formData.yAxisIndexB === 1 ? 1 : 0;
  const rename = (series: SeriesOption, suffix: string, yAxisIndex: number): SeriesOption => ({
    ...series,
    ...(identify && typeof series.name === 'string' ? { name: `${series.name} (${suffix})` } : {}),
    ...(series.type === 'line' || series.type === 'bar' || series.type === 'scatter' ? { yAxisIndex } : {}),
  });
  const seriesA = listSeries(a.option).map((s) => rename(s, 'Query A', axisA));
  const seriesB = listSeries(b.option).map((s) => rename(s, 'Query B', axisB));
  const yAxes = [a.option.yAxis, b.option.yAxis].map((axis, index) => ({
    ...(axis as object),
    ...(index === 1 ? { position: 'right', splitLine: { show: false } } : {}),
    name: asOptionalString(index === 0 ? formData.y_axis_title : formData.y_axis_title_secondary) ?? '',
  }));
  const option: EChartsOption = {
    ...a.option,
    legend: { ...(a.option.legend as object), data: [...seriesA, ...seriesB].map((s) => String(s.name)) },
    yAxis: yAxes as EChartsOption['yAxis'],
    series: [...seriesA, ...seriesB],
  };
  const crossFilter = a.crossFilter
    ? { ...a.crossFilter, labels: new Map([...(b.crossFilter?.labels ?? []), ...a.crossFilter.labels]) }
    : undefined;
  return {
    option,
    width: chartProps.width,
    height: chartProps.height,
    ...(crossFilter ? { crossFilter } : {}),
  };
}
