import { SQLLAB_PATH } from '../paths';

/** SQL Lab opening a new tab on a dataset (its SQL, or SELECT * of its table); read by dataset-param.ts. */
export function sqlLabDatasetPath(datasetId: number): string {
  return `${SQLLAB_PATH}?datasetId=${String(datasetId)}`;
}

/** SQL Lab opening a new tab with this SQL on this database and schema; read by dataset-param.ts. */
export function sqlLabQueryPath(query: { dbId: number; sql: string; schema?: string | null }): string {
  const params = new URLSearchParams({ dbid: String(query.dbId), sql: query.sql });
  if (query.schema !== undefined && query.schema !== null && query.schema !== '') {
    params.set('schema', query.schema);
  }
  return `${SQLLAB_PATH}?${params.toString()}`;
}
