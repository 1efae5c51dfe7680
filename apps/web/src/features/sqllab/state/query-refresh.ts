import type { QueryDict, QueryState } from '@tessera/contracts';
import { jsonEqual } from './json-equal';
import { createQuery } from './query-factory';
import type { Query } from './types';

/** States a polled 'success' must not replace: the client is already fetching or showing the result. */
const KEEP_ON_SUCCESS: readonly QueryState[] = ['fetching', 'success', 'running'];
/** States the poll never overwrites. */
const FINAL_ON_CLIENT: readonly QueryState[] = ['stopped', 'failed'];

/**
 * A query's start and end, always from one clock: the server's pair when it reports both, or its
 * start while the query is still open here; otherwise the times kept. Mixing the browser's end with
 * the server's start showed the clocks' difference as the duration (issue #10).
 */
export function queryTimes(
  base: Pick<Query, 'startDttm' | 'endDttm'>,
  report: Pick<QueryDict, 'startDttm' | 'endDttm'>,
): Pick<Query, 'startDttm' | 'endDttm'> {
  const start = report.startDttm;
  const end = report.endDttm;
  if (start !== null && end !== null) return { startDttm: start, endDttm: end };
  if (start !== null && base.endDttm === null) return { startDttm: start, endDttm: null };
  return { startDttm: base.startDttm, endDttm: base.endDttm };
}

/** `changed_on` in epoch ms; a time without a zone is UTC, as the server writes it. */
export function changedOnMs(changedOn: string): number | null {
  const hasZone = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(changedOn);
  const ms = Date.parse(hasZone ? changedOn : `${changedOn}Z`);
  return Number.isNaN(ms) ? null : ms;
}

function blankQuery(update: QueryDict): Query {
  return createQuery({ id: update.id, dbId: update.dbId, sql: update.sql, state: update.state }, 0);
}

/**
 * The client query after a polled report (spec 000 §4 "Query lifecycle" 6). Returns `existing`
 * itself when the report changes nothing or must not overwrite it.
 */
export function refreshedQuery(existing: Query | undefined, update: QueryDict): Query {
  if (existing && FINAL_ON_CLIENT.includes(existing.state)) return existing;
  const base = existing ?? blankQuery(update);
  const keepState =
    update.state === 'success' && existing !== undefined && KEEP_ON_SUCCESS.includes(existing.state);
  const merged: Query = {
    ...base,
    dbId: update.dbId,
    sql: update.sql,
    executedSql: update.executedSql,
    sqlEditorId: update.sqlEditorId,
    tab: update.tab,
    catalog: update.catalog,
    schema: update.schema,
    ctas: update.ctas,
    tempTable: update.tempTable,
    tempSchema: update.tempSchema,
    queryLimit: update.limit,
    limitingFactor: update.limitingFactor,
    progress: update.progress,
    rows: update.rows,
    ...queryTimes(base, update),
    state: keepState ? base.state : update.state,
    resultsKey: update.resultsKey,
    errorMessage: update.errorMessage,
    trackingUrl: update.trackingUrl,
    changed_on: update.changed_on,
    extra: update.extra,
  };
  return existing && jsonEqual(merged, existing) ? existing : merged;
}
