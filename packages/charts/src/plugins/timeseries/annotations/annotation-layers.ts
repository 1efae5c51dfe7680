import {
  annotationLayerConfigSchema,
  nativeAnnotationDataSchema,
  type AnnotationLayerConfig,
} from '@tessera/contracts';
import type { SeriesOption } from 'echarts';
import { parseFormula } from './formula';

/** echarts' dash of each of Superset's annotation styles. */
const DASH: Readonly<Record<AnnotationLayerConfig['style'], 'solid' | 'dashed' | 'dotted' | number[]>> = {
  solid: 'solid',
  dashed: 'dashed',
  longDashed: [12, 6],
  dotted: 'dotted',
};

/** The shown, well-formed layers of the form data, in their order. */
export function shownAnnotationLayers(raw: unknown): AnnotationLayerConfig[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item) => {
    const parsed = annotationLayerConfigSchema.safeParse(item);
    return parsed.success && parsed.data.show ? [parsed.data] : [];
  });
}

interface AnnotationInputs {
  layers: readonly AnnotationLayerConfig[];
  /** `ChartProps.annotationData`: what each layer's annotation query stored, by layer name. */
  data: Readonly<Record<string, unknown>>;
  /** The chart's x values (epoch ms on a time axis), for formulas. */
  xValues: readonly number[];
  color: (layerName: string) => string;
}

const lineStyleOf = (layer: AnnotationLayerConfig, color: string) => ({
  color,
  width: layer.width,
  type: DASH[layer.style],
});

/** Events and intervals of a NATIVE layer, as [start, end, title] (epoch ms). */
function nativeSpans(data: unknown): [number, number, string][] {
  const parsed = nativeAnnotationDataSchema.safeParse(data);
  if (!parsed.success) return [];
  return parsed.data.records.map((record) => [record.start_dttm, record.end_dttm, record.short_descr]);
}

/**
 * The echarts series that draw a chart's annotation layers (Superset's annotation types): a formula as
 * a line over the chart's x values, events as vertical mark lines, intervals as shaded mark areas. A
 * layer without data yet (its query still running or failed) draws nothing; a formula that does not
 * parse draws nothing either (the control says why).
 */
export function annotationSeries({ layers, data, xValues, color }: AnnotationInputs): SeriesOption[] {
  return layers.flatMap((layer): SeriesOption[] => {
    const layerColor = layer.color ?? color(layer.name);
    const lineStyle = lineStyleOf(layer, layerColor);
    if (layer.annotationType === 'FORMULA') {
      let formula: (x: number) => number;
      try {
        formula = parseFormula(String(layer.value));
      } catch {
        return [];
      }
      const points = [...new Set(xValues)]
        .sort((a, b) => a - b)
        .map((x) => [x, formula(x)] as [number, number])
        .filter(([, y]) => Number.isFinite(y));
      return [
        {
          type: 'line',
          name: layer.name,
          data: points,
          showSymbol: false,
          lineStyle,
          itemStyle: { color: layerColor },
        },
      ];
    }
    if (layer.sourceType !== 'NATIVE') return [];
    const spans = nativeSpans(data[layer.name]);
    if (layer.annotationType === 'EVENT') {
      return [
        {
          type: 'line',
          name: layer.name,
          data: [],
          itemStyle: { color: layerColor },
          markLine: {
            symbol: ['none', 'none'],
            silent: false,
            lineStyle,
            label: { show: layer.showLabel === true, formatter: '{b}' },
            data: spans.map(([start, , title]) => ({ name: title, xAxis: start })),
          },
        },
      ];
    }
    if (layer.annotationType === 'INTERVAL') {
      return [
        {
          type: 'line',
          name: layer.name,
          data: [],
          itemStyle: { color: layerColor },
          markArea: {
            silent: false,
            itemStyle: { color: layerColor, opacity: 0.2 },
            label: { show: layer.showLabel === true },
            data: spans.map(([start, end, title]) => [{ name: title, xAxis: start }, { xAxis: end }]),
          },
        },
      ];
    }
    return [];
  });
}
