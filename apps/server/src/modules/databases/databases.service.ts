import { randomUUID } from 'node:crypto';
import {
  ConnectorError,
  engineDisplayName,
  engineOfUri,
  getUriPassword,
  parametersOfSpec,
  parseConnectionUri,
  replaceUriPassword,
  type ConnectionSpec,
} from '@tessera/connectors';
import {
  DATABASE_HAS_DATASETS_MESSAGE,
  PASSWORD_MASK,
  type Database,
  type ListQuery,
  type DatabaseCreate,
  type DatabaseUpdate,
} from '@tessera/contracts';
import type { AppContext } from '../../context';
import { nowIso, toFlag } from '../../db/kysely';
import { encryptText } from '../../platform/crypto';
import { messageError, sip40Error } from '../../platform/errors';
import { renameDatabaseAccess, syncPermissionViews } from '../security/access-pairs';
import { canUseDatabase } from '../security/grants';
import type { Principal } from '../security/principal';
import { assertConnectionAllowed } from './connection-guard';
import { connectionUriOf } from './connection-parameters';
import { findDatabase, findDatabaseByName, listDatabases, userNames } from './databases.repo';
import { humanizeSince } from './humanize';
import type { DatabaseRow } from './registry';

interface UserRef {
  id: number;
  first_name: string;
  last_name: string;
}
/** What creating and validating connections needs; the CLI has it before any HTTP app exists. */
export type DataContext = Pick<AppContext, 'store' | 'keys' | 'config' | 'caches'>;

/** The stored URI as the dynamic form's fields; none for a URI the connectors no longer accept. */
function parametersOfUri(maskedUri: string): Pick<Database, 'parameters'> {
  try {
    return { parameters: parametersOfSpec(parseConnectionUri(maskedUri)) };
  } catch {
    return {};
  }
}

export function toDatabase(row: DatabaseRow, createdBy: UserRef | undefined): Database {
  const engine = engineOfUri(row.sqlalchemy_uri);
  const maskedUri =
    row.password_encrypted === null
      ? row.sqlalchemy_uri
      : replaceUriPassword(row.sqlalchemy_uri, PASSWORD_MASK);
  return {
    id: row.id,
    uuid: row.uuid,
    database_name: row.database_name,
    sqlalchemy_uri: maskedUri,
    ...parametersOfUri(maskedUri),
    backend: row.backend,
    engine_name: engineDisplayName(engine),
    expose_in_sqllab: row.expose_in_sqllab === 1,
    allow_run_async: row.allow_run_async === 1,
    allow_dml: row.allow_dml === 1,
    allow_ctas: row.allow_ctas === 1,
    allow_cvas: row.allow_cvas === 1,
    allow_file_upload: row.allow_file_upload === 1,
    disable_data_preview: row.disable_data_preview === 1,
    allows_subquery: true,
    allow_multi_catalog: false,
    extra: row.extra,
    cache_timeout: row.cache_timeout,
    force_ctas_schema: row.force_ctas_schema,
    created_by: createdBy ?? null,
    changed_on: row.changed_on,
    changed_on_delta_humanized: humanizeSince(row.changed_on),
  };
}

/** May use the database at all; schema_access holders are limited to their schemas (grants.ts). */
export const canAccessDatabase = (principal: Principal, row: DatabaseRow): boolean =>
  canUseDatabase(principal, row);

/** A database the caller may use, or the reference's 404 (also for ones they may not see). */
export async function accessibleDatabase(
  ctx: AppContext,
  principal: Principal,
  id: number,
): Promise<DatabaseRow> {
  const row = await findDatabase(ctx.store.db, id);
  if (!row || !canAccessDatabase(principal, row)) {
    throw sip40Error(404, 'DATABASE_NOT_FOUND_ERROR', 'The database was not found.');
  }
  return row;
}

/**
 * Validates a URI, refuses ones the server must not connect to (connection-guard.ts) and splits it into
 * the password-free URI to store and the password to encrypt.
 */
export async function splitUri(
  ctx: DataContext,
  uri: string,
  options: { allowDml: boolean },
): Promise<{ storedUri: string; password: string | null; backend: string; spec: ConnectionSpec }> {
  const spec = parseUri(uri);
  await assertConnectionAllowed(ctx.config, spec, options);
  return {
    storedUri: replaceUriPassword(uri, null),
    password: getUriPassword(uri),
    backend: spec.engine,
    spec,
  };
}

function parseUri(uri: string): ConnectionSpec {
  try {
    return parseConnectionUri(uri);
  } catch (error) {
    throw messageError(400, {
      sqlalchemy_uri: [error instanceof ConnectorError ? error.message : 'Invalid connection URI.'],
    });
  }
}

const DEFAULT_PORTS: Partial<Record<ConnectionSpec['engine'], number>> = { postgresql: 5432, mysql: 3306 };

/**
 * The masked password stands for the stored one only while it would go where it was given for: the same
 * engine, host, port and user. Otherwise anyone with write access could send it to a host of their own.
 */
export function assertStoredPasswordMayFollow(storedUri: string, spec: ConnectionSpec): void {
  const stored = parseConnectionUri(storedUri);
  const endpoint = (s: ConnectionSpec) =>
    [
      s.engine,
      (s.host ?? 'localhost').toLowerCase(),
      s.port ?? DEFAULT_PORTS[s.engine],
      s.username ?? '',
    ].join('|');
  if (endpoint(stored) !== endpoint(spec)) {
    throw messageError(422, {
      sqlalchemy_uri: [
        'A password is required: the host, port or username differs from the stored connection, so the stored password is not sent.',
      ],
    });
  }
}

async function assertNameFree(ctx: DataContext, name: string, exceptId?: number): Promise<void> {
  const existing = await findDatabaseByName(ctx.store.db, name);
  if (existing && existing.id !== exceptId) {
    throw messageError(422, { database_name: ['A database with the same name already exists.'] });
  }
}

export async function createDatabase(
  ctx: DataContext,
  principal: Principal | null,
  body: DatabaseCreate,
): Promise<number> {
  await assertNameFree(ctx, body.database_name);
  const uri = connectionUriOf(body);
  if (uri === undefined)
    throw messageError(400, { sqlalchemy_uri: ['Enter a connection URI or the connection parameters.'] });
  const { storedUri, password, backend } = await splitUri(ctx, uri, { allowDml: body.allow_dml });
  if (password === PASSWORD_MASK)
    throw messageError(422, { sqlalchemy_uri: ['Replace the masked password with the real one.'] });
  const now = nowIso();
  const row = await ctx.store.db
    .insertInto('databases')
    .values({
      uuid: randomUUID(),
      database_name: body.database_name,
      sqlalchemy_uri: storedUri,
      password_encrypted: password === null ? null : encryptText(ctx.keys.credentials, password),
      backend,
      expose_in_sqllab: toFlag(body.expose_in_sqllab),
      allow_run_async: toFlag(body.allow_run_async),
      allow_dml: toFlag(body.allow_dml),
      allow_ctas: toFlag(body.allow_ctas),
      allow_cvas: toFlag(body.allow_cvas),
      allow_file_upload: toFlag(body.allow_file_upload),
      disable_data_preview: toFlag(body.disable_data_preview),
      extra: body.extra,
      cache_timeout: body.cache_timeout,
      force_ctas_schema: body.force_ctas_schema,
      created_by_fk: principal?.user.id ?? null,
      changed_by_fk: principal?.user.id ?? null,
      created_on: now,
      changed_on: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await syncPermissionViews(ctx.store.db, ctx.caches.principals);
  return row.id;
}

export async function updateDatabase(
  ctx: AppContext,
  principal: Principal,
  existing: DatabaseRow,
  body: DatabaseUpdate,
): Promise<void> {
  if (body.database_name !== undefined) await assertNameFree(ctx, body.database_name, existing.id);
  let uriChange: { sqlalchemy_uri: string; password_encrypted: string | null; backend: string } | undefined;
  const allowDml = body.allow_dml ?? existing.allow_dml === 1;
  const uri = connectionUriOf(body);
  if (uri !== undefined) {
    const { storedUri, password, backend, spec } = await splitUri(ctx, uri, { allowDml });
    // The mask means "keep the stored password": clients send back what they were shown.
    if (password === PASSWORD_MASK) assertStoredPasswordMayFollow(existing.sqlalchemy_uri, spec);
    const passwordEncrypted =
      password === PASSWORD_MASK
        ? existing.password_encrypted
        : password === null
          ? null
          : encryptText(ctx.keys.credentials, password);
    uriChange = { sqlalchemy_uri: storedUri, password_encrypted: passwordEncrypted, backend };
  } else if (body.allow_dml !== undefined) {
    // Turning DML on changes what the stored URI may point at (the examples file is read-only).
    await splitUri(ctx, existing.sqlalchemy_uri, { allowDml });
  }
  const flags = {
    ...(body.expose_in_sqllab === undefined ? {} : { expose_in_sqllab: toFlag(body.expose_in_sqllab) }),
    ...(body.allow_run_async === undefined ? {} : { allow_run_async: toFlag(body.allow_run_async) }),
    ...(body.allow_dml === undefined ? {} : { allow_dml: toFlag(body.allow_dml) }),
    ...(body.allow_ctas === undefined ? {} : { allow_ctas: toFlag(body.allow_ctas) }),
    ...(body.allow_cvas === undefined ? {} : { allow_cvas: toFlag(body.allow_cvas) }),
    ...(body.allow_file_upload === undefined ? {} : { allow_file_upload: toFlag(body.allow_file_upload) }),
    ...(body.disable_data_preview === undefined
      ? {}
      : { disable_data_preview: toFlag(body.disable_data_preview) }),
  };
  await ctx.store.db
    .updateTable('databases')
    .set({
      ...(body.database_name === undefined ? {} : { database_name: body.database_name }),
      ...(uriChange ?? {}),
      ...flags,
      ...(body.extra === undefined ? {} : { extra: body.extra }),
      ...(body.cache_timeout === undefined ? {} : { cache_timeout: body.cache_timeout }),
      ...(body.force_ctas_schema === undefined ? {} : { force_ctas_schema: body.force_ctas_schema }),
      changed_by_fk: principal.user.id,
      changed_on: nowIso(),
    })
    .where('id', '=', existing.id)
    .execute();
  if (body.database_name !== undefined) {
    await renameDatabaseAccess(
      ctx.store.db,
      ctx.caches.principals,
      existing.id,
      existing.database_name,
      body.database_name,
    );
  }
  ctx.caches.exploreDatasources.invalidate();
  await ctx.databases.evict(existing.id);
}

/**
 * Deletes a database nothing is built on (no datasets, no alerts). Datasets (and the charts on them) would otherwise go with it
 * through the foreign keys' cascade, so they refuse the delete as in Superset. On PostgreSQL the row is
 * locked first: a dataset inserted meanwhile waits on that lock instead of being cascaded away.
 */
export async function deleteDatabase(ctx: AppContext, id: number): Promise<void> {
  await ctx.store.db.transaction().execute(async (trx) => {
    if (ctx.store.dialect === 'postgres')
      await trx.selectFrom('databases').select('id').where('id', '=', id).forUpdate().execute();
    const dataset = await trx
      .selectFrom('datasets')
      .select('id')
      .where('database_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    if (dataset) throw messageError(422, DATABASE_HAS_DATASETS_MESSAGE);
    await ctx.reportReferences.refuseIfReferenced(trx, 'database', [id]);
    await trx.deleteFrom('databases').where('id', '=', id).execute();
  });
  await syncPermissionViews(ctx.store.db, ctx.caches.principals);
  ctx.caches.exploreDatasources.invalidate();
  await ctx.databases.evict(id);
}

/** A database row in the API's shape, with its creator's name. */
export async function describeDatabase(ctx: DataContext, row: DatabaseRow): Promise<Database> {
  const users = await userNames(ctx.store.db, row.created_by_fk === null ? [] : [row.created_by_fk]);
  return toDatabase(row, row.created_by_fk === null ? undefined : users.get(row.created_by_fk));
}

/** A row just written by this request; gone only if a concurrent delete won. */
export async function writtenDatabase(ctx: DataContext, id: number): Promise<DatabaseRow> {
  const row = await findDatabase(ctx.store.db, id);
  if (!row) throw sip40Error(404, 'DATABASE_NOT_FOUND_ERROR', 'The database was not found.');
  return row;
}

/** GET /api/v1/database/: the page of databases the caller may access, each in the API's shape. */
export async function listDatabasePage(
  ctx: DataContext,
  principal: Principal,
  query: ListQuery,
): Promise<{ count: number; rows: { row: DatabaseRow; database: Database }[] }> {
  const { count, rows } = await listDatabases(ctx.store.db, query, (row) =>
    canAccessDatabase(principal, row),
  );
  const users = await userNames(
    ctx.store.db,
    rows.flatMap((row) => (row.created_by_fk === null ? [] : [row.created_by_fk])),
  );
  return {
    count,
    rows: rows.map((row) => ({
      row,
      database: toDatabase(row, row.created_by_fk === null ? undefined : users.get(row.created_by_fk)),
    })),
  };
}

// Row reads and writes other modules need as they are (no rules of this module apply to them).
export { findDatabase } from './databases.repo';
