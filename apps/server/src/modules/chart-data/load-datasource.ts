import { TIME_GRAINS, type ExploreDatasource } from '@tessera/contracts';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/errors';
import { findDatabase } from '../databases/databases.repo';
import { canAccessDatabase } from '../databases/databases.service';
import type { DatabaseRow } from '../databases/registry';
import { canSeeDataset } from '../datasets/dataset-access';
import { datasetColumns, findDatasetView } from '../datasets/datasets.repo';
import type { Principal } from '../security/principal';

export interface ChartDatasource {
  datasource: ExploreDatasource;
  database: DatabaseRow;
}

/**
 * Interim semantic layer until the `datasets` branch brings `loadExploreDatasource` (metrics,
 * calculated columns, cache timeout): the dataset row and its synced columns, without metrics.
 * Unknown, hidden or on a database the caller cannot use: 404 (no existence leak).
 */
async function loadExploreDatasource(
  ctx: AppContext,
  principal: Principal,
  id: number,
): Promise<ExploreDatasource> {
  const view = await findDatasetView(ctx.store.db, id);
  if (!view || !canSeeDataset(principal, view)) throw notFound();
  const columns = await datasetColumns(ctx.store.db, id);
  const temporal = columns.filter((column) => column.is_dttm === 1).map((column) => column.column_name);
  return {
    id: view.id,
    uid: `${view.id}__table`,
    type: 'table',
    name: view.schema ? `${view.schema}.${view.table_name}` : view.table_name,
    datasource_name: view.table_name,
    table_name: view.table_name,
    catalog: view.catalog,
    schema: view.schema,
    database: { id: view.database_id, database_name: view.database_name, backend: view.backend },
    sql: view.sql,
    template_params: view.template_params,
    is_sqllab_view: view.is_sqllab_view === 1,
    columns: columns.map((column) => ({
      id: column.id,
      column_name: column.column_name,
      verbose_name: null,
      type: column.type,
      type_generic: column.type_generic,
      expression: null,
      is_dttm: column.is_dttm === 1,
      groupby: true,
      filterable: true,
      description: null,
      python_date_format: null,
    })),
    metrics: [],
    main_dttm_col: temporal[0] ?? null,
    granularity_sqla: temporal.map((name): [string, string] => [name, name]),
    time_grain_sqla: TIME_GRAINS.map((grain): [string, string] => [grain.duration, grain.name]),
    verbose_map: {},
    column_formats: {},
    cache_timeout: null,
    offset: 0,
    default_endpoint: null,
    filter_select: false,
    fetch_values_predicate: null,
    select_star: '',
    owners: view.created_by_fk === null ? [] : [view.created_by_fk],
    description: null,
    edit_url: `/tablemodelview/edit/${view.id}`,
    extra: null,
    always_filter_main_dttm: false,
    normalize_columns: false,
  };
}

/** The datasource of a query context and its database, both readable by the caller, or 404. */
export async function loadChartDatasource(
  ctx: AppContext,
  principal: Principal,
  id: number,
): Promise<ChartDatasource> {
  const datasource = await loadExploreDatasource(ctx, principal, id);
  const database = await findDatabase(ctx.store.db, datasource.database.id);
  if (!database || !canAccessDatabase(principal, database)) throw notFound();
  return { datasource, database };
}
