import { randomUUID } from 'node:crypto';
import type { Dataset, DatasetCreate, DatasetGetOrCreate } from '@tessera/contracts';
import type { AppContext } from '../../context';
import { messageError, notFound } from '../../platform/errors';
import { assertSchemaReadable } from '../databases/schema-guard';
import type { Principal } from '../security/principal';
import { canSeeDataset } from './dataset-access';
import { checkedDatasetSql, columnsFromInput, deriveSqlColumns, deriveTableColumns } from './dataset-columns';
import { toDataset } from './dataset-dict';
import { loadReadableDataset } from './explore-datasource';
import { ownerRefs } from './dataset-owners';
import { targetDatabase } from './target-database';
import {
  COUNT_METRIC,
  datasetColumns,
  datasetMetrics,
  datasetOwnerIds,
  findDatasetByName,
  findDatasetView,
  findDatasetViewByUuid,
  insertDataset,
  type NewDatasetColumn,
  datasetPlaces,
} from './datasets.repo';
import { syncPermissionViews } from '../security/access-pairs';
import { readableDatasetCondition } from '../security/grants';

const blankToNull = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value.trim() === '' ? null : value.trim();

/** GET /api/v1/dataset/{id_or_uuid}: hidden datasets and ones on inaccessible databases are 404. */
export async function showDataset(
  ctx: AppContext,
  principal: Principal,
  idOrUuid: number | string,
): Promise<Dataset> {
  const view =
    typeof idOrUuid === 'number'
      ? await findDatasetView(ctx.store.db, idOrUuid)
      : await findDatasetViewByUuid(ctx.store.db, idOrUuid);
  if (!view) throw notFound();
  const readable = await loadReadableDataset(ctx, principal, view.id);
  const [columns, metrics, owners] = await Promise.all([
    datasetColumns(ctx.store.db, view.id),
    datasetMetrics(ctx.store.db, view.id),
    ownerRefs(ctx.store.db, readable.ownerIds),
  ]);
  return toDataset(readable, columns, metrics, owners);
}

/** Owner ids of a new dataset, each an existing user (422 otherwise, as Superset's "Owners are invalid"). */
async function existingOwners(ctx: AppContext, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await ctx.store.db.selectFrom('users').select('id').where('id', 'in', ids).execute();
  if (found.length !== new Set(ids).size) throw messageError(422, { owners: ['Owners are invalid.'] });
  return ids;
}

interface NewDatasetInput {
  databaseId: number;
  tableName: string;
  catalog: string | null;
  schema: string | null;
  sql: string | null;
  templateParams: string | null;
  columns: DatasetColumnInputList | undefined;
  externalUrl: string | null;
  isManagedExternally: boolean;
  ownerIds: number[];
}
type DatasetColumnInputList = NonNullable<DatasetCreate['columns']>;

async function createFrom(ctx: AppContext, principal: Principal, input: NewDatasetInput): Promise<number> {
  const database = await targetDatabase(ctx, principal, input.databaseId);
  // A schema-limited caller would otherwise own, and so read, a dataset outside their schemas.
  assertSchemaReadable(principal, database, input.schema);
  const connector = ctx.databases.connectorFor(database);
  const existing = await findDatasetByName(ctx.store.db, {
    databaseId: database.id,
    catalog: input.catalog,
    schema: input.schema,
    tableName: input.tableName,
  });
  if (existing) throw messageError(422, { table_name: [`Dataset ${input.tableName} already exists.`] });

  let columns: NewDatasetColumn[];
  if (input.sql !== null) {
    const statement = checkedDatasetSql(input.sql, input.templateParams, connector.engine, principal);
    columns =
      input.columns && input.columns.length > 0
        ? columnsFromInput(input.columns)
        : await deriveSqlColumns(connector, {
            statement,
            schema: input.schema,
            catalog: input.catalog,
            timeoutSeconds: ctx.config.constants.SQLLAB_TIMEOUT,
          });
  } else {
    columns = await deriveTableColumns(connector, {
      name: input.tableName,
      schema: input.schema,
      catalog: input.catalog,
    });
  }
  const id = await insertDataset(
    ctx.store.db,
    {
      uuid: randomUUID(),
      table_name: input.tableName,
      database_id: database.id,
      catalog: input.catalog,
      schema: input.schema,
      sql: input.sql,
      template_params: input.templateParams,
      is_sqllab_view: input.sql === null ? 0 : 1,
      external_url: input.externalUrl,
      is_managed_externally: input.isManagedExternally ? 1 : 0,
      main_dttm_col: columns.find((column) => column.is_dttm === 1)?.column_name ?? null,
      created_by_fk: principal.user.id,
      changed_by_fk: principal.user.id,
    },
    columns,
    {
      metrics: [COUNT_METRIC],
      ownerIds: [principal.user.id, ...input.ownerIds],
    },
  );
  await syncPermissionViews(ctx.store.db, ctx.caches.principals);
  return id;
}

/**
 * POST /api/v1/dataset/. A body with `sql` is a virtual dataset and needs a schema (spec 000 §5);
 * its SQL must be one read-only statement. Columns come from the body or from running the SQL.
 */
export async function createDataset(
  ctx: AppContext,
  principal: Principal,
  body: DatasetCreate,
): Promise<{ id: number; result: Record<string, unknown>; data: Dataset }> {
  const schema = blankToNull(body.schema);
  const sql = body.sql ?? null;
  if (sql !== null) {
    const missing: Record<string, string[]> = {};
    if (sql.trim() === '') missing.sql = ['SQL is required for a dataset from SQL Lab.'];
    if (schema === null) missing.schema = ['Schema is required for a dataset from SQL Lab.'];
    if (Object.keys(missing).length > 0) throw messageError(400, missing);
  }
  const id = await createFrom(ctx, principal, {
    databaseId: body.database,
    tableName: body.table_name,
    catalog: blankToNull(body.catalog),
    schema,
    sql,
    templateParams: blankToNull(body.template_params),
    columns: body.columns,
    externalUrl: blankToNull(body.external_url),
    isManagedExternally: body.is_managed_externally === true,
    ownerIds: await existingOwners(ctx, body.owners ?? []),
  });
  const data = await showDataset(ctx, principal, id);
  return {
    id,
    result: {
      database: data.database.id,
      table_name: data.table_name,
      catalog: data.catalog,
      schema: data.schema,
      sql: data.sql,
      template_params: data.template_params,
      external_url: data.external_url,
      is_managed_externally: data.is_managed_externally,
      owners: [principal.user.id],
    },
    data,
  };
}

/** POST /api/v1/dataset/get_or_create/: the caller's dataset of that name, or a new physical one. */
export async function getOrCreateDataset(
  ctx: AppContext,
  principal: Principal,
  body: DatasetGetOrCreate,
): Promise<number> {
  const database = await targetDatabase(ctx, principal, body.database_id);
  const catalog = blankToNull(body.catalog);
  const schema = blankToNull(body.schema);
  const existing = await findDatasetByName(ctx.store.db, {
    databaseId: database.id,
    catalog,
    schema,
    tableName: body.table_name,
  });
  if (existing) {
    if (!canSeeDataset(principal, database, existing, await datasetOwnerIds(ctx.store.db, existing.id)))
      throw messageError(422, { table_name: [`Dataset ${body.table_name} already exists.`] });
    return existing.id;
  }
  return createFrom(ctx, principal, {
    databaseId: database.id,
    tableName: body.table_name,
    catalog,
    schema,
    sql: null,
    templateParams: blankToNull(body.template_params),
    columns: undefined,
    externalUrl: null,
    isManagedExternally: false,
    ownerIds: [],
  });
}

/** The distinct schemas or catalogs of the datasets the caller may read (the list's filter choices). */
export async function datasetPlacesOf(
  ctx: Pick<AppContext, 'store'>,
  column: 'schema' | 'catalog',
  principal: Principal,
): Promise<Awaited<ReturnType<typeof datasetPlaces>>> {
  return datasetPlaces(ctx.store.db, column, readableDatasetCondition(principal, 't.id'));
}

// Row reads and writes other modules need as they are (no rules of this module apply to them).
export {
  datasetColumnNames,
  datasetOwnerIds,
  findDatasetByName,
  findDatasetView,
  type DatasetView,
} from './datasets.repo';
