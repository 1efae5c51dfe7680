import { ACCESS_PERMISSIONS } from '@tessera/contracts';
import type { MetadataDb } from '../../db/kysely';
import { databaseAccessView, datasourceAccessView, schemaAccessView, type DatasetRef } from './grants';
import { PERMISSION_CATALOGUE, pairKey, type PermissionPair } from './permissions';
import type { PrincipalCache } from './principal-cache';

const ACCESS = new Set<string>(ACCESS_PERMISSIONS);

/** The pairs that should exist: the catalogue plus one per database, dataset and dataset schema. */
async function desiredPairs(db: MetadataDb): Promise<PermissionPair[]> {
  const databases = await db.selectFrom('databases').select(['id', 'database_name']).execute();
  const datasets = await db
    .selectFrom('datasets as t')
    .innerJoin('databases as d', 'd.id', 't.database_id')
    .select(['t.id', 't.table_name', 't.schema', 'd.database_name'])
    .execute();
  const pairs: PermissionPair[] = [...PERMISSION_CATALOGUE];
  for (const database of databases) pairs.push(['database_access', databaseAccessView(database)]);
  for (const dataset of datasets) {
    pairs.push(['datasource_access', datasourceAccessView(dataset.database_name, dataset)]);
    if (dataset.schema !== null) {
      pairs.push(['schema_access', schemaAccessView(dataset.database_name, dataset.schema)]);
    }
  }
  return pairs;
}

/** Adds a pair if missing (concurrent callers race harmlessly) and returns its id. */
export async function ensurePermissionView(
  db: MetadataDb,
  [permission, viewMenu]: PermissionPair,
): Promise<number> {
  await db
    .insertInto('permission_views')
    .values({ permission, view_menu: viewMenu })
    .onConflict((oc) => oc.columns(['permission', 'view_menu']).doNothing())
    .execute();
  const row = await db
    .selectFrom('permission_views')
    .select('id')
    .where('permission', '=', permission)
    .where('view_menu', '=', viewMenu)
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Brings permission_views in line with the catalogue and the databases and datasets that exist, at
 * start and after an object is created or deleted. Access pairs of vanished objects leave every role;
 * schema pairs stay while their database exists (schemas are granted without a dataset too).
 */
export async function syncPermissionViews(db: MetadataDb, principals: PrincipalCache): Promise<void> {
  const desired = await desiredPairs(db);
  const databaseNames = (await db.selectFrom('databases').select('database_name').execute()).map(
    (row) => row.database_name,
  );
  const existing = await db
    .selectFrom('permission_views')
    .select(['id', 'permission', 'view_menu'])
    .execute();
  const have = new Set(existing.map((row) => pairKey(row.permission, row.view_menu)));
  const wanted = new Set(desired.map(([permission, view]) => pairKey(permission, view)));
  const missing = desired.filter(([permission, view]) => !have.has(pairKey(permission, view)));
  const unique = [...new Map(missing.map((pair) => [pairKey(...pair), pair])).values()];
  if (unique.length > 0) {
    await db
      .insertInto('permission_views')
      .values(unique.map(([permission, view_menu]) => ({ permission, view_menu })))
      .onConflict((oc) => oc.columns(['permission', 'view_menu']).doNothing())
      .execute();
  }
  const stale = existing.filter((row) => {
    if (!ACCESS.has(row.permission) || wanted.has(pairKey(row.permission, row.view_menu))) return false;
    if (row.permission !== 'schema_access') return true;
    return !databaseNames.some((name) => row.view_menu.startsWith(`[${name}].[`));
  });
  if (stale.length > 0) await removePairs(db, principals, stale);
}

async function removePairs(
  db: MetadataDb,
  principals: PrincipalCache,
  rows: readonly { id: number; permission: string; view_menu: string }[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const row of rows) {
      await trx.deleteFrom('permission_views').where('id', '=', row.id).execute();
      await trx
        .deleteFrom('role_permissions')
        .where('permission', '=', row.permission)
        .where('view_menu', '=', row.view_menu)
        .execute();
    }
  });
  principals.invalidate();
}

/** Renames one pair's view everywhere, keeping the roles that hold it. */
async function renameView(db: MetadataDb, permission: string, from: string, to: string): Promise<void> {
  if (from === to) return;
  await db.transaction().execute(async (trx) => {
    const clash = await trx
      .selectFrom('permission_views')
      .select('id')
      .where('permission', '=', permission)
      .where('view_menu', '=', to)
      .executeTakeFirst();
    if (clash) await trx.deleteFrom('permission_views').where('id', '=', clash.id).execute();
    await trx
      .updateTable('permission_views')
      .set({ view_menu: to })
      .where('permission', '=', permission)
      .where('view_menu', '=', from)
      .execute();
    await trx
      .updateTable('role_permissions')
      .set({ view_menu: to })
      .where('permission', '=', permission)
      .where('view_menu', '=', from)
      .execute();
  });
}

/** A database renamed: its database, schema and dataset pairs follow the new name, grants kept. */
export async function renameDatabaseAccess(
  db: MetadataDb,
  principals: PrincipalCache,
  id: number,
  from: string,
  to: string,
): Promise<void> {
  if (from === to) return;
  await renameView(
    db,
    'database_access',
    databaseAccessView({ id, database_name: from }),
    databaseAccessView({ id, database_name: to }),
  );
  const schemaRows = await db
    .selectFrom('permission_views')
    .select('view_menu')
    .where('permission', '=', 'schema_access')
    .execute();
  const prefix = `[${from}].[`;
  for (const row of schemaRows) {
    if (row.view_menu.startsWith(prefix)) {
      await renameView(db, 'schema_access', row.view_menu, `[${to}].[${row.view_menu.slice(prefix.length)}`);
    }
  }
  const datasets = await db
    .selectFrom('datasets')
    .select(['id', 'table_name', 'schema'])
    .where('database_id', '=', id)
    .execute();
  for (const dataset of datasets) {
    await renameView(
      db,
      'datasource_access',
      datasourceAccessView(from, dataset),
      datasourceAccessView(to, dataset),
    );
  }
  principals.invalidate();
  await syncPermissionViews(db, principals);
}

/** A dataset renamed or moved: its datasource pair follows, grants kept. */
export async function renameDatasetAccess(
  db: MetadataDb,
  principals: PrincipalCache,
  before: { databaseName: string; dataset: DatasetRef },
  after: { databaseName: string; dataset: DatasetRef },
): Promise<void> {
  await renameView(
    db,
    'datasource_access',
    datasourceAccessView(before.databaseName, before.dataset),
    datasourceAccessView(after.databaseName, after.dataset),
  );
  principals.invalidate();
  await syncPermissionViews(db, principals);
}
