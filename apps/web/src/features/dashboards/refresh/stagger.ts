import { DEFAULT_STAGGER_TIME_MS } from '@tessera/contracts';

export interface RefreshPlan {
  /** How often the whole dashboard refreshes, in ms. */
  intervalMs: number;
  /** When each chart is refreshed, in ms after the tick. */
  schedule: { chartId: number; delayMs: number }[];
}

export interface RefreshSettings {
  /** Seconds; 0 turns auto-refresh off. */
  frequency: number;
  staggerRefresh?: boolean | undefined;
  staggerTime?: number | undefined;
  immuneChartIds?: readonly number[] | undefined;
}

/**
 * Spec 001 §9: the interval is the larger of the frequency and stagger_time (default 5000 ms); with
 * stagger_refresh (the default) the charts are spread evenly over stagger_time instead of all asking
 * the server at once. Charts in timed_refresh_immune_slices are never auto-refreshed.
 */
export function refreshPlan(chartIds: readonly number[], settings: RefreshSettings): RefreshPlan | null {
  if (settings.frequency <= 0) return null;
  const staggerTime = settings.staggerTime ?? DEFAULT_STAGGER_TIME_MS;
  const intervalMs = Math.max(settings.frequency * 1000, staggerTime);
  const immune = new Set(settings.immuneChartIds ?? []);
  const charts = chartIds.filter((id) => !immune.has(id));
  const stagger = settings.staggerRefresh ?? true;
  const step = stagger && charts.length > 0 ? staggerTime / charts.length : 0;
  return {
    intervalMs,
    schedule: charts.map((chartId, index) => ({ chartId, delayMs: Math.round(index * step) })),
  };
}
