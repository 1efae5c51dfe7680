import { randomUUID } from 'node:crypto';
import type { DatasetDuplicate } from '@tessera/contracts';
import type { AppContext } from '../../context';
import { messageError } from '../../platform/errors';
import type { Principal } from '../security/principal';
import { datasetColumns, datasetMetrics, findDatasetByName, insertDataset } from './datasets.repo';
import { loadReadableDataset } from './explore-datasource';
import { syncPermissionViews } from '../security/access-pairs';

/**
 * POST /api/v1/dataset/duplicate: a copy of a virtual dataset (its SQL, settings, columns and
 * metrics) under a new name, owned by the caller. Physical datasets cannot be copied, as in Superset:
 * two datasets on one table would only differ by name.
 */
export async function duplicateDataset(
  ctx: AppContext,
  principal: Principal,
  body: DatasetDuplicate,
): Promise<number> {
  const { view } = await loadReadableDataset(ctx, principal, body.base_model_id);
  if (view.sql === null) {
    throw messageError(422, { base_model_id: ['Only virtual datasets can be duplicated.'] });
  }
  const clash = await findDatasetByName(ctx.store.db, {
    databaseId: view.database_id,
    catalog: view.catalog,
    schema: view.schema,
    tableName: body.table_name,
  });
  if (clash) throw messageError(422, { table_name: [`Dataset ${body.table_name} already exists.`] });
  const [columns, metrics] = await Promise.all([
    datasetColumns(ctx.store.db, view.id),
    datasetMetrics(ctx.store.db, view.id),
  ]);
  const id = await insertDataset(
    ctx.store.db,
    {
      uuid: randomUUID(),
      table_name: body.table_name,
      database_id: view.database_id,
      catalog: view.catalog,
      schema: view.schema,
      sql: view.sql,
      template_params: view.template_params,
      is_sqllab_view: view.is_sqllab_view,
      external_url: null,
      is_managed_externally: 0,
      main_dttm_col: view.main_dttm_col,
      cache_timeout: view.cache_timeout,
      description: view.description,
      default_endpoint: view.default_endpoint,
      offset: view.offset,
      filter_select_enabled: view.filter_select_enabled,
      fetch_values_predicate: view.fetch_values_predicate,
      extra: view.extra,
      always_filter_main_dttm: view.always_filter_main_dttm,
      normalize_columns: view.normalize_columns,
      created_by_fk: principal.user.id,
      changed_by_fk: principal.user.id,
    },
    columns.map(({ id: _id, dataset_id: _dataset, position: _position, ...column }) => column),
    {
      metrics: metrics.map(({ id: _id, dataset_id: _dataset, ...metric }) => metric),
      ownerIds: [principal.user.id],
    },
  );
  await syncPermissionViews(ctx.store.db, ctx.caches.principals);
  return id;
}
