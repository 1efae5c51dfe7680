import { annotationDataFor } from './annotation-data';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  FILTER_SELECT_VIZ_TYPE,
  type ChartDataResultFormat,
  type ChartDataResultType,
  type ExploreDatasource,
  type QueryContext,
  type QueryObject,
} from '@tessera/contracts';
import type { Connector } from '@tessera/connectors';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../platform/errors';
import { QueryFailure } from '../sqllab/failure';
import { renderQuerySql } from '../sqllab/render';
import { findDeniedFunctions, type TemplateFilter } from '@tessera/sql';
import type { Principal } from '../security/principal';
import { ChartDataError } from './chart-data-error';
import type { CompiledQuery } from './compile-query';
import { cacheKeyMemo, compileQueryMemo } from './compiled-query-memo';
import {
  DistinctValuesCache,
  type DistinctValuesEntry,
  type StoredDistinctValues,
} from './distinct-values-cache';
import {
  distinctValuesQueryOf,
  foldedValues,
  matchingRows,
  type DistinctValuesQuery,
} from './distinct-values';
import { executeChartQuery } from './execute-chart-query';
import { toFrame, type Frame } from './frame';
import { dashboardChartRefOf, type DashboardChartRef } from '../dashboards/dashboard-chart-grant.service';
import { loadChartDatasource, type ChartDatasource } from './load-datasource';
import { secureSource, type SecuredSource } from '../row-level-security/rls.service';
import { checkAdhocSql } from './adhoc-sql';
import { postProcess } from './post-processing';
import { CACHE_KEY_PATTERN, createResultCache, type CachedEntry, type ResultCache } from './result-cache';
import { attachmentDisposition, resultFile } from './result-files';
import { joinOffsetFrame, offsetLabel, parseTimeOffset } from './time-offsets';
import { resolveLatestPartitions } from './latest-partition';

/**
 * What POST /api/v1/chart/data answers: JSON items, or a file for csv/xlsx. `text` is `body` already
 * serialized, when every item came from the cache: the route sends it as is.
 */
export type ChartDataOutcome =
  | { kind: 'json'; body: { result: Record<string, unknown>[] }; text?: string }
  | { kind: 'file'; contentType: string; disposition: string; body: Buffer };

/** A cached result item (all but is_cached and cached_dttm), with its frame for file downloads. */
const cachedResultSchema = z.object({
  datasourceId: z.number().int(),
  /**
   * The row level security the result was read under, and the dataset SQL it was applied to, so a
   * read by cache key can check that the reader's own rules give the same (an entry without it is a miss).
   */
  rls: z.object({ signature: z.string(), virtualSql: z.string().nullable() }),
  item: z.record(z.string(), z.unknown()),
  frame: z.object({
    colnames: z.array(z.string()),
    coltypes: z.array(z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)])),
    data: z.array(z.record(z.string(), z.unknown())),
  }),
});
type CachedResult = z.infer<typeof cachedResultSchema>;

/** Memory-cache hits hand back the same entry object, so its validated form is kept beside it. */
const parsedEntries = new WeakMap<CachedEntry, CachedResult>();

/** Cache entries come back from memory or Redis; anything unreadable is a miss. */
function readCached(entry: CachedEntry): CachedResult | null {
  const known = parsedEntries.get(entry);
  if (known) return known;
  try {
    const parsed = cachedResultSchema.safeParse(JSON.parse(entry.payload));
    if (!parsed.success) return null;
    parsedEntries.set(entry, parsed.data);
    return parsed.data;
  } catch {
    return null;
  }
}

/** The keys a cache hit answers afresh; the rest of the cached item is sent as stored. */
const HIT_KEYS = new Set(['is_cached', 'cached_dttm', 'result_format', 'annotation_data']);
const coreTexts = new WeakMap<CachedEntry, string>();

/**
 * The cached item as JSON without the keys a hit answers afresh, serialized once per memory-cache
 * entry (the rows are the bulk of a response; a Redis hit is a new entry and is serialized again).
 */
function coreTextOf(entry: CachedEntry, cached: CachedResult): string {
  const known = coreTexts.get(entry);
  if (known !== undefined) return known;
  const core = Object.fromEntries(Object.entries(cached.item).filter(([key]) => !HIT_KEYS.has(key)));
  const text = JSON.stringify(core);
  coreTexts.set(entry, text);
  return text;
}

/** One item's JSON: the fresh keys of `head`, then the stored `core` object's keys. */
function itemText(head: Record<string, unknown>, core: string): string {
  const headText = JSON.stringify(head);
  return core === '{}' ? headText : `${headText.slice(0, -1)},${core.slice(1)}`;
}

const caches = new WeakMap<AppContext, ResultCache>();

/** The result cache of this app (memory LRU, or Redis when REDIS_URL is set). */
export function chartDataCache(ctx: AppContext): ResultCache {
  let cache = caches.get(ctx);
  if (!cache) {
    let warnedAt = 0;
    cache = createResultCache(
      ctx.config.redisUrl,
      (error) => {
        // One line per outage minute: ioredis reports every reconnect attempt.
        if (Date.now() - warnedAt < 60_000) return;
        warnedAt = Date.now();
        ctx.log.warn(
          { err: error.message },
          'Redis unavailable for the chart data cache; queries run uncached',
        );
      },
      ctx.config.queuePrefix,
    );
    caches.set(ctx, cache);
  }
  return cache;
}

export async function closeChartDataCache(ctx: AppContext): Promise<void> {
  const cache = caches.get(ctx);
  caches.delete(ctx);
  distinctCaches.get(ctx)?.clear();
  distinctCaches.delete(ctx);
  await cache?.close();
}

function datasourceId(queryContext: QueryContext): number {
  const { id, type } = queryContext.datasource;
  if (type !== 'table' && type !== 'dataset')
    throw ChartDataError.message(400, `Datasource type ${type} is not supported`).toApiError();
  const numeric = typeof id === 'number' ? id : /^\d{1,15}$/.test(id) ? Number(id) : NaN;
  if (!Number.isSafeInteger(numeric) || numeric <= 0) throw notFound();
  return numeric;
}

interface RunEnv {
  ctx: AppContext;
  principal: Principal;
  source: ChartDatasource;
  connector: Connector;
  virtualSql: string | null;
  /** The caller's row level security on this query's source (virtualSql already carries its part). */
  rls: SecuredSource;
  /** The virtual dataset's SQL before row level security, kept with cached results. */
  renderedSql: string | null;
  /** Columns the virtual dataset's template read with filter_values() / get_filters(). */
  appliedTemplateFilters: string[];
  force: boolean;
  cacheTimeout: number;
  now: Date;
  /** The context asks for a native select filter's options (form_data.viz_type 'filter_select'). */
  filterOptions: boolean;
  /** Answer only from the result cache: a miss throws NotCachedError instead of running a query. */
  cachedOnly: boolean;
}

/** A cache-only run (global async queries' first look) met a result that is not cached. */
export class NotCachedError extends Error {
  constructor() {
    super('Not cached');
    this.name = 'NotCachedError';
  }
}

type BaseEnv = Omit<RunEnv, 'virtualSql' | 'appliedTemplateFilters' | 'rls' | 'renderedSql'>;

/** The query's filters on plain columns, as the filter macros read them (Superset's {col, op, val}). */
function templateFiltersOf(query: QueryObject): TemplateFilter[] {
  return (query.filters ?? []).flatMap((filter) =>
    typeof filter.col === 'string' ? [{ col: filter.col, op: filter.op, val: filter.val }] : [],
  );
}

/**
 * The environment one query object runs in: the virtual dataset's SQL rendered for that query (its
 * filters feed filter_values() / get_filters()), and the query without the filters a template consumed
 * with remove_filter=True, so they apply inside the dataset's SQL only, as in Superset.
 */
async function queryEnv(base: BaseEnv, query: QueryObject): Promise<{ env: RunEnv; query: QueryObject }> {
  const applied: string[] = [];
  const removed = new Set<string>();
  const renderedSql = virtualSqlOf(base, query, (column, remove) => {
    if (!applied.includes(column)) applied.push(column);
    if (remove) removed.add(column);
  });
  const rls = await rowLevelSecurityOf(base, renderedSql);
  const env: RunEnv = {
    ...base,
    virtualSql: rls.virtualSql,
    renderedSql,
    rls,
    appliedTemplateFilters: applied,
  };
  if (removed.size === 0) return { env, query };
  const filters = (query.filters ?? []).filter(
    (filter) => typeof filter.col !== 'string' || !removed.has(filter.col),
  );
  return { env, query: { ...query, filters } };
}

/**
 * The caller's row level security on the dataset (issue #15 item 5): its clauses are checked as adhoc
 * SQL is, go to the outer WHERE, and filter each table a virtual dataset's SQL reads.
 */
async function rowLevelSecurityOf(
  env: Pick<BaseEnv, 'ctx' | 'principal' | 'source' | 'connector'>,
  renderedSql: string | null,
): Promise<SecuredSource> {
  const { datasource, database } = env.source;
  const engine = env.connector.engine;
  const allowSubquery = env.ctx.config.featureFlags.ALLOW_ADHOC_SUBQUERY;
  try {
    return await secureSource(
      env.ctx.store.db,
      env.principal,
      {
        databaseId: database.id,
        datasetId: datasource.id,
        engine,
        table: renderedSql === null ? { schema: datasource.schema, table: datasource.table_name } : null,
        virtualSql: renderedSql,
      },
      (clause) => checkAdhocSql(clause, engine, 'a row level security filter', { allowSubquery }),
      // A guest token's rls entries (issue #15 item 4), checked like the stored rules' clauses.
      env.principal.guest?.rls ?? [],
    );
  } catch (error) {
    if (error instanceof ChartDataError) throw error.toApiError();
    throw error;
  }
}

function virtualSqlOf(
  env: BaseEnv,
  query: QueryObject,
  onFilterRead: (column: string, removed: boolean) => void,
): string | null {
  const { datasource } = env.source;
  if (datasource.sql === null || datasource.sql.trim() === '') return null;
  let rendered: string;
  try {
    rendered = renderQuerySql(
      datasource.sql,
      datasource.template_params,
      env.principal,
      query.url_params ?? {},
      env.connector.engine,
      { filters: templateFiltersOf(query), onFilterRead },
    );
  } catch (error) {
    if (error instanceof QueryFailure) throw error.toApiError();
    throw error;
  }
  const denied = findDeniedFunctions(rendered, env.connector.engine);
  if (denied.length > 0)
    throw ChartDataError.sip40(
      400,
      'INVALID_SQL_ERROR',
      `The dataset's SQL uses ${denied.join(', ')}.`,
    ).toApiError();
  return rendered;
}

/** Samples and drill-to-detail read the dataset's own columns, without metrics (reference §5.2). */
function rowsQuery(
  query: QueryObject,
  datasource: ExploreDatasource,
  type: 'samples' | 'drill_detail',
  samplesLimit: number,
): QueryObject {
  const columns = datasource.columns.map((column) => column.column_name);
  if (type === 'samples')
    return {
      columns,
      metrics: [],
      row_limit: Math.min(query.row_limit ?? samplesLimit, samplesLimit),
      row_offset: query.row_offset ?? 0,
    };
  return {
    ...query,
    columns,
    metrics: [],
    orderby: [],
    is_timeseries: false,
    granularity: null,
    time_range: null,
    series_limit: 0,
    timeseries_limit: 0,
    time_offsets: [],
    post_processing: [],
  };
}

function compileFor(
  env: RunEnv,
  query: QueryObject,
  shift: ReturnType<typeof parseTimeOffset> | null = null,
  sqlMaxRow: number = env.ctx.config.constants.SQL_MAX_ROW,
): CompiledQuery {
  const { constants, featureFlags } = env.ctx.config;
  try {
    return compileQueryMemo(
      query,
      env.source.datasource,
      {
        engine: env.connector.engine,
        rowLimit: constants.ROW_LIMIT,
        sqlMaxRow,
        allowAdhocSubquery: featureFlags.ALLOW_ADHOC_SUBQUERY,
        virtualSql: env.virtualSql,
        rowLevelWhere: env.rls.where,
        shift: shift ? { amount: shift.amount, unit: shift.unit } : null,
      },
      env.now,
    );
  } catch (error) {
    if (error instanceof ChartDataError) throw error.toApiError();
    throw error;
  }
}

/** The query with its LATEST PARTITION filters resolved on the engine (latest-partition.ts). */
async function withLatestPartitions(env: RunEnv, query: QueryObject): Promise<QueryObject> {
  const { datasource } = env.source;
  try {
    return await resolveLatestPartitions(
      {
        engine: env.connector.engine,
        schema: datasource.schema,
        table: datasource.table_name,
        virtual: env.renderedSql !== null,
        columns: datasource.columns,
        run: (sql) =>
          executeChartQuery(env.connector, {
            sql,
            schema: datasource.schema,
            maxRows: 1000,
            timeoutSeconds: env.ctx.config.constants.SUPERSET_WEBSERVER_TIMEOUT,
            openSession: (options, signal) =>
              env.ctx.databases.openSession(
                env.source.database,
                { userId: env.principal.user.id },
                options,
                signal,
              ),
          }),
      },
      query,
    );
  } catch (error) {
    if (error instanceof ChartDataError) throw error.toApiError();
    throw error;
  }
}

async function runCompiled(env: RunEnv, compiled: CompiledQuery): Promise<Frame> {
  const result = await executeChartQuery(env.connector, {
    sql: compiled.sql,
    schema: env.source.datasource.schema,
    maxRows: compiled.rowLimit,
    timeoutSeconds: env.ctx.config.constants.SUPERSET_WEBSERVER_TIMEOUT,
    openSession: (options, signal) =>
      env.ctx.databases.openSession(env.source.database, { userId: env.principal.user.id }, options, signal),
  });
  return toFrame(result.columns, result.rows, compiled.temporalLabels);
}

/** Whose results a cache entry holds: everyone's who reads all datasources, else the user's own. */
function cacheAccessOf(env: RunEnv): string {
  return env.principal.can('all_datasource_access', 'all_datasource_access')
    ? 'all'
    : `user:${env.principal.user.id}`;
}

function cacheKeyOf(env: RunEnv, parts: Record<string, unknown>): string {
  return createHash('sha256')
    .update(
      JSON.stringify({
        ...parts,
        database: env.source.database.id,
        datasource: env.source.datasource.id,
        access: cacheAccessOf(env),
        rls: env.rls.signature,
      }),
    )
    .digest('hex');
}

/** The most values a select filter's list keeps in memory; a longer column is paged and searched by SQL. */
const DISTINCT_VALUES_MAX = 1_000_000;
const DISTINCT_VALUES_BYTES = 256 * 1024 * 1024;
/** How long a list too long to keep (or that failed to load) leaves its pages and searches to SQL. */
const DISTINCT_VALUES_REFUSAL_SECONDS = 60;

const distinctCaches = new WeakMap<AppContext, DistinctValuesCache>();

/** The select filters' distinct-value lists of this app (process memory). */
export function distinctValuesCache(ctx: AppContext): DistinctValuesCache {
  let cache = distinctCaches.get(ctx);
  if (!cache) {
    cache = new DistinctValuesCache(DISTINCT_VALUES_BYTES);
    distinctCaches.set(ctx, cache);
  }
  return cache;
}

/** The whole list of a select filter's values, or a refusal when it is longer than a list may be. */
async function readDistinctValues(
  env: RunEnv,
  compiled: CompiledQuery,
  column: string,
): Promise<DistinctValuesEntry> {
  const cachedAt = new Date().toISOString();
  try {
    const result = await executeChartQuery(env.connector, {
      sql: compiled.sql,
      schema: env.source.datasource.schema,
      maxRows: compiled.rowLimit,
      timeoutSeconds: env.ctx.config.constants.SUPERSET_WEBSERVER_TIMEOUT,
      openSession: (options, signal) =>
        env.ctx.databases.openSession(
          env.source.database,
          { userId: env.principal.user.id },
          options,
          signal,
        ),
    });
    if (result.rows.length > DISTINCT_VALUES_MAX) return { kind: 'sql' };
    const index = result.columns.findIndex((candidate) => candidate.name === column);
    const folded =
      index < 0
        ? null
        : foldedValues(
            env.connector.engine,
            result.rows.map((row) => row[index]),
          );
    return { kind: 'list', columns: result.columns, rows: result.rows, folded, cachedAt };
  } catch (error) {
    env.ctx.log.warn(
      { err: error instanceof Error ? error.message : String(error) },
      'Reading the values of a select filter failed; its options are read by SQL for a minute',
    );
    throw error;
  }
}

/** The whole-list query of a select filter's request and the key its list is kept under. */
function distinctValuesKey(env: RunEnv, distinct: DistinctValuesQuery) {
  const compiled = compileFor(env, distinct.base, null, DISTINCT_VALUES_MAX + 1);
  return { compiled, key: cacheKeyOf(env, { distinctValues: compiled.sql }) };
}

/**
 * The list a select filter's request is cut from, when this process holds it. A search that finds the
 * list being read waits for it: a scan of its own would cost as much. `force` drops the list.
 */
async function distinctValuesList(
  env: RunEnv,
  distinct: DistinctValuesQuery,
): Promise<StoredDistinctValues | null> {
  if (env.cacheTimeout < 0) return null;
  const lists = distinctValuesCache(env.ctx);
  const { key } = distinctValuesKey(env, distinct);
  if (env.force) {
    lists.delete(key);
    return null;
  }
  const stored = lists.get(key);
  if (stored) return stored;
  const underWay = lists.loading(key);
  if (!underWay || distinct.search === null) return null;
  await underWay;
  return lists.get(key);
}

/**
 * Starts reading the list of a select filter's request in the background (once per key, kept for the
 * cache timeout) unless it is held or under way. Called once the request's own answer is out of the
 * way: the read takes one of the user's query slots, and the page must not wait behind it.
 */
function readDistinctValuesBehind(env: RunEnv, distinct: DistinctValuesQuery): void {
  if (env.cacheTimeout < 0 || env.force) return;
  const lists = distinctValuesCache(env.ctx);
  const { compiled, key } = distinctValuesKey(env, distinct);
  if (lists.get(key) || lists.loading(key)) return;
  void lists.load(key, env.cacheTimeout, DISTINCT_VALUES_REFUSAL_SECONDS, () =>
    readDistinctValues(env, compiled, distinct.column),
  );
}

/**
 * A page of a select filter's options cut from the column's whole list of distinct values (issue #13):
 * the search matched in memory, then the page sliced, the frame built from those rows exactly as the
 * SQL path builds it from the same rows. Null means SQL answers this request: no list yet, the list is
 * too long, or its values cannot be searched in memory as the engine would.
 */
async function distinctValuesPage(
  env: RunEnv,
  distinct: DistinctValuesQuery,
  compiled: CompiledQuery,
  cacheKey: string,
  resultFormat: ChartDataResultFormat,
): Promise<{ item: Record<string, unknown>; frame: Frame } | null> {
  const stored = await distinctValuesList(env, distinct);
  if (!stored) return null;
  const { entry, expires } = stored;
  if (entry.kind === 'sql') return null;
  const end = distinct.offset + compiled.rowLimit;
  let rows: unknown[][];
  if (distinct.search === null) rows = entry.rows.slice(distinct.offset, end);
  else {
    if (entry.folded === null) return null;
    const matched = matchingRows(entry.folded, distinct.search, end).slice(distinct.offset);
    rows = matched.flatMap((index) => {
      const row = entry.rows[index];
      return row ? [row] : [];
    });
  }
  const frame = toFrame(entry.columns, rows, compiled.temporalLabels);
  const item = resultItem(env, {
    cacheKey,
    sql: compiled.sql,
    compiled,
    frame,
    sqlRowcount: frame.data.length,
    offsetSources: new Map(),
    resultFormat,
  });
  // The page is as old as the list it was cut from, and leaves the result cache when the list expires.
  const answered = { ...item, is_cached: true, cached_dttm: entry.cachedAt };
  const payload: CachedResult = { datasourceId: env.source.datasource.id, rls: rlsOfEntry(env), item, frame };
  const ttl = expires === Number.POSITIVE_INFINITY ? 0 : Math.ceil((expires - Date.now()) / 1000);
  if (ttl >= 0)
    await chartDataCache(env.ctx).set(
      cacheKey,
      { payload: JSON.stringify(payload), cachedAt: entry.cachedAt },
      Math.max(ttl, 1),
    );
  return { item: answered, frame };
}

const rlsOfEntry = (env: RunEnv): CachedResult['rls'] => ({
  signature: env.rls.signature,
  virtualSql: env.renderedSql,
});

/** The reference §5.3 item of one query object's frame, as answered and as cached. */
function resultItem(
  env: RunEnv,
  parts: {
    cacheKey: string;
    /** Every statement the item ran, the time offsets' after the query's own. */
    sql: string;
    compiled: CompiledQuery;
    frame: Frame;
    sqlRowcount: number;
    offsetSources: ReadonlyMap<string, string[]>;
    resultFormat: ChartDataResultFormat;
  },
): Record<string, unknown> {
  const { compiled, frame } = parts;
  return {
    cache_key: parts.cacheKey,
    cached_dttm: null,
    cache_timeout: env.cacheTimeout,
    applied_template_filters: env.appliedTemplateFilters,
    annotation_data: {},
    error: null,
    is_cached: false,
    query: parts.sql,
    status: 'success',
    stacktrace: null,
    rowcount: frame.data.length,
    sql_rowcount: parts.sqlRowcount,
    from_dttm: compiled.bounds.since?.getTime() ?? null,
    to_dttm: compiled.bounds.until?.getTime() ?? null,
    label_map: Object.fromEntries(
      frame.colnames.map((name) => [name, parts.offsetSources.get(name) ?? [name]]),
    ),
    colnames: frame.colnames,
    indexnames: frame.data.map((_row, index) => index),
    coltypes: frame.coltypes,
    data: frame.data,
    result_format: parts.resultFormat,
    applied_filters: compiled.appliedFilters,
    rejected_filters: compiled.rejectedFilters,
  };
}

/** One query object, full result (from the cache unless `force`), plus the frame for files. */
async function fullResult(
  env: RunEnv,
  query: QueryObject,
  resultType: ChartDataResultType,
  resultFormat: ChartDataResultFormat,
): Promise<{ item: Record<string, unknown>; frame: Frame; core?: string }> {
  const compiled = compileFor(env, query);
  const offsets = (query.time_offsets ?? []).map(parseTimeOffset);
  const offsetRuns = offsets.map((offset) => ({ offset, compiled: compileFor(env, query, offset) }));
  const steps = query.post_processing ?? [];
  const offsetSqls = offsetRuns.map((run) => [run.offset.label, run.compiled.sql]);
  // The compiled object fixes the SQL and the query (so the steps); the rest of the key is named here.
  const keyParts = JSON.stringify([
    resultType,
    offsetSqls,
    env.source.database.id,
    env.source.datasource.id,
    cacheAccessOf(env),
    env.rls.signature,
  ]);
  const cacheKey = cacheKeyMemo(compiled, keyParts, () =>
    cacheKeyOf(env, { sql: compiled.sql, offsets: offsetSqls, steps, resultType }),
  );
  const cache = chartDataCache(env.ctx);
  const distinct =
    env.filterOptions && resultType === 'full' ? distinctValuesQueryOf(query, DISTINCT_VALUES_MAX) : null;
  // A template that reads the searched column's filters makes the dataset's SQL depend on the search.
  const fromList = distinct && !env.appliedTemplateFilters.includes(distinct.column) ? distinct : null;
  if (env.cachedOnly && env.force) throw new NotCachedError();
  if (!env.force) {
    const hit = await cache.get(cacheKey);
    const cached = hit ? readCached(hit) : null;
    if (hit && cached) {
      // A cached first page still readies the list for the searches that usually follow it.
      if (fromList?.search === null) readDistinctValuesBehind(env, fromList);
      return {
        item: { ...cached.item, is_cached: true, cached_dttm: hit.cachedAt, result_format: resultFormat },
        frame: cached.frame,
        core: coreTextOf(hit, cached),
      };
    }
  }
  if (env.cachedOnly) throw new NotCachedError();
  if (fromList) {
    const page = await distinctValuesPage(env, fromList, compiled, cacheKey, resultFormat);
    if (page) return page;
  }

  let frame = await runCompiled(env, compiled);
  const sqlRowcount = frame.data.length;
  if (offsetRuns.length > 0) {
    for (const run of offsetRuns) {
      const shifted = await runCompiled(env, run.compiled);
      frame = joinOffsetFrame(
        frame,
        shifted,
        run.offset,
        compiled.xAxisLabel,
        compiled.columnLabels,
        compiled.metricLabels,
      );
    }
  }
  try {
    frame = postProcess(frame, steps);
  } catch (error) {
    if (error instanceof ChartDataError) throw error.toApiError();
    throw error;
  }
  const offsetSources = new Map(
    offsets.flatMap((offset) =>
      compiled.metricLabels.map((metric): [string, string[]] => [
        offsetLabel(metric, offset.label),
        [metric, offset.label],
      ]),
    ),
  );
  const item = resultItem(env, {
    cacheKey,
    sql: [compiled.sql, ...offsetRuns.map((run) => run.compiled.sql)].join(';\n\n'),
    compiled,
    frame,
    sqlRowcount,
    offsetSources,
    resultFormat,
  });
  const cachedAt = new Date().toISOString();
  const payload: CachedResult = { datasourceId: env.source.datasource.id, rls: rlsOfEntry(env), item, frame };
  await cache.set(cacheKey, { payload: JSON.stringify(payload), cachedAt }, env.cacheTimeout);
  if (fromList) readDistinctValuesBehind(env, fromList);
  return { item, frame };
}

async function resultOf(
  env: RunEnv,
  query: QueryObject,
  resultType: ChartDataResultType,
  resultFormat: ChartDataResultFormat,
): Promise<{ item: Record<string, unknown>; frame: Frame | null; text?: string }> {
  const { datasource } = env.source;
  switch (resultType) {
    case 'query': {
      try {
        const compiled = compileFor(env, query);
        return { item: { query: compiled.sql, language: 'sql' }, frame: null };
      } catch (error) {
        if (error instanceof Error && 'body' in error)
          return { item: { error: error.message, language: 'sql' }, frame: null };
        throw error;
      }
    }
    case 'columns': {
      const data = datasource.columns.map((column) => ({
        column_name: column.column_name,
        verbose_name: column.verbose_name,
        dtype: column.type,
      }));
      return {
        item: { data, colnames: ['column_name', 'verbose_name', 'dtype'], rowcount: data.length },
        frame: null,
      };
    }
    case 'timegrains': {
      const data = datasource.time_grain_sqla.map(([duration, name]) => ({ name, function: null, duration }));
      return {
        item: { data, colnames: ['name', 'function', 'duration'], rowcount: data.length },
        frame: null,
      };
    }
    case 'samples':
    case 'drill_detail': {
      const rows = rowsQuery(query, datasource, resultType, env.ctx.config.constants.SAMPLES_ROW_LIMIT);
      return fullResult(env, rows, resultType, resultFormat);
    }
    case 'results': {
      const { item, frame } = await fullResult(env, query, resultType, resultFormat);
      const { data, colnames, coltypes, rowcount, sql_rowcount } = item;
      return { item: { data, colnames, coltypes, rowcount, sql_rowcount }, frame };
    }
    case 'full':
    case 'post_processed': {
      const { item, frame, core } = await fullResult(env, query, resultType, resultFormat);
      const annotationData = await annotationDataFor(env.ctx, query, item);
      const answered = { ...item, annotation_data: annotationData };
      if (core === undefined) return { item: answered, frame };
      const head = {
        is_cached: true,
        cached_dttm: item.cached_dttm,
        result_format: resultFormat,
        annotation_data: annotationData,
      };
      return { item: answered, frame, text: itemText(head, core) };
    }
  }
}

/**
 * Runs a query context (POST /api/v1/chart/data, reference §5): loads the datasource the caller
 * may read (404 otherwise), compiles each query object for the database's engine, runs it on a
 * read-only session or answers from the result cache, joins time offsets, post-processes, and
 * answers JSON items or a CSV/XLSX file (ZIP for several queries; can_csv Superset required).
 */
export async function runQueryContext(
  ctx: AppContext,
  principal: Principal,
  queryContext: QueryContext,
  viaDashboard: DashboardChartRef | null = dashboardChartRefOf(queryContext.form_data),
  options: { cachedOnly?: boolean } = {},
): Promise<ChartDataOutcome> {
  const format = queryContext.result_format ?? 'json';
  if (format !== 'json' && !principal.can('can_csv', 'Superset')) throw forbidden();
  const source = await loadChartDatasource(ctx, principal, datasourceId(queryContext), viaDashboard);
  const connector = ctx.databases.connectorFor(source.database);
  const base = {
    ctx,
    principal,
    source,
    connector,
    force: queryContext.force === true,
    cacheTimeout:
      queryContext.custom_cache_timeout ??
      source.datasource.cache_timeout ??
      source.database.cache_timeout ??
      ctx.config.constants.CACHE_DEFAULT_TIMEOUT,
    now: new Date(),
    filterOptions: queryContext.form_data?.viz_type === FILTER_SELECT_VIZ_TYPE,
    cachedOnly: options.cachedOnly === true,
  };
  const results: { item: Record<string, unknown>; frame: Frame | null; text?: string }[] = [];
  for (const requested of queryContext.queries) {
    const resultType = requested.result_type ?? queryContext.result_type ?? 'full';
    const { env, query } = await queryEnv(base, requested);
    results.push(await resultOf(env, await withLatestPartitions(env, query), resultType, format));
  }
  if (format === 'json') {
    const body = { result: results.map((result) => result.item) };
    const texts = results.flatMap((result) => (result.text === undefined ? [] : [result.text]));
    if (texts.length < results.length) return { kind: 'json', body };
    return { kind: 'json', body, text: `{"result":[${texts.join(',')}]}` };
  }
  const frames = results.map((result) => result.frame ?? framesOfItem(result.item));
  const file = resultFile(frames, format, downloadName(queryContext, source.datasource.datasource_name));
  return {
    kind: 'file',
    contentType: file.contentType,
    disposition: attachmentDisposition(file.name),
    body: file.body,
  };
}

/**
 * A file download is called after the chart: the form data's slice_name (Explore sends the chart's
 * name; a saved chart's query context carries it), else the dataset's name for an unsaved chart.
 */
function downloadName(queryContext: QueryContext, datasourceName: string): string {
  const sliceName = queryContext.form_data?.slice_name;
  if (typeof sliceName === 'string' && sliceName.trim() !== '') return sliceName.trim();
  return datasourceName || 'chart';
}

function framesOfItem(item: Record<string, unknown>): Frame {
  const colnames = Array.isArray(item.colnames)
    ? item.colnames.filter((name): name is string => typeof name === 'string')
    : [];
  const data = Array.isArray(item.data)
    ? item.data.filter((row): row is Record<string, unknown> => typeof row === 'object' && row !== null)
    : [];
  return { colnames, coltypes: colnames.map(() => 1), data };
}

/**
 * GET /api/v1/chart/data/{cache_key}: a cached result, if the caller may still read its datasource;
 * 404 when the key is unknown, expired or evicted.
 */
export async function cachedChartData(
  ctx: AppContext,
  principal: Principal,
  cacheKey: string,
): Promise<{ result: Record<string, unknown>[] }> {
  if (!CACHE_KEY_PATTERN.test(cacheKey)) throw notFound('Cached data not found');
  const hit = await chartDataCache(ctx).get(cacheKey);
  const cached = hit ? readCached(hit) : null;
  if (!hit || !cached) throw notFound('Cached data not found');
  const source = await loadChartDatasource(ctx, principal, cached.datasourceId);
  // Rows read under other row level security than the reader's own are not the reader's to see.
  const connector = ctx.databases.connectorFor(source.database);
  const rls = await rowLevelSecurityOf({ ctx, principal, source, connector }, cached.rls.virtualSql);
  if (rls.signature !== cached.rls.signature) throw notFound('Cached data not found');
  return { result: [{ ...cached.item, is_cached: true, cached_dttm: hit.cachedAt }] };
}
