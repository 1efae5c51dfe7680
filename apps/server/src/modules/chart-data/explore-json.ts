import { getBuildQuery } from '@tessera/charts/build-query';
import {
  buildSupersetError,
  CHART_MESSAGES,
  errorsBodySchema,
  LEGACY_CHART_DATA_RESPONSE_OPTIONS,
  legacyChartDataPathSchema,
  legacyChartDataQuerySchema,
  queryContextSchema,
  type ChartDataResultFormat,
  type ChartDataResultType,
  type LegacyChartDataResponseOption,
  type LegacyFormData,
  type QueryContext,
  type SupersetError,
} from '@tessera/contracts';
import { upgradeLegacyChart } from '@tessera/core';
import type { AppContext } from '../../context';
import { ApiError, sip40Error } from '../../platform/errors';
import { dashboardChartRefOf } from '../dashboards/dashboard-chart-grant.service';
import type { Principal } from '../security/principal';
import { legacyDatasource, legacyError, requestFormData, withSavedChart } from './legacy-form-data';
import { checkChartDatasource } from './load-datasource';
import { runQueryContext } from './run-query-context';

/** What a legacy chart data view answers: JSON with its status, or a file. */
export type ExploreJsonOutcome =
  | { kind: 'json'; statusCode: number; body: Record<string, unknown> }
  | { kind: 'file'; contentType: string; disposition: string; body: Buffer };

export interface ExploreJsonRequest {
  body: unknown;
  contentType: string;
  query: unknown;
  /** The typed path's parameters, or null on the bare path. */
  params: unknown;
}

/** The first response flag set to `true`, in Superset's order; `json` (the full payload) when none is. */
function responseOption(query: Record<string, string>): LegacyChartDataResponseOption {
  return LEGACY_CHART_DATA_RESPONSE_OPTIONS.find((option) => query[option] === 'true') ?? 'json';
}

function runAs(option: LegacyChartDataResponseOption): {
  resultType: ChartDataResultType;
  resultFormat: ChartDataResultFormat;
} {
  switch (option) {
    case 'csv':
    case 'xlsx':
      return { resultType: 'full', resultFormat: option };
    case 'query':
    case 'results':
    case 'samples':
      return { resultType: option, resultFormat: 'json' };
    default:
      return { resultType: 'full', resultFormat: 'json' };
  }
}

/** The viz type's query context for the (upgraded) form data. */
function queryContextOf(vizType: string, formData: LegacyFormData): QueryContext {
  const buildQuery = getBuildQuery(vizType);
  if (buildQuery === undefined) throw legacyError(400, CHART_MESSAGES.unsupportedVizType);
  let built: unknown;
  try {
    built = buildQuery({ ...formData, viz_type: vizType, datasource: String(formData.datasource) });
  } catch (error) {
    // Query builders read what they understand; form data they cannot read at all is the client's.
    throw legacyError(400, error instanceof Error ? error.message : 'Invalid form data');
  }
  const parsed = queryContextSchema.safeParse(built);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? issue.path.map(String).join('.') : '';
    throw legacyError(400, `Invalid form data: ${where === '' ? '' : `${where}: `}${issue?.message ?? ''}`);
  }
  // The legacy API answers one query object (Superset's viz classes run one query).
  return { ...parsed.data, queries: parsed.data.queries.slice(0, 1) };
}

/** SIP-40 errors of a failed query, for the payload's `errors` (Superset's viz `errors`). */
function errorsOf(error: ApiError): SupersetError[] {
  const rich = errorsBodySchema.safeParse(error.body);
  if (rich.success) return rich.data.errors;
  return [buildSupersetError('VIZ_GET_DF_ERROR', error.message, null)];
}

const NUMBERED = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** Superset's viz payload (`get_payload`) from one chart data item. */
function fullPayload(item: Record<string, unknown>, formData: LegacyFormData): Record<string, unknown> {
  return {
    cache_key: item.cache_key ?? null,
    cached_dttm: item.cached_dttm ?? null,
    cache_timeout: NUMBERED(item.cache_timeout),
    error: null,
    errors: [],
    form_data: formData,
    is_cached: item.is_cached === true,
    query: item.query ?? '',
    from_dttm: NUMBERED(item.from_dttm),
    to_dttm: NUMBERED(item.to_dttm),
    status: item.status ?? 'success',
    stacktrace: null,
    rowcount: NUMBERED(item.rowcount) ?? 0,
    sql_rowcount: NUMBERED(item.sql_rowcount) ?? 0,
    colnames: item.colnames ?? null,
    coltypes: item.coltypes ?? null,
    data: item.data ?? [],
    applied_filters: item.applied_filters ?? [],
    rejected_filters: item.rejected_filters ?? [],
  };
}

/** A query that failed: Superset's payload with status failed, no data, and the errors. */
function failedPayload(error: ApiError, formData: LegacyFormData, cacheTimeout: number | null) {
  const errors = errorsOf(error);
  return {
    cache_key: null,
    cached_dttm: null,
    cache_timeout: cacheTimeout,
    error: errors[0]?.message ?? error.message,
    errors,
    form_data: formData,
    is_cached: false,
    query: '',
    from_dttm: null,
    to_dttm: null,
    status: 'failed',
    stacktrace: null,
    rowcount: 0,
    colnames: null,
    coltypes: null,
  };
}

/**
 * GET|POST /superset/explore_json/[<type>/<id>/] and POST /explore/ (spec 001 §2 and §7): legacy form
 * data run through the viz type's buildQuery (the charts package's React-free registry) and the chart
 * data engine, answered in Superset's legacy shapes. Access is the chart data API's (the dataset, or a
 * dashboard that shows the chart named by slice_id), but a dataset the caller cannot read is 403
 * DATASOURCE_SECURITY_ACCESS_ERROR here, as in Superset's view.
 */
export async function runExploreJson(
  ctx: AppContext,
  principal: Principal,
  request: ExploreJsonRequest,
): Promise<ExploreJsonOutcome> {
  const queryParse = legacyChartDataQuerySchema.safeParse(request.query ?? {});
  const query = queryParse.success ? queryParse.data : {};
  let path: { datasource_type: string; datasource_id: number } | null = null;
  if (request.params !== null) {
    const parsed = legacyChartDataPathSchema.safeParse(request.params);
    if (!parsed.success) throw legacyError(404, 'Not found');
    path = parsed.data;
  }
  const option = responseOption(query);
  const { resultType, resultFormat } = runAs(option);
  if (resultFormat !== 'json' && !principal.can('can_csv', 'Superset'))
    throw legacyError(403, `You don't have the rights to download as ${resultFormat}`);

  const requested = await withSavedChart(
    ctx,
    requestFormData(request.body, request.contentType, query.form_data),
  );
  const datasource = legacyDatasource(requested, path);
  const via = dashboardChartRefOf(requested);
  const access = await checkChartDatasource(ctx, principal, datasource.id, via);
  if (access.kind === 'missing') throw legacyError(404, 'Datasource does not exist');
  if (access.kind === 'denied')
    throw sip40Error(
      403,
      'DATASOURCE_SECURITY_ACCESS_ERROR',
      `This endpoint requires the datasource ${access.datasourceName}, database or \`all_datasource_access\` permission`,
    );

  // Superset's default viz type.
  const vizType =
    typeof requested.viz_type === 'string' && requested.viz_type !== '' ? requested.viz_type : 'table';
  const upgraded = upgradeLegacyChart(vizType, requested);
  const formData: LegacyFormData = {
    ...upgraded.params,
    viz_type: upgraded.vizType,
    datasource: `${String(datasource.id)}__${datasource.type}`,
  };
  const context: QueryContext = {
    ...queryContextOf(upgraded.vizType, formData),
    form_data: formData,
    force: query.force === 'true',
    result_type: resultType,
    result_format: resultFormat,
  };

  let outcome: Awaited<ReturnType<typeof runQueryContext>>;
  try {
    outcome = await runQueryContext(ctx, principal, context, via);
  } catch (error) {
    if (!(error instanceof ApiError) || [401, 403, 404].includes(error.statusCode)) throw error;
    const { source } = access;
    const cacheTimeout =
      source.datasource.cache_timeout ??
      source.database.cache_timeout ??
      ctx.config.constants.CACHE_DEFAULT_TIMEOUT;
    return { kind: 'json', statusCode: error.statusCode, body: failedPayload(error, formData, cacheTimeout) };
  }
  if (outcome.kind === 'file') return outcome;
  const item = outcome.body.result[0] ?? {};
  switch (option) {
    case 'query':
      if (typeof item.error === 'string') throw legacyError(400, item.error);
      return { kind: 'json', statusCode: 200, body: { query: item.query, language: item.language } };
    case 'results':
    case 'samples':
      return {
        kind: 'json',
        statusCode: 200,
        body: {
          data: item.data ?? [],
          colnames: item.colnames ?? [],
          coltypes: item.coltypes ?? [],
          rowcount: item.rowcount ?? 0,
          sql_rowcount: item.sql_rowcount ?? 0,
        },
      };
    default:
      return { kind: 'json', statusCode: 200, body: fullPayload(item, formData) };
  }
}
