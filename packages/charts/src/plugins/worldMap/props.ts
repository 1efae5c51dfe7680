import type { CrossFilterConfig } from '../common/echartsProps';

/** Superset's `country_fieldtype` values: what the entity column holds. */
export const COUNTRY_FIELD_TYPES = ['cca2', 'cca3', 'cioc', 'name'] as const;
export type CountryFieldType = (typeof COUNTRY_FIELD_TYPES)[number];

export function isCountryFieldType(value: unknown): value is CountryFieldType {
  return typeof value === 'string' && (COUNTRY_FIELD_TYPES as readonly string[]).includes(value);
}

/** One result row: the entity as the dataset holds it and the colour and bubble metrics. */
export interface WorldMapRow {
  entity: string;
  value: number | null;
  bubble: number | null;
}

/**
 * What transformProps hands the lazily loaded component. Country codes are resolved and the
 * echarts option built there (worldMapOption), so the geometry and code tables load with it.
 */
export interface WorldMapProps {
  rows: WorldMapRow[];
  fieldType: CountryFieldType;
  metricLabel: string;
  /** Label of the bubble-size metric, when one is set. */
  bubbleLabel?: string;
  showBubbles: boolean;
  maxBubbleSize: number;
  /** CSS colour of the bubbles (Superset's color_picker). */
  bubbleColor: string;
  /** 'metric' shades countries along the linear scheme; 'country' gives each its categorical colour. */
  colorBy: 'metric' | 'country';
  linearColorScheme?: string;
  colorScheme?: string;
  numberFormat?: string;
  theme: 'light' | 'dark';
  width: number;
  height: number;
  crossFilter?: CrossFilterConfig;
}
