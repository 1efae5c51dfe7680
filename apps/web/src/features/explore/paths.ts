/** Explore routes (spec 001 §2 'Explore'); /superset/explore/p/<key>/ is the permalink form. */
export const EXPLORE_PATH = '/explore/';
export const EXPLORE_PERMALINK_ROUTE = '/superset/explore/p/:key/';
export const EXPLORE_PERMALINK_SHORT_ROUTE = '/explore/p/:key/';

export function exploreChartPath(sliceId: number): string {
  return `${EXPLORE_PATH}?slice_id=${String(sliceId)}`;
}

export function exploreDatasetPath(datasetId: number, vizType?: string): string {
  const viz = vizType === undefined ? '' : `&viz_type=${encodeURIComponent(vizType)}`;
  return `${EXPLORE_PATH}?datasource_type=table&datasource_id=${String(datasetId)}${viz}`;
}
