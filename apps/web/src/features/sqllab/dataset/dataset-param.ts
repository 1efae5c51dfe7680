/** What the address asks SQL Lab to open in a new tab (spec 000 §2 "a dataset by id with optional SQL"). */
export type SqlSource =
  | { kind: 'dataset'; datasetId: number; sql: string | null }
  | {
      kind: 'sql';
      dbId: number;
      sql: string;
      schema: string | null;
      catalog: string | null;
      name: string | null;
    };

export const DATASOURCE_LOAD_FAILED = "The datasource couldn't be loaded";

function positiveInt(value: string | null): number | null {
  if (value === null || !/^[1-9]\d{0,11}$/.test(value)) return null;
  return Number(value);
}

function text(params: URLSearchParams, key: string): string | null {
  const value = params.get(key);
  return value === null || value.trim() === '' ? null : value;
}

/**
 * Reads `?datasetId=5` (or `?datasourceKey=5__table`, as explore links it) with an optional `sql`,
 * and `?dbid=1&sql=...` with optional `schema`, `catalog` and `name` (a tab title). Anything else, or
 * a malformed id, is no source.
 */
export function sqlSourceFromSearch(search: string): SqlSource | null {
  const params = new URLSearchParams(search);
  const sql = text(params, 'sql');
  const datasetId =
    positiveInt(params.get('datasetId')) ??
    positiveInt(/^(\d+)__table$/.exec(params.get('datasourceKey') ?? '')?.[1] ?? null);
  if (datasetId !== null) return { kind: 'dataset', datasetId, sql };
  const dbId = positiveInt(params.get('dbid'));
  if (dbId !== null && sql !== null) {
    return {
      kind: 'sql',
      dbId,
      sql,
      schema: text(params, 'schema'),
      catalog: text(params, 'catalog'),
      name: text(params, 'name') ?? text(params, 'title'),
    };
  }
  return null;
}
