import type { DatasetColumnUpdate, DatasetMetricUpdate, DatasetUpdate } from '@tessera/contracts';
import type { Updateable } from 'kysely';
import type { AppContext } from '../../context';
import { nowIso, type MetadataDb } from '../../db/kysely';
import type { DatasetsTable } from '../../db/schema';
import { messageError } from '../../platform/errors';
import { renameDatasetAccess } from '../security/access-pairs';
import type { Principal } from '../security/principal';
import { canChangeDataset } from './dataset-access';
import { targetDatabase } from './target-database';
import { columnExtraText } from './column-extra';
import { checkedDatasetSql } from './dataset-columns';
import {
  datasetColumns,
  datasetMetrics,
  findDatasetByName,
  type DatasetColumnRow,
  type DatasetMetricRow,
} from './datasets.repo';
import { loadReadableDataset, type ReadableDataset } from './explore-datasource';
import { sqlExpressionProblem } from './sql-expression';

const TEMPORAL = 2;
type Problems = Record<string, string[]>;

const add = (problems: Problems, field: string, text: string): void => {
  (problems[field] ??= []).push(text);
};

const blankToNull = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value.trim() === '' ? null : value.trim();

function duplicates(names: string[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const name of names) (seen.has(name) ? repeated : seen).add(name);
  return [...repeated];
}

/** The loaded dataset when the principal may change it: 404 when unreadable, 403 when not an owner. */
export async function loadChangeableDataset(
  ctx: AppContext,
  principal: Principal,
  id: number,
): Promise<ReadableDataset> {
  const readable = await loadReadableDataset(ctx, principal, id);
  if (!canChangeDataset(principal, readable.ownerIds)) {
    throw messageError(403, 'Changing this Dataset is forbidden');
  }
  return readable;
}

function checkColumns(
  columns: DatasetColumnUpdate[],
  existing: DatasetColumnRow[],
  override: boolean,
  engine: ReadableDataset['connector']['engine'],
  problems: Problems,
): void {
  const repeated = duplicates(columns.map((column) => column.column_name));
  if (repeated.length > 0)
    add(problems, 'columns', `One or more columns are duplicated: ${repeated.join(', ')}.`);
  const known = new Set(existing.map((column) => column.id));
  if (!override) {
    const unknown = columns.filter((column) => column.id !== undefined && !known.has(column.id));
    if (unknown.length > 0) add(problems, 'columns', 'One or more columns do not exist.');
  }
  for (const column of columns) {
    const expression = blankToNull(column.expression);
    if (expression === null) continue;
    const problem = sqlExpressionProblem(expression, engine);
    if (problem) add(problems, 'columns', `Column ${column.column_name}: ${problem}`);
  }
}

function checkMetrics(
  metrics: DatasetMetricUpdate[],
  existing: DatasetMetricRow[],
  engine: ReadableDataset['connector']['engine'],
  problems: Problems,
): void {
  const repeated = duplicates(metrics.map((metric) => metric.metric_name));
  if (repeated.length > 0)
    add(problems, 'metrics', `One or more metrics are duplicated: ${repeated.join(', ')}.`);
  const known = new Set(existing.map((metric) => metric.id));
  const unknown = metrics.filter((metric) => metric.id !== undefined && !known.has(metric.id));
  if (unknown.length > 0) add(problems, 'metrics', 'One or more metrics do not exist.');
  for (const metric of metrics) {
    const problem = sqlExpressionProblem(metric.expression, engine);
    if (problem) add(problems, 'metrics', `Metric ${metric.metric_name}: ${problem}`);
  }
}

async function checkOwners(db: MetadataDb, owners: number[], problems: Problems): Promise<void> {
  if (owners.length === 0) return;
  const found = await db.selectFrom('users').select('id').where('id', 'in', owners).execute();
  if (found.length !== new Set(owners).size) add(problems, 'owners', 'Owners are invalid.');
}

function columnValues(column: DatasetColumnUpdate, previous: DatasetColumnRow | undefined) {
  const expression = blankToNull(column.expression);
  const isDttm = column.is_dttm ?? (previous ? previous.is_dttm === 1 : false);
  const calculatedGeneric = isDttm ? TEMPORAL : null;
  return {
    column_name: column.column_name,
    verbose_name: blankToNull(column.verbose_name),
    description: blankToNull(column.description),
    expression,
    type: column.type === undefined ? (previous?.type ?? null) : blankToNull(column.type),
    type_generic: previous && expression === null ? previous.type_generic : calculatedGeneric,
    advanced_data_type: blankToNull(column.advanced_data_type),
    is_dttm: isDttm ? 1 : 0,
    groupby: (column.groupby ?? true) ? 1 : 0,
    filterable: (column.filterable ?? true) ? 1 : 0,
    is_active: (column.is_active ?? true) ? 1 : 0,
    python_date_format: blankToNull(column.python_date_format),
    extra: columnExtraText(column, previous?.extra),
  };
}

function metricValues(metric: DatasetMetricUpdate) {
  return {
    metric_name: metric.metric_name,
    expression: metric.expression.trim(),
    verbose_name: blankToNull(metric.verbose_name),
    metric_type: blankToNull(metric.metric_type),
    d3format: blankToNull(metric.d3format),
    currency: blankToNull(metric.currency),
    description: blankToNull(metric.description),
    certified_by: blankToNull(metric.certified_by),
    certification_details: blankToNull(metric.certification_details),
    warning_text: blankToNull(metric.warning_text),
    extra: blankToNull(metric.extra),
  };
}

/** The dataset-level fields the body sets; absent keys stay as they are. */
function datasetValues(body: DatasetUpdate, sql: string | null | undefined): Updateable<DatasetsTable> {
  const values: Updateable<DatasetsTable> = {};
  if (body.table_name !== undefined) values.table_name = body.table_name;
  if (body.description !== undefined) values.description = blankToNull(body.description);
  if (body.main_dttm_col !== undefined) values.main_dttm_col = blankToNull(body.main_dttm_col);
  if (body.cache_timeout !== undefined) values.cache_timeout = body.cache_timeout;
  if (sql !== undefined) {
    values.sql = sql;
    values.is_sqllab_view = sql === null ? 0 : 1;
  }
  if (body.template_params !== undefined) values.template_params = blankToNull(body.template_params);
  if (body.default_endpoint !== undefined) values.default_endpoint = blankToNull(body.default_endpoint);
  if (body.offset !== undefined) values.offset = body.offset;
  if (body.filter_select_enabled !== undefined)
    values.filter_select_enabled = body.filter_select_enabled ? 1 : 0;
  if (body.fetch_values_predicate !== undefined) {
    values.fetch_values_predicate = blankToNull(body.fetch_values_predicate);
  }
  if (body.extra !== undefined) values.extra = blankToNull(body.extra);
  if (body.always_filter_main_dttm !== undefined) {
    values.always_filter_main_dttm = body.always_filter_main_dttm ? 1 : 0;
  }
  if (body.normalize_columns !== undefined) values.normalize_columns = body.normalize_columns ? 1 : 0;
  if (body.external_url !== undefined) values.external_url = blankToNull(body.external_url);
  return values;
}

async function saveColumns(
  trx: MetadataDb,
  datasetId: number,
  columns: DatasetColumnUpdate[],
  existing: DatasetColumnRow[],
  override: boolean,
): Promise<void> {
  const byId = new Map(existing.map((column) => [column.id, column]));
  const byName = new Map(existing.map((column) => [column.column_name, column]));
  if (override) {
    await trx.deleteFrom('dataset_columns').where('dataset_id', '=', datasetId).execute();
    for (const [position, column] of columns.entries()) {
      const previous = byName.get(column.column_name);
      await trx
        .insertInto('dataset_columns')
        .values({ ...columnValues(column, previous), dataset_id: datasetId, position })
        .execute();
    }
    return;
  }
  const kept = new Set(columns.flatMap((column) => (column.id === undefined ? [] : [column.id])));
  const dropped = existing.filter((column) => !kept.has(column.id)).map((column) => column.id);
  if (dropped.length > 0) await trx.deleteFrom('dataset_columns').where('id', 'in', dropped).execute();
  let nextPosition = existing.reduce((max, column) => Math.max(max, column.position), -1) + 1;
  for (const column of columns) {
    const previous = column.id === undefined ? undefined : byId.get(column.id);
    if (previous) {
      await trx
        .updateTable('dataset_columns')
        .set(columnValues(column, previous))
        .where('id', '=', previous.id)
        .execute();
    } else {
      await trx
        .insertInto('dataset_columns')
        .values({ ...columnValues(column, undefined), dataset_id: datasetId, position: nextPosition })
        .execute();
      nextPosition += 1;
    }
  }
}

async function saveMetrics(
  trx: MetadataDb,
  datasetId: number,
  metrics: DatasetMetricUpdate[],
  existing: DatasetMetricRow[],
): Promise<void> {
  const kept = new Set(metrics.flatMap((metric) => (metric.id === undefined ? [] : [metric.id])));
  const dropped = existing.filter((metric) => !kept.has(metric.id)).map((metric) => metric.id);
  if (dropped.length > 0) await trx.deleteFrom('dataset_metrics').where('id', 'in', dropped).execute();
  // Renames can swap names between rows; clearing updated names first keeps the unique index quiet.
  for (const metric of metrics) {
    if (metric.id === undefined) continue;
    await trx
      .updateTable('dataset_metrics')
      .set({ metric_name: `__renaming_${metric.id}` })
      .where('id', '=', metric.id)
      .execute();
  }
  for (const metric of metrics) {
    if (metric.id !== undefined) {
      await trx
        .updateTable('dataset_metrics')
        .set(metricValues(metric))
        .where('id', '=', metric.id)
        .execute();
    } else {
      await trx
        .insertInto('dataset_metrics')
        .values({ ...metricValues(metric), dataset_id: datasetId })
        .execute();
    }
  }
}

/**
 * PUT /api/v1/dataset/{pk}. Everything is validated before anything is written, and the write is
 * one transaction, so a refused update changes nothing. `columns`/`metrics` are complete lists
 * (Superset's DAO semantics: listed ids are updated, entries without id are added, the rest are
 * deleted); `override` (?override_columns=true) replaces the columns wholesale instead.
 */
export async function updateDataset(
  ctx: AppContext,
  principal: Principal,
  id: number,
  body: DatasetUpdate,
  override: boolean,
): Promise<void> {
  const readable = await loadChangeableDataset(ctx, principal, id);
  const { view, connector } = readable;
  const db = ctx.store.db;
  const [existingColumns, existingMetrics] = await Promise.all([
    datasetColumns(db, id),
    datasetMetrics(db, id),
  ]);
  const problems: Problems = {};
  // A dataset never points at a database that does not exist (or that the caller cannot use).
  const databaseId =
    body.database_id === undefined
      ? view.database_id
      : (await targetDatabase(ctx, principal, body.database_id)).id;

  const renamed = body.table_name !== undefined && body.table_name !== view.table_name;
  if (renamed || databaseId !== view.database_id) {
    const tableName = body.table_name ?? view.table_name;
    const clash = await findDatasetByName(db, {
      databaseId,
      catalog: view.catalog,
      schema: view.schema,
      tableName,
    });
    if (clash && clash.id !== id) add(problems, 'table_name', `Dataset ${tableName} already exists.`);
  }
  let sql: string | null | undefined;
  if (body.sql !== undefined) {
    sql = blankToNull(body.sql);
    if (sql !== null) {
      const params =
        body.template_params === undefined ? view.template_params : blankToNull(body.template_params);
      // Refused SQL answers 422 {sql: [...]} on its own, before the other checks.
      checkedDatasetSql(sql, params, connector.engine, principal);
    }
  }
  if (body.columns) checkColumns(body.columns, existingColumns, override, connector.engine, problems);
  if (body.metrics) checkMetrics(body.metrics, existingMetrics, connector.engine, problems);
  if (body.owners) await checkOwners(db, body.owners, problems);
  const mainDttm = body.main_dttm_col === undefined ? undefined : blankToNull(body.main_dttm_col);
  if (mainDttm !== undefined && mainDttm !== null) {
    const names = (body.columns ?? existingColumns).map((column) => column.column_name);
    if (!names.includes(mainDttm))
      add(problems, 'main_dttm_col', `Column ${mainDttm} does not exist in the dataset.`);
  }
  if (Object.keys(problems).length > 0) throw messageError(422, problems);

  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('datasets')
      .set({
        ...datasetValues(body, sql),
        database_id: databaseId,
        changed_by_fk: principal.user.id,
        changed_on: nowIso(),
      })
      .where('id', '=', id)
      .execute();
    if (body.columns) await saveColumns(trx, id, body.columns, existingColumns, override);
    if (body.metrics) await saveMetrics(trx, id, body.metrics, existingMetrics);
    if (body.owners) {
      // Superset keeps a non-admin editor among the owners so they cannot lock themselves out.
      const owners = new Set(body.owners);
      if (!principal.isAdmin) owners.add(principal.user.id);
      await trx.deleteFrom('dataset_owners').where('dataset_id', '=', id).execute();
      if (owners.size > 0) {
        await trx
          .insertInto('dataset_owners')
          .values([...owners].map((userId) => ({ dataset_id: id, user_id: userId })))
          .execute();
      }
    }
  });
  ctx.caches.exploreDatasources.invalidate();
  if (body.table_name !== undefined && body.table_name !== view.table_name) {
    await renameDatasetAccess(
      db,
      ctx.caches.principals,
      { databaseName: view.database_name, dataset: view },
      { databaseName: view.database_name, dataset: { ...view, table_name: body.table_name } },
    );
  }
}
