/** The Datasets list, at Superset's path so its links carry over. */
export const DATASET_LIST_PATH = '/tablemodelview/list/';
