import type { QueryState } from '@tessera/contracts';
import { jsonEqual } from './json-equal';
import { createQuery } from './query-factory';
import type { ServerQuery } from './server-query';
import type { Query } from './types';

/** States a polled 'success' must not replace: the client is already fetching or showing the result. */
const KEEP_ON_SUCCESS: readonly QueryState[] = ['fetching', 'success', 'running'];
/** States the poll never overwrites. */
const FINAL_ON_CLIENT: readonly QueryState[] = ['stopped', 'failed'];

export function toEpochMs(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const ms = Number(value);
  return Number.isFinite(ms) ? ms : null;
}

/**
 * A query's start and end, always from one clock: the server's pair when it reports both, or its
 * start while the query is still open here; otherwise the times kept. Mixing the browser's end with
 * the server's start showed the clocks' difference as the duration (issue #10).
 */
export function queryTimes(
  base: Pick<Query, 'startDttm' | 'endDttm'>,
  report: { startDttm?: number | string | null; endDttm?: number | string | null },
): Pick<Query, 'startDttm' | 'endDttm'> {
  const start = toEpochMs(report.startDttm);
  const end = toEpochMs(report.endDttm);
  if (start !== null && end !== null) return { startDttm: start, endDttm: end };
  if (start !== null && base.endDttm === null) return { startDttm: start, endDttm: null };
  return { startDttm: base.startDttm, endDttm: base.endDttm };
}

/** `changed_on` in epoch ms; a time without a zone is UTC, as the server writes it. */
export function changedOnMs(changedOn: string | null | undefined): number | null {
  if (!changedOn) return null;
  const hasZone = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(changedOn);
  const ms = Date.parse(hasZone ? changedOn : `${changedOn}Z`);
  return Number.isNaN(ms) ? null : ms;
}

function keep<T>(value: T | null | undefined, fallback: T | null): T | null {
  return value === undefined ? fallback : value;
}

function blankQuery(update: ServerQuery): Query {
  return createQuery(
    { id: update.id, dbId: update.dbId ?? 0, sql: update.sql ?? '', state: update.state },
    0,
  );
}

/**
 * The client query after a polled report (spec 000 §4 "Query lifecycle" 6). Returns `existing`
 * itself when the report changes nothing or must not overwrite it.
 */
export function refreshedQuery(existing: Query | undefined, update: ServerQuery): Query {
  if (existing && FINAL_ON_CLIENT.includes(existing.state)) return existing;
  const base = existing ?? blankQuery(update);
  const keepState =
    update.state === 'success' && existing !== undefined && KEEP_ON_SUCCESS.includes(existing.state);
  const merged: Query = {
    ...base,
    dbId: update.dbId ?? base.dbId,
    sql: update.sql ?? base.sql,
    executedSql: keep(update.executedSql, base.executedSql),
    sqlEditorId: keep(update.sqlEditorId, base.sqlEditorId),
    tab: keep(update.tab, base.tab),
    catalog: keep(update.catalog, base.catalog),
    schema: keep(update.schema, base.schema),
    ctas: update.ctas ?? base.ctas,
    tempTable: keep(update.tempTable, base.tempTable),
    tempSchema: keep(update.tempSchema, base.tempSchema),
    queryLimit: keep(update.limit, base.queryLimit),
    limitingFactor: keep(update.limitingFactor, base.limitingFactor),
    progress: update.progress ?? base.progress,
    rows: keep(update.rows, base.rows),
    ...queryTimes(base, update),
    state: keepState ? base.state : update.state,
    resultsKey: keep(update.resultsKey, base.resultsKey),
    errorMessage: keep(update.errorMessage, base.errorMessage),
    trackingUrl: keep(update.trackingUrl, base.trackingUrl),
    changed_on: keep(update.changed_on, base.changed_on),
    extra: update.extra ?? base.extra,
  };
  return existing && jsonEqual(merged, existing) ? existing : merged;
}
