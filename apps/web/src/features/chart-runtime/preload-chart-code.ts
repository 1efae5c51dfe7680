import { getChartPlugin } from '@tessera/charts';

/**
 * Starts downloading the drawing code of each chart type named, once per type and side by side, as soon
 * as a page knows which types it will draw (a dashboard's chart list), instead of when each chart's holder
 * mounts and queries. A failed download is not reported here: the chart's own render retries and says so.
 */
export function preloadChartCode(vizTypes: Iterable<string>): void {
  for (const vizType of new Set(vizTypes))
    getChartPlugin(vizType)
      ?.loadChart()
      .catch(() => undefined);
}
