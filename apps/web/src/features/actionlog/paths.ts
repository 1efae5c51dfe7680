/** Superset's Action Log address (Settings › Security › Action Log). */
export const ACTION_LOG_PATH = '/actionlog/list/';
