import type { ResultColumn as EngineColumn } from '@tessera/connectors';
import type { ExecuteResult, QueryDict, QueryState, ResultColumn } from '@tessera/contracts';

/**
 * Result columns in the response form, with repeated labels made unique (`a`, `a__1`) so that
 * every value has its own key in the row objects.
 */
export function responseColumns(columns: readonly EngineColumn[]): ResultColumn[] {
  const seen = new Set<string>();
  return columns.map((column) => {
    let label = column.name;
    for (let n = 1; seen.has(label); n += 1) label = `${column.name}__${n}`;
    seen.add(label);
    return {
      column_name: label,
      name: label,
      type: column.type,
      type_generic: column.type_generic,
      is_dttm: column.is_dttm,
    };
  });
}

/**
 * Rows as objects keyed by column label. Plain objects share one shape, which keeps building and
 * serialising 100k rows fast; a label `__proto__` is defined as an own property, so it stays data.
 */
export function rowObjects(
  columns: readonly ResultColumn[],
  rows: readonly unknown[][],
): Record<string, unknown>[] {
  const keys = columns.map((column) => column.column_name);
  const protoAt = keys.indexOf('__proto__');
  return rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i += 1) {
      const value = row[i] ?? null;
      if (i === protoAt)
        Object.defineProperty(record, '__proto__', { value, enumerable: true, writable: true });
      else record[keys[i] ?? ''] = value;
    }
    return record;
  });
}

/**
 * The sync 200 body and the results body (reference §2.2): rows beyond `displayLimit` are cut and
 * flagged with displayLimitReached.
 */
export function resultPayload(
  query: QueryDict,
  columns: readonly EngineColumn[],
  rows: readonly unknown[][],
  displayLimit: number | null,
): ExecuteResult {
  const shaped = responseColumns(columns);
  const cut = displayLimit !== null && rows.length > displayLimit;
  const shown = cut ? rows.slice(0, displayLimit) : rows;
  return {
    query_id: query.queryId,
    status: query.state,
    data: rowObjects(shaped, shown),
    columns: shaped,
    selected_columns: shaped,
    expanded_columns: [],
    query,
    ...(cut ? { displayLimitReached: true } : {}),
  };
}

/** A run that ended without rows to show (stopped). */
export function emptyPayload(query: QueryDict, status: QueryState): ExecuteResult {
  return {
    query_id: query.queryId,
    status,
    data: [],
    columns: [],
    selected_columns: [],
    expanded_columns: [],
    query,
  };
}
