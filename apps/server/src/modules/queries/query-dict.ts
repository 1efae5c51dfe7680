import {
  ENGINES,
  LIMITING_FACTORS,
  QUERY_STATES,
  supersetErrorSchema,
  type Engine,
  type LimitingFactor,
  type QueryDict,
  type QueryListItem,
  type QueryState,
  type SupersetError,
} from '@tessera/contracts';
import { z } from 'zod';
import { extractTables } from '@tessera/sql';
import type { QueryView } from './queries.repo';

const extraSchema = z.record(z.string(), z.unknown());
const errorsSchema = z.array(supersetErrorSchema);

/** The extra JSON of a row; anything unreadable counts as empty. */
export function parseExtra(text: string): Record<string, unknown> {
  try {
    const parsed = extraSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

export function parseErrors(text: string | null): SupersetError[] {
  if (text === null) return [];
  try {
    const parsed = errorsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export function asQueryState(status: string): QueryState {
  return (QUERY_STATES as readonly string[]).includes(status) ? (status as QueryState) : 'failed';
}

function asLimitingFactor(value: string | null): LimitingFactor | null {
  return value !== null && (LIMITING_FACTORS as readonly string[]).includes(value)
    ? (value as LimitingFactor)
    : null;
}

/** The dialect of a database's backend (MariaDB speaks MySQL). */
export function engineOfBackend(backend: string): Engine | null {
  const engine = backend === 'mariadb' ? 'mysql' : backend;
  return (ENGINES as readonly string[]).includes(engine) ? (engine as Engine) : null;
}

const displayName = (view: QueryView): string =>
  [view.user_first_name, view.user_last_name].filter((part) => part !== '').join(' ');

/** Query.to_dict(): the camelCase form of every SQL Lab response and poll (reference §2.2). */
export function toQueryDict(view: QueryView): QueryDict {
  const extra = parseExtra(view.extra);
  const errors = parseErrors(view.errors);
  return {
    id: view.client_id,
    queryId: view.id,
    serverId: view.id,
    dbId: view.database_id,
    db: view.database_name,
    sql: view.sql,
    executedSql: view.executed_sql,
    sqlEditorId: view.sql_editor_id,
    tab: view.tab_name,
    catalog: view.catalog,
    schema: view.schema,
    limit: view.limit,
    limitingFactor: asLimitingFactor(view.limiting_factor),
    progress: view.progress,
    rows: view.rows,
    state: asQueryState(view.status),
    ctas: view.select_as_cta === 1,
    tempSchema: view.tmp_schema_name,
    tempTable: view.tmp_table_name,
    startDttm: view.start_time,
    endDttm: view.end_time,
    changed_on: view.changed_on,
    errorMessage: view.error_message,
    resultsKey: view.results_key,
    trackingUrl: view.tracking_url,
    userId: view.user_id,
    user: displayName(view),
    extra: errors.length > 0 ? { ...extra, errors } : extra,
  };
}

function sqlTables(view: QueryView): QueryListItem['sql_tables'] {
  const engine = engineOfBackend(view.backend);
  if (engine === null) return [];
  return extractTables(view.sql, engine).map((ref) => ({ schema: ref.schema, table: ref.table }));
}

/** The list form of GET /api/v1/query/ (reference §2.4). */
export function toQueryListItem(view: QueryView): QueryListItem {
  return {
    id: view.id,
    changed_on: view.changed_on,
    client_id: view.client_id,
    database: { id: view.database_id, database_name: view.database_name },
    executed_sql: view.executed_sql,
    error_message: view.error_message,
    limit: view.limit,
    limiting_factor: view.limiting_factor,
    progress: view.progress,
    rows: view.rows,
    schema: view.schema,
    select_as_cta: view.select_as_cta === 1,
    sql: view.sql,
    sql_editor_id: view.sql_editor_id,
    sql_tables: sqlTables(view),
    status: asQueryState(view.status),
    tab_name: view.tab_name,
    user: { id: view.user_id, first_name: view.user_first_name, last_name: view.user_last_name },
    start_time: view.start_time,
    start_running_time: view.start_running_time,
    end_time: view.end_time,
    tmp_table_name: view.tmp_table_name,
    tracking_url: view.tracking_url,
    results_key: view.results_key,
  };
}

/** GET /api/v1/query/{id}: the list columns plus the show-only ones. */
export function toQueryShow(view: QueryView): QueryListItem & Record<string, unknown> {
  return {
    ...toQueryListItem(view),
    catalog: view.catalog,
    ctas_method: view.ctas_method,
    tmp_schema_name: view.tmp_schema_name,
    select_as_cta_used: view.select_as_cta === 1,
    select_sql: view.select_as_cta === 1 ? view.rendered_sql : null,
    end_result_backend_time: null,
  };
}
