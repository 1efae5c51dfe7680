import {
  TIME_GRAINS,
  type DatasourceColumn,
  type Engine,
  type DatasourceMetric,
  type ExploreDatasource,
} from '@tessera/contracts';
import type { Connector } from '@tessera/connectors';
import type { AppContext } from '../../context';
import { messageError, notFound } from '../../platform/errors';
import { findDatabase } from '../databases/databases.service';
import type { DatabaseRow } from '../databases/registry';
import type { Principal } from '../security/principal';
import { columnCertification } from './column-extra';
import { drillToDetailDisabled } from '../databases/drill-setting';
import { canSeeDataset } from './dataset-access';
import {
  datasetColumns,
  datasetMetrics,
  datasetOwnerIds,
  findDatasetView,
  type DatasetColumnRow,
  type DatasetMetricRow,
  type DatasetView,
} from './datasets.repo';

/** A dataset the principal may read, with its database and connector: what every reader starts from. */
export interface ReadableDataset {
  view: DatasetView;
  database: DatabaseRow;
  connector: Connector;
  ownerIds: number[];
}

/** Unknown, hidden, or on a database the principal cannot use: all the same 404 (no existence leak). */
export async function loadReadableDataset(
  ctx: AppContext,
  principal: Principal,
  datasetId: number,
): Promise<ReadableDataset> {
  const view = await findDatasetView(ctx.store.db, datasetId);
  if (!view) throw notFound();
  const ownerIds = await datasetOwnerIds(ctx.store.db, view.id);
  const database = await findDatabase(ctx.store.db, view.database_id);
  if (!database || !canSeeDataset(principal, database, view, ownerIds)) throw notFound();
  return { view, database, connector: ctx.databases.connectorFor(database), ownerIds };
}

const ALL_GRAINS = TIME_GRAINS.map((grain): [string, string] => [grain.duration, grain.name]);

/**
 * Every engine Tessera connects to has an expression for each grain of TIME_GRAINS (the chart data
 * compiler's job), so today the lists are equal; this table is where an engine would differ.
 */
const GRAINS_BY_ENGINE: Record<Engine, [string, string][]> = {
  postgresql: ALL_GRAINS,
  mysql: ALL_GRAINS,
  sqlite: ALL_GRAINS,
  duckdb: ALL_GRAINS,
};

/** `[[iso_duration, label], …]` of the time grains the engine supports. */
export const timeGrainChoices = (engine: Engine): [string, string][] =>
  GRAINS_BY_ENGINE[engine].map(([duration, name]): [string, string] => [duration, name]);

export function toDatasourceColumn(row: DatasetColumnRow): DatasourceColumn {
  const certification = columnCertification(row.extra);
  return {
    id: row.id,
    column_name: row.column_name,
    verbose_name: row.verbose_name,
    type: row.type,
    type_generic: row.type_generic,
    expression: row.expression,
    is_dttm: row.is_dttm === 1,
    groupby: row.groupby === 1,
    filterable: row.filterable === 1,
    description: row.description,
    python_date_format: row.python_date_format,
    advanced_data_type: row.advanced_data_type,
    ...certification,
    is_certified: certification.certified_by !== null,
    extra: row.extra,
  };
}

export function toDatasourceMetric(row: DatasetMetricRow): DatasourceMetric {
  return {
    id: row.id,
    metric_name: row.metric_name,
    verbose_name: row.verbose_name,
    expression: row.expression,
    metric_type: row.metric_type,
    d3format: row.d3format,
    currency: row.currency,
    description: row.description,
    certified_by: row.certified_by,
    certification_details: row.certification_details,
    warning_text: row.warning_text,
    is_certified: row.certified_by !== null && row.certified_by !== '',
  };
}

/** Builds the datasource JSON from rows already loaded (no access check here). */
export function toExploreDatasource(
  readable: ReadableDataset,
  columnRows: DatasetColumnRow[],
  metricRows: DatasetMetricRow[],
): ExploreDatasource {
  const { view, connector, ownerIds } = readable;
  const columns = columnRows.filter((row) => row.is_active === 1).map(toDatasourceColumn);
  const metrics = metricRows.map(toDatasourceMetric);
  const verboseMap: Record<string, string> = { __timestamp: 'Time' };
  for (const column of columns) verboseMap[column.column_name] = column.verbose_name ?? column.column_name;
  for (const metric of metrics) verboseMap[metric.metric_name] = metric.verbose_name ?? metric.metric_name;
  const columnFormats: Record<string, string> = {};
  for (const metric of metrics) if (metric.d3format) columnFormats[metric.metric_name] = metric.d3format;
  const temporal = columns.filter((column) => column.is_dttm);
  // Superset lists the main datetime column first so it is Explore's default time column.
  temporal.sort(
    (a, b) => Number(b.column_name === view.main_dttm_col) - Number(a.column_name === view.main_dttm_col),
  );
  const name = view.schema ? `${view.schema}.${view.table_name}` : view.table_name;
  return {
    id: view.id,
    uid: `${view.id}__table`,
    type: 'table',
    name,
    datasource_name: view.table_name,
    table_name: view.table_name,
    catalog: view.catalog,
    schema: view.schema,
    database: {
      id: view.database_id,
      database_name: view.database_name,
      backend: view.backend,
      disable_drill_to_detail: drillToDetailDisabled(readable.database.extra),
    },
    sql: view.sql,
    template_params: view.template_params,
    is_sqllab_view: view.is_sqllab_view === 1,
    columns,
    metrics,
    main_dttm_col: view.main_dttm_col,
    granularity_sqla: temporal.map((column): [string, string] => [column.column_name, column.column_name]),
    time_grain_sqla: timeGrainChoices(connector.engine),
    verbose_map: verboseMap,
    column_formats: columnFormats,
    cache_timeout: view.cache_timeout,
    offset: view.offset,
    default_endpoint: view.default_endpoint,
    filter_select: view.filter_select_enabled === 1,
    fetch_values_predicate: view.fetch_values_predicate,
    select_star: connector.selectStar(view.table_name, view.schema, [], 100),
    owners: ownerIds,
    description: view.description,
    edit_url: `/tablemodelview/edit/${view.id}`,
    extra: view.extra,
    always_filter_main_dttm: view.always_filter_main_dttm === 1,
    normalize_columns: view.normalize_columns === 1,
  };
}

/**
 * The dataset's semantic layer as Explore and the chart data engine read it. Throws ApiError 404
 * when the dataset does not exist or the principal may not read it.
 */
export async function loadExploreDatasource(
  ctx: AppContext,
  principal: Principal,
  datasetId: number,
): Promise<ExploreDatasource> {
  const readable = await loadReadableDataset(ctx, principal, datasetId);
  const [columns, metrics] = await Promise.all([
    datasetColumns(ctx.store.db, datasetId),
    datasetMetrics(ctx.store.db, datasetId),
  ]);
  return toExploreDatasource(readable, columns, metrics);
}

/** `{id}__table` (Superset's datasourceKey); only table datasources exist here. 400 otherwise. */
export function parseDatasourceKey(key: unknown): number {
  const match = typeof key === 'string' ? /^(\d{1,15})__(table)$/.exec(key) : null;
  const id = match ? Number(match[1]) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw messageError(400, 'datasourceKey must be {id}__table, e.g. 1__table.');
  }
  return id;
}
