import type { EChartsOption, SeriesOption } from 'echarts';
import { categoricalColorScale, getSequentialColors } from '../../format/colorSchemes';
import { getNumberFormatter } from '../../format/numberFormat';
import { themeTokens } from '../../format/theme';
import { tooltipOption } from '../../echarts/options';
import { countryName, toAlpha3 } from './countries';
import type { WorldGeometry } from './geometry';
import type { WorldMapProps } from './props';

/** The name the world geometry is registered under with echarts. */
export const WORLD_MAP_NAME = 'tessera-world';

/** A row matched to a country of the geometry. */
interface CountryValue {
  code: string;
  entity: string;
  value: number | null;
  bubble: number | null;
}

/**
 * Rows matched to countries by their alpha-3 code. Rows naming no known country are dropped (as
 * Superset's "XXX"), and a country listed twice keeps its first row, the larger under the default
 * metric ordering.
 */
export function matchCountries(props: Pick<WorldMapProps, 'rows' | 'fieldType'>): CountryValue[] {
  const seen = new Set<string>();
  const matched: CountryValue[] = [];
  for (const row of props.rows) {
    const code = toAlpha3(props.fieldType, row.entity);
    if (code === undefined || seen.has(code)) continue;
    seen.add(code);
    matched.push({ code, entity: row.entity, value: row.value, bubble: row.bubble });
  }
  return matched;
}

function isItem(value: unknown): value is { name?: unknown; value?: unknown } {
  return typeof value === 'object' && value !== null;
}

/**
 * The echarts option of the world map: a geo component drawn from the world geometry, a map
 * series on it coloured by the metric (visual map) or by country (categorical scheme), and,
 * when bubbles are on, a scatter series at each country's centre sized by the bubble metric.
 */
export function worldMapOption(props: WorldMapProps, geometry: WorldGeometry): EChartsOption {
  const tokens = themeTokens(props.theme);
  const format = getNumberFormatter(props.numberFormat);
  const countries = matchCountries(props);
  const byCode = new Map(countries.map((country) => [country.code, country]));
  const values = countries.map((country) => country.value).filter((value) => value !== null);
  const colorByCountry = props.colorBy === 'country';
  const categorical = categoricalColorScale(props.colorScheme);
  const emptyArea = props.theme === 'dark' ? '#3a3a3a' : '#e6e6e6';

  const mapSeries: SeriesOption = {
    type: 'map',
    geoIndex: 0,
    name: props.metricLabel,
    data: countries.map((country) => ({
      name: country.code,
      value: country.value ?? Number.NaN,
      crossFilterKey: country.entity,
      ...(colorByCountry ? { itemStyle: { areaColor: categorical(country.code) } } : {}),
    })),
  };
  const series: SeriesOption[] = [mapSeries];

  if (props.showBubbles && props.bubbleLabel !== undefined) {
    const largest = Math.max(0, ...countries.map((country) => Math.abs(country.bubble ?? 0)));
    const bubbles = countries.flatMap((country) => {
      const center = geometry.centers.get(country.code);
      if (center === undefined || country.bubble === null) return [];
      return [
        { name: country.code, value: [center[0], center[1], country.bubble], crossFilterKey: country.entity },
      ];
    });
    series.push({
      type: 'scatter',
      coordinateSystem: 'geo',
      geoIndex: 0,
      name: props.bubbleLabel,
      data: bubbles,
      // Area proportional to the metric; the largest bubble has radius max_bubble_size.
      symbolSize: (value: unknown) => {
        const size = Array.isArray(value) && typeof value[2] === 'number' ? Math.abs(value[2]) : 0;
        return largest > 0 ? Math.max(2, Math.sqrt(size / largest) * props.maxBubbleSize * 2) : 2;
      },
      itemStyle: { color: props.bubbleColor, borderColor: tokens.text, borderWidth: 0.5, opacity: 0.8 },
      zlevel: 1,
    });
  }

  const tooltipText = (code: string): string => {
    const country = byCode.get(code);
    const lines = [countryName(code)];
    if (country) {
      lines.push(`${props.metricLabel}: ${format(country.value)}`);
      if (props.bubbleLabel !== undefined && props.bubbleLabel !== props.metricLabel) {
        lines.push(`${props.bubbleLabel}: ${format(country.bubble)}`);
      }
    }
    return lines.join('<br/>');
  };

  return {
    tooltip: {
      ...tooltipOption(props.theme, 'item'),
      formatter: (params) => {
        const item = Array.isArray(params) ? params[0] : params;
        const name = isItem(item) && typeof item.name === 'string' ? item.name : '';
        return tooltipText(name);
      },
    },
    geo: {
      map: WORLD_MAP_NAME,
      roam: false,
      itemStyle: {
        areaColor: emptyArea,
        borderColor: props.theme === 'dark' ? '#1f1f1f' : '#ffffff',
        borderWidth: 0.5,
      },
      emphasis: { label: { show: false }, itemStyle: { areaColor: tokens.neutral } },
      select: { disabled: true },
    },
    ...(colorByCountry || values.length === 0
      ? {}
      : {
          visualMap: {
            type: 'continuous',
            seriesIndex: 0,
            min: Math.min(...values),
            max: Math.max(...values),
            calculable: true,
            left: 'left',
            bottom: 8,
            inRange: { color: [...getSequentialColors(props.linearColorScheme)] },
            textStyle: { color: tokens.text },
            formatter: (value: unknown) => (typeof value === 'number' ? format(value) : String(value)),
          },
        }),
    series,
  };
}
