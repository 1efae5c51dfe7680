/** The Charts list, at Superset's path so its links carry over. */
export const CHART_LIST_PATH = '/chart/list/';

/** '+ Chart': pick a dataset and a chart type, then Explore (Superset's /chart/add). */
export const CHART_CREATE_PATH = '/chart/add/';

/** Explore opens a saved chart from its id (spec 001 §3 slice_url). */
export function chartExplorePath(id: number): string {
  return `/explore/?slice_id=${id}`;
}
