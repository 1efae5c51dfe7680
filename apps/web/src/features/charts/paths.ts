/** The Charts list, at Superset's path so its links carry over. */
export const CHART_LIST_PATH = '/chart/list/';

/** Explore opens a saved chart from its id (spec 001 §3 slice_url). */
export function chartExplorePath(id: number): string {
  return `/explore/?slice_id=${id}`;
}
