/** Where the saved queries list lives, and how SQL Lab opens one (reference §2.5). */
export const SAVED_QUERY_LIST_PATH = '/savedqueryview/list/';

export function savedQuerySqlLabPath(id: number): string {
  return `/sqllab/?savedQueryId=${id}`;
}
