/** Where the Query history page lives (Superset's /sqllab/history/ list, reference §2.4). */
export const QUERY_HISTORY_PATH = '/sqlhistory/list/';
