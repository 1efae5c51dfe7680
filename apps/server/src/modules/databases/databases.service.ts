import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  ConnectorError,
  engineDisplayName,
  engineOfUri,
  getUriPassword,
  parseConnectionUri,
  replaceUriPassword,
} from '@tessera/connectors';
import { PASSWORD_MASK, type Database, type DatabaseCreate, type DatabaseUpdate } from '@tessera/contracts';
import type { AppContext } from '../../context';
import { nowIso, toFlag } from '../../db/kysely';
import { encryptText } from '../../platform/crypto';
import { messageError, sip40Error } from '../../platform/errors';
import { renameDatabaseAccess, syncPermissionViews } from '../security/access-pairs';
import { canUseDatabase } from '../security/grants';
import type { Principal } from '../security/principal';
import { invalidateExploreDatasources } from '../datasets/datasource-invalidation';
import { findDatabase, findDatabaseByName } from './databases.repo';
import { humanizeSince } from './humanize';
import type { DatabaseRow } from './registry';

interface UserRef {
  id: number;
  first_name: string;
  last_name: string;
}
/** What creating and validating connections needs; the CLI has it before any HTTP app exists. */
export type DataContext = Pick<AppContext, 'store' | 'keys' | 'config'>;

export function toDatabase(row: DatabaseRow, createdBy: UserRef | undefined): Database {
  const engine = engineOfUri(row.sqlalchemy_uri);
  return {
    id: row.id,
    uuid: row.uuid,
    database_name: row.database_name,
    sqlalchemy_uri:
      row.password_encrypted === null
        ? row.sqlalchemy_uri
        : replaceUriPassword(row.sqlalchemy_uri, PASSWORD_MASK),
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

/** Validates a URI and splits it into the password-free URI to store and the password to encrypt. */
export function splitUri(
  ctx: DataContext,
  uri: string,
): { storedUri: string; password: string | null; backend: string } {
  let spec;
  try {
    spec = parseConnectionUri(uri);
  } catch (error) {
    throw messageError(400, {
      sqlalchemy_uri: [error instanceof ConnectorError ? error.message : 'Invalid connection URI.'],
    });
  }
  assertNotMetadataStore(ctx, spec);
  return { storedUri: replaceUriPassword(uri, null), password: getUriPassword(uri), backend: spec.engine };
}

/** Registering the metadata store itself would expose users' password hashes to SQL Lab. */
function assertNotMetadataStore(ctx: DataContext, spec: ReturnType<typeof parseConnectionUri>): void {
  const metadataUrl = ctx.config.metadataUrl;
  const refused = () =>
    messageError(422, {
      sqlalchemy_uri: ['This URI points at the metadata database, which cannot be registered.'],
    });
  if (spec.engine === 'sqlite' && spec.filePath && metadataUrl.startsWith('sqlite:')) {
    const metaFile = path.resolve(metadataUrl.slice('sqlite:'.length));
    if (path.resolve(ctx.config.dataDir, spec.filePath) === metaFile) throw refused();
  }
  if (spec.engine === 'postgresql' && /^postgres(ql)?:\/\//.test(metadataUrl)) {
    const meta = parseConnectionUri(metadataUrl.replace(/^postgres:/, 'postgresql:'));
    const sameHost =
      (meta.host ?? 'localhost').replace('127.0.0.1', 'localhost') ===
      (spec.host ?? 'localhost').replace('127.0.0.1', 'localhost');
    if (sameHost && (meta.port ?? 5432) === (spec.port ?? 5432) && meta.database === spec.database)
      throw refused();
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
  const { storedUri, password, backend } = splitUri(ctx, body.sqlalchemy_uri);
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
  await syncPermissionViews(ctx.store.db);
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
  if (body.sqlalchemy_uri !== undefined) {
    const { storedUri, password, backend } = splitUri(ctx, body.sqlalchemy_uri);
    // The mask means "keep the stored password": clients send back what they were shown.
    const passwordEncrypted =
      password === PASSWORD_MASK
        ? existing.password_encrypted
        : password === null
          ? null
          : encryptText(ctx.keys.credentials, password);
    uriChange = { sqlalchemy_uri: storedUri, password_encrypted: passwordEncrypted, backend };
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
    await renameDatabaseAccess(ctx.store.db, existing.id, existing.database_name, body.database_name);
  }
  invalidateExploreDatasources();
  await ctx.databases.evict(existing.id);
}
