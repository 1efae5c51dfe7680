import type { ChartProps } from '../../plugin-api';
import { getColumnLabel, getMetricLabel, parseColumn, parseMetric } from '../../query/labels';
import { asNumber, toNumber } from '../../query/values';
import { chartColorScale } from '../../format/labelColors';
import { labelOf, resultAt, rowsOf } from '../common/queryResult';
import type { RotationMode, Word } from './layout';

export interface WordCloudProps {
  width: number;
  height: number;
  words: Word[];
  rotation: RotationMode;
}

/** Font sizes scale linearly with the metric from size_from to size_to. */
export function transformWordCloudProps(chartProps: ChartProps): WordCloudProps {
  const { formData, width, height } = chartProps;
  const rows = rowsOf(resultAt(chartProps));
  const column = parseColumn(formData.series);
  const columnLabel = column === undefined ? '' : getColumnLabel(column);
  const metric = parseMetric(formData.metric);
  const metricLabel = metric === undefined ? '' : getMetricLabel(metric);
  const sizeFrom = asNumber(formData.size_from, 10);
  const sizeTo = asNumber(formData.size_to, 70);
  const values = rows.map((row) => toNumber(row[metricLabel]) ?? 0);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const color = chartColorScale(chartProps);
  const words = rows.map((row, index) => {
    const text = labelOf(row[columnLabel]);
    const value = values[index] ?? 0;
    const size = max === min ? sizeTo : sizeFrom + ((value - min) / (max - min)) * (sizeTo - sizeFrom);
    return { text, size: Math.round(size), color: color(text) };
  });
  const rotation =
    formData.rotation === 'flat' || formData.rotation === 'random' ? formData.rotation : 'square';
  return { width, height, words, rotation };
}
