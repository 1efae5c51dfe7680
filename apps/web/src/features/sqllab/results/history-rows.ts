import type { QueryListItem, QueryState } from '@tessera/contracts';
import type { Query } from '../state';

/** One line of a tab's query history, from this browser's queries or the server's list. */
export interface HistoryRow {
  id: string;
  state: QueryState;
  startMs: number | null;
  endMs: number | null;
  rows: number | null;
  sql: string;
  dbId: number;
  schema: string | null;
  catalog: string | null;
  templateParams: string | null;
}

function fromLocal(query: Query): HistoryRow {
  return {
    id: query.id,
    state: query.state,
    startMs: query.startDttm,
    endMs: query.endDttm,
    rows: query.rows,
    sql: query.sql,
    dbId: query.dbId,
    schema: query.schema,
    catalog: query.catalog,
    templateParams: query.templateParams,
  };
}

function fromServer(item: QueryListItem): HistoryRow {
  return {
    id: item.client_id,
    state: item.status,
    startMs: item.start_time,
    endMs: item.end_time,
    rows: item.rows,
    sql: item.sql,
    dbId: item.database.id,
    schema: item.schema,
    catalog: null,
    templateParams: null,
  };
}

/**
 * The tab's queries, newest first: those this browser ran (data previews left out, they are not the
 * tab's SQL), then the server's older ones this browser does not hold.
 */
export function historyRows(local: readonly Query[], server: readonly QueryListItem[]): HistoryRow[] {
  const rows = local.filter((query) => !query.isDataPreview).map(fromLocal);
  const known = new Set(local.map((query) => query.id));
  for (const item of server) {
    if (!known.has(item.client_id)) rows.push(fromServer(item));
  }
  return rows.sort((a, b) => (b.startMs ?? 0) - (a.startMs ?? 0));
}
