import { Migrator, type Kysely, type Migration as KyselyMigration, type MigrationProvider } from 'kysely';
import type { MetadataStore } from './kysely';
import type { Migration } from './migrations/helpers';
import { securityMigration } from './migrations/0001_security';
import { databasesMigration } from './migrations/0002_databases';
import { queriesMigration } from './migrations/0003_queries';
import { savedQueriesMigration } from './migrations/0004_saved_queries';
import { keyValueMigration } from './migrations/0005_key_value';
import { datasetsMigration } from './migrations/0006_datasets';
import { tabStateMigration } from './migrations/0007_tab_state';
import { datasetSemanticsMigration } from './migrations/0008_dataset_semantics';
import { chartsDashboardsMigration } from './migrations/0009_charts_dashboards';
import { permissionViewsMigration } from './migrations/0010_permission_views';
import { tokenSessionsMigration } from './migrations/0011_token_sessions';
import { savedQueryUuidMigration } from './migrations/0012_saved_query_uuid';
import { columnExtraMigration } from './migrations/0013_column_extra';
import { tagsMigration } from './migrations/0014_tags';
import { reportsMigration } from './migrations/0015_reports';
import { annotationLayersMigration } from './migrations/0016_annotation_layers';
import { rowLevelSecurityMigration } from './migrations/0017_row_level_security';
import { logsMigration } from './migrations/0018_logs';
import { embeddedDashboardsMigration } from './migrations/0019_embedded_dashboards';

/** Ordered by name; later issues append theirs. One set serves SQLite and PostgreSQL. */
const MIGRATIONS: Record<string, Migration> = {
  '0001_security': securityMigration,
  '0002_databases': databasesMigration,
  '0003_queries': queriesMigration,
  '0004_saved_queries': savedQueriesMigration,
  '0005_key_value': keyValueMigration,
  '0006_datasets': datasetsMigration,
  '0007_tab_state': tabStateMigration,
  '0008_dataset_semantics': datasetSemanticsMigration,
  '0009_charts_dashboards': chartsDashboardsMigration,
  '0010_permission_views': permissionViewsMigration,
  '0011_token_sessions': tokenSessionsMigration,
  '0012_saved_query_uuid': savedQueryUuidMigration,
  '0013_column_extra': columnExtraMigration,
  '0014_tags': tagsMigration,
  '0015_reports': reportsMigration,
  '0016_annotation_layers': annotationLayersMigration,
  '0017_row_level_security': rowLevelSecurityMigration,
  '0018_logs': logsMigration,
  '0019_embedded_dashboards': embeddedDashboardsMigration,
};

export async function migrateToLatest(store: MetadataStore): Promise<string[]> {
  const provider: MigrationProvider = {
    getMigrations: () =>
      Promise.resolve(
        Object.fromEntries(
          Object.entries(MIGRATIONS).map(([name, migration]): [string, KyselyMigration] => [
            name,
            {
              up: (db: Kysely<unknown>) => migration.up(db, store.dialect),
              down: (db: Kysely<unknown>) => migration.down(db),
            },
          ]),
        ),
      ),
  };
  const migrator = new Migrator({
    db: store.db,
    provider,
    migrationTableName: 'tessera_migrations',
    migrationLockTableName: 'tessera_migrations_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined)
    throw error instanceof Error ? error : new Error('Migration failed', { cause: error });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
