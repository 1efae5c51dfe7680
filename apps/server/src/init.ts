import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AppCaches, AppContext } from './context';
import { migrateToLatest } from './db/migrate';
import { nowIso, openMetadataStore, type MetadataStore } from './db/kysely';
import { assertStoredUriOpenable } from './modules/databases/connection-guard';
import { DatabaseRegistry, type DatabaseRow } from './modules/databases/registry';
import { EXAMPLES_DATABASE_UUID } from '@tessera/contracts';
import { createDatabase } from './modules/databases/databases.service';
import { findDatabaseByName } from './modules/databases/databases.repo';
import { ensureExampleDatasets } from './modules/datasets/example-datasets';
import { ExploreDatasourceCache } from './modules/datasets/explore-datasource-cache';
import { chartDashboards } from './modules/dashboards/chart-dashboards.service';
import { reportReferences } from './modules/reports/report-references.service';
import { EXAMPLES_FILE, examplesFileIsCurrent, generateExamples } from './modules/examples';
import { hashPassword } from './modules/security/passwords';
import { SessionMemo } from './modules/security/session-memo';
import { PrincipalCache } from './modules/security/principal-cache';
import { syncPermissionViews } from './modules/security/access-pairs';
import { roleIdByName, syncBuiltInRoles } from './modules/security/roles.repo';
import { findUserByUsername, setUserRoles } from './modules/security/users.repo';
import type { Config } from './platform/config';
import { deriveKey } from './platform/crypto';
import { prepareDataDir } from './platform/data-dir';
import { resolveSecretKey } from './platform/secret-key';

export const EXAMPLES_DATABASE_NAME = 'examples';
export { EXAMPLES_FILE };
export const VERSION = '0.1.0';

export type BaseContext = Omit<AppContext, 'log'>;

/** Secret key, metadata store and migrations: what every command needs before doing anything. */
export async function openContext(config: Config): Promise<BaseContext> {
  prepareDataDir(config.dataDir);
  const secret = resolveSecretKey(config.secretKeyFromEnv, config.dataDir);
  const store: MetadataStore = openMetadataStore(config.metadataUrl);
  await migrateToLatest(store);
  const caches: AppCaches = {
    principals: new PrincipalCache(),
    exploreDatasources: new ExploreDatasourceCache(),
    sessions: new SessionMemo(),
  };
  await syncBuiltInRoles(store.db, store.dialect);
  await syncPermissionViews(store.db, caches.principals);
  const credentials = deriveKey(secret, 'credentials');
  return {
    config,
    store,
    keys: {
      jwt: new Uint8Array(deriveKey(secret, 'jwt')),
      csrf: deriveKey(secret, 'csrf'),
      credentials,
      guest: new Uint8Array(deriveKey(secret, 'guest-token')),
      asyncToken: new Uint8Array(deriveKey(secret, 'async-token')),
    },
    databases: new DatabaseRegistry(credentials, config.dataDir, config.limits, (uri) =>
      assertStoredUriOpenable(config, uri),
    ),
    caches,
    chartDashboards,
    reportReferences,
    version: VERSION,
  };
}

export interface AdminResult {
  created: boolean;
  /** Only set when the password was generated here: it is printed once and never stored in clear. */
  generatedPassword: string | null;
}

export async function ensureAdmin(
  ctx: BaseContext,
  username: string,
  password: string | null,
): Promise<AdminResult> {
  const db = ctx.store.db;
  if (await findUserByUsername(db, username)) return { created: false, generatedPassword: null };
  const generated = password === null ? randomBytes(12).toString('base64url') : null;
  const now = nowIso();
  const adminRole = await roleIdByName(db, 'Admin');
  if (adminRole === undefined) throw new Error('Admin role is missing after role sync');
  const passwordHash = await hashPassword(password ?? generated ?? '');
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('users')
      .values({
        username,
        first_name: username === 'admin' ? 'Admin' : username,
        last_name: 'User',
        email: `${username}@tessera.local`,
        password_hash: passwordHash,
        active: 1,
        created_on: now,
        changed_on: now,
        last_login: null,
        login_count: 0,
        fail_login_count: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setUserRoles(trx, row.id, [adminRole]);
  });
  ctx.caches.principals.invalidate();
  return { created: true, generatedPassword: generated };
}

/**
 * Superset's example bundles name the examples database by Superset's own uuid; the examples database
 * takes it (once, unless another database already holds it) so those bundles reuse it on import.
 */
async function adoptExamplesUuid(
  ctx: BaseContext,
  database: DatabaseRow | undefined,
): Promise<DatabaseRow | undefined> {
  if (!database || database.uuid === EXAMPLES_DATABASE_UUID) return database;
  const holder = await ctx.store.db
    .selectFrom('databases')
    .select('id')
    .where('uuid', '=', EXAMPLES_DATABASE_UUID)
    .executeTakeFirst();
  if (holder) return database;
  await ctx.store.db
    .updateTable('databases')
    .set({ uuid: EXAMPLES_DATABASE_UUID })
    .where('id', '=', database.id)
    .execute();
  return { ...database, uuid: EXAMPLES_DATABASE_UUID };
}

/** Builds the example DuckDB file when missing (or when asked) and registers it as `examples`. */
export async function ensureExamples(ctx: BaseContext, rebuild = false): Promise<{ generated: boolean }> {
  const file = path.join(ctx.config.dataDir, EXAMPLES_FILE);
  let generated = false;
  // An older version's file (e.g. the 11-column wb_health_population) is rebuilt: it is generated.
  if (rebuild || !existsSync(file) || !(await examplesFileIsCurrent(file))) {
    const existing = await findDatabaseByName(ctx.store.db, EXAMPLES_DATABASE_NAME);
    if (existing) await ctx.databases.evict(existing.id);
    await generateExamples(file);
    generated = true;
  }
  if (!(await findDatabaseByName(ctx.store.db, EXAMPLES_DATABASE_NAME))) {
    await createDatabase(ctx, null, {
      database_name: EXAMPLES_DATABASE_NAME,
      sqlalchemy_uri: `duckdb:///${EXAMPLES_FILE}`,
      expose_in_sqllab: true,
      allow_run_async: false,
      allow_dml: false,
      allow_ctas: false,
      allow_cvas: false,
      allow_file_upload: false,
      disable_data_preview: false,
      extra: '{}',
      cache_timeout: null,
      force_ctas_schema: null,
    });
  }
  const database = await adoptExamplesUuid(
    ctx,
    await findDatabaseByName(ctx.store.db, EXAMPLES_DATABASE_NAME),
  );
  if (database) {
    const admin = await findUserByUsername(ctx.store.db, ctx.config.adminUsername);
    await ensureExampleDatasets(
      ctx.store.db,
      ctx.caches.principals,
      database,
      ctx.databases.connectorFor(database),
      admin?.id ?? null,
    );
  }
  return { generated };
}
