import type { ExploreFormData } from '@tessera/core';
import type { ChartState } from './chart-status.slice';

/**
 * Keys that say where the chart lives or how the page was opened, not what it shows: saving a chart adds
 * slice_id, a URL may add the others. They never make the drawn chart out of date.
 */
const LOCATION_KEYS: ReadonlySet<string> = new Set(['slice_id', 'url_params', 'standalone', 'force']);

/** A JSON-like value with object keys sorted and undefined members dropped, so equal forms compare equal. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : canonical(item)));
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value)
    .filter(([, member]) => member !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, member]) => [key, canonical(member)] as const);
  return Object.fromEntries(entries);
}

/** The form data as far as the chart's picture depends on it. */
export function normalizeFormData(formData: ExploreFormData): unknown {
  return canonical(Object.fromEntries(Object.entries(formData).filter(([key]) => !LOCATION_KEYS.has(key))));
}

export function sameFormData(a: ExploreFormData, b: ExploreFormData): boolean {
  return JSON.stringify(normalizeFormData(a)) === JSON.stringify(normalizeFormData(b));
}

/**
 * True when the form differs from what the chart shows: the last drawn form data, or, before anything was
 * drawn (a failed or stopped run), the last form that was run. Saving or reopening a chart changes neither.
 */
export function controlsChanged(chart: ChartState, formData: ExploreFormData): boolean {
  if (chart.chartStatus === null) return false;
  const shown =
    chart.chartStatus === 'rendered'
      ? (chart.renderedFormData ?? chart.latestQueryFormData)
      : chart.latestQueryFormData;
  return !sameFormData(shown, formData);
}
