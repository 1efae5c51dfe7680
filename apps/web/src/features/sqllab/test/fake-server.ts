import type { QueryDict, SqlLabDatabase } from '@tessera/contracts';
import { jsonResponse } from '../../../test/dom-test';

export function database(overrides: Partial<SqlLabDatabase> = {}): SqlLabDatabase {
  return {
    id: 1,
    database_name: 'examples',
    backend: 'duckdb',
    allow_file_upload: false,
    allow_ctas: false,
    allow_cvas: false,
    allow_dml: false,
    allow_run_async: false,
    allows_subquery: true,
    expose_in_sqllab: true,
    force_ctas_schema: null,
    disable_data_preview: false,
    disable_drill_to_detail: false,
    allow_multi_catalog: false,
    ...overrides,
  };
}

export function queryDict(overrides: Partial<QueryDict> & Pick<QueryDict, 'id'>): QueryDict {
  return {
    queryId: 7,
    serverId: 7,
    dbId: 1,
    db: 'examples',
    sql: 'SELECT 1',
    executedSql: 'SELECT 1',
    sqlEditorId: null,
    tab: null,
    catalog: null,
    schema: 'main',
    limit: 1000,
    limitingFactor: 'NOT_LIMITED',
    progress: 0,
    rows: null,
    state: 'running',
    ctas: false,
    tempSchema: null,
    tempTable: null,
    startDttm: 1_700_000_000_000,
    endDttm: null,
    changed_on: '2024-01-01T00:00:00',
    errorMessage: null,
    resultsKey: null,
    trackingUrl: null,
    userId: 1,
    user: 'admin',
    extra: {},
    ...overrides,
  };
}

const NUM_COLUMN = { column_name: 'num', name: 'num', type: 'BIGINT', type_generic: 0, is_dttm: false };

/** A sync execute (or results) body with one `num` column holding the given values. */
export function resultBody(
  id: string,
  values: readonly number[],
  limitingFactor: QueryDict['limitingFactor'],
) {
  return {
    query_id: 7,
    status: 'success',
    data: values.map((num) => ({ num })),
    columns: [NUM_COLUMN],
    selected_columns: [NUM_COLUMN],
    expanded_columns: [],
    query: queryDict({ id, state: 'success', rows: values.length, limitingFactor, progress: 100 }),
  };
}

/** Answers the metadata calls SQL Lab makes on load; `extra` answers the rest (or null to fall through). */
export function sqlLabServer(
  databases: readonly SqlLabDatabase[],
  extra: (url: string, init: RequestInit) => Response | null = () => null,
) {
  return (url: string, init: RequestInit): Response => {
    const answer = extra(url, init);
    if (answer !== null) return answer;
    if (url === '/api/v1/sqllab/') {
      return jsonResponse(200, {
        result: {
          tab_state_ids: [],
          active_tab: null,
          databases: Object.fromEntries(databases.map((db) => [String(db.id), db])),
        },
      });
    }
    if (url === '/api/v1/security/csrf_token/') return jsonResponse(200, { result: 'token-1' });
    if (url.includes('/schemas/')) return jsonResponse(200, { result: ['main'] });
    if (url.includes('/tables/')) {
      return jsonResponse(200, { count: 1, result: [{ value: 'birth_names', type: 'table', extra: null }] });
    }
    if (url.includes('/function_names/')) return jsonResponse(200, { function_names: ['count'] });
    if (url.startsWith('/api/v1/query/?')) return jsonResponse(200, { count: 0, ids: [], result: [] });
    return jsonResponse(404, { message: `not stubbed: ${url}` });
  };
}
