import {
  buildConnectionUri,
  createConnector,
  engineDisplayName,
  engineOfUri,
  replaceUriPassword,
} from '@tessera/connectors';
import {
  PASSWORD_MASK,
  catalogsQuerySchema,
  databaseCreateSchema,
  databaseUpdateSchema,
  listQuerySchema,
  schemasQuerySchema,
  tableMetadataQuerySchema,
  tablesQuerySchema,
  testConnectionSchema,
  validateParametersSchema,
  type TestConnectionResponse,
} from '@tessera/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { decryptText } from '../../platform/crypto';
import { messageError, sip40Error } from '../../platform/errors';
import { idParam, parseInput, parseRisonQuery, risonParam } from '../../platform/validation';
import { assertSchemaReadable, readableSchemas } from './schema-guard';
import { registerModelHelpers } from '../security/model-helpers';
import { requirePermission } from '../security/principal';
import {
  accessibleDatabase,
  assertStoredPasswordMayFollow,
  createDatabase,
  deleteDatabase,
  describeDatabase,
  listDatabasePage,
  writtenDatabase,
  splitUri,
  updateDatabase,
} from './databases.service';
import { connectorFailure } from './connector-errors';
import {
  assertHonourable,
  backendOfEngine,
  connectionUriOf,
  problemsError,
  reachabilityProblem,
} from './connection-parameters';
import { securityWarningsFor, testedSecurityWarnings } from './security-warnings';
import { databaseRelatedObjects } from './database-related-objects';
import { buildTableMetadata } from './table-metadata';
import type { DatabaseRow } from './registry';

export function registerDatabaseRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.store.db;
  const respond = (row: DatabaseRow) => describeDatabase(ctx, row);
  /** A stored URI the connectors refuse (e.g. a parameter no longer allowed) has no check to run. */
  const warningsOf = async (row: DatabaseRow): Promise<string[]> => {
    let connector;
    try {
      connector = ctx.databases.connectorFor(row);
    } catch {
      return [];
    }
    return securityWarningsFor(connector);
  };
  /** Runs engine work, turning engine failures into SIP-40 bodies instead of 500s. */
  const onEngine = async <T>(row: DatabaseRow, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw connectorFailure(error, engineDisplayName(engineOfUri(row.sqlalchemy_uri)));
    }
  };

  registerModelHelpers(app, { base: '/api/v1/database', resource: 'Database' });

  app.get('/api/v1/database/', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'Database');
    const query = parseRisonQuery(listQuerySchema, risonParam(request));
    const { count, rows } = await listDatabasePage(ctx, principal, query);
    const warnings = await Promise.all(rows.map(({ row }) => warningsOf(row)));
    return {
      count,
      ids: rows.map(({ row }) => row.id),
      result: rows.map(({ database }, index) => ({ ...database, security_warnings: warnings[index] ?? [] })),
    };
  });

  app.get('/api/v1/database/:id', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'Database');
    const row = await accessibleDatabase(ctx, principal, idParam(request));
    return { id: row.id, result: { ...(await respond(row)), security_warnings: await warningsOf(row) } };
  });

  app.post('/api/v1/database/', async (request, reply) => {
    const principal = requirePermission(request.principal, 'can_write', 'Database');
    const body = parseInput(databaseCreateSchema, request.body);
    const id = await createDatabase(ctx, principal, body);
    const row = await writtenDatabase(ctx, id);
    return reply.code(201).send({ id, result: await respond(row) });
  });

  app.put('/api/v1/database/:id', async (request) => {
    const principal = requirePermission(request.principal, 'can_write', 'Database');
    const existing = await accessibleDatabase(ctx, principal, idParam(request));
    const body = parseInput(databaseUpdateSchema, request.body);
    await updateDatabase(ctx, principal, existing, body);
    const row = await accessibleDatabase(ctx, principal, existing.id);
    return { id: row.id, result: await respond(row) };
  });

  app.delete('/api/v1/database/:id', async (request) => {
    const principal = requirePermission(request.principal, 'can_write', 'Database');
    const row = await accessibleDatabase(ctx, principal, idParam(request));
    await deleteDatabase(ctx, row.id);
    return { message: 'OK' };
  });

  app.get('/api/v1/database/:id/related_objects/', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'Database');
    const row = await accessibleDatabase(ctx, principal, idParam(request));
    return databaseRelatedObjects(db, row.id);
  });

  app.post('/api/v1/database/test_connection/', async (request) => {
    const principal = requirePermission(request.principal, 'can_write', 'Database');
    const body = parseInput(testConnectionSchema, request.body);
    const described = connectionUriOf(body);
    if (described === undefined)
      throw messageError(400, { sqlalchemy_uri: ['Enter a connection URI or the connection parameters.'] });
    let uri = described;
    // Only reads: DML does not matter to what a test may open.
    const { password, spec } = await splitUri(ctx, uri, { allowDml: false });
    if (password === PASSWORD_MASK && body.id !== undefined) {
      const stored = await accessibleDatabase(ctx, principal, body.id);
      assertStoredPasswordMayFollow(stored.sqlalchemy_uri, spec);
      if (stored.password_encrypted)
        uri = replaceUriPassword(uri, decryptText(ctx.keys.credentials, stored.password_encrypted));
    }
    const connector = createConnector(uri, { baseDir: ctx.config.dataDir, readOnlyFile: true });
    let securityWarnings: string[];
    try {
      await connector.testConnection();
      securityWarnings = await testedSecurityWarnings(connector);
    } catch (error) {
      throw connectorFailure(error, connector.engineName, 422, true);
    } finally {
      await connector.close().catch(() => undefined);
    }
    const response: TestConnectionResponse = { message: 'OK', security_warnings: securityWarnings };
    return response;
  });

  /**
   * Superset's check of the dynamic form while it is filled in: the fields are complete and well formed,
   * the host resolves, the port answers and the URI they make is one the server may connect to. 422
   * with SIP-40 errors naming the fields (`extra.missing`, `extra.invalid`); the login is test_connection's.
   */
  app.post('/api/v1/database/validate_parameters/', async (request) => {
    requirePermission(request.principal, 'can_write', 'Database');
    const body = parseInput(validateParametersSchema, request.body);
    assertHonourable(body);
    const backend = backendOfEngine(body.engine);
    const built = buildConnectionUri(backend, body.parameters);
    if (!built.ok) throw problemsError(built.problems);
    const unreachable = await reachabilityProblem(backend, body.parameters);
    if (unreachable) throw problemsError([unreachable]);
    await splitUri(ctx, built.uri, { allowDml: false });
    return { message: 'OK' };
  });

  app.get('/api/v1/database/:id/catalogs/', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'Database');
    const row = await accessibleDatabase(ctx, principal, idParam(request));
    const { force } = parseRisonQuery(catalogsQuerySchema, risonParam(request));
    const connector = ctx.databases.connectorFor(row);
    return {
      result: await onEngine(row, () =>
        ctx.databases.cached(row.id, 'catalogs', force, () => connector.getCatalogs()),
      ),
    };
  });

  app.get('/api/v1/database/:id/schemas/', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'Database');
    const row = await accessibleDatabase(ctx, principal, idParam(request));
    const { force, catalog } = parseRisonQuery(schemasQuerySchema, risonParam(request));
    const connector = ctx.databases.connectorFor(row);
    const schemas = await onEngine(row, () =>
      ctx.databases.cached(row.id, `schemas|${catalog ?? ''}`, force, () =>
        connector.getSchemas(catalog ?? null),
      ),
    );
    return { result: readableSchemas(principal, row, schemas) };
  });

  app.get('/api/v1/database/:id/tables/', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'Database');
    const row = await accessibleDatabase(ctx, principal, idParam(request));
    const query = parseRisonQuery(tablesQuerySchema, risonParam(request));
    assertSchemaReadable(principal, row, query.schema_name);
    const connector = ctx.databases.connectorFor(row);
    const tables = await onEngine(row, () =>
      ctx.databases.cached(
        row.id,
        `tables|${query.catalog_name ?? ''}|${query.schema_name}`,
        query.force,
        () => connector.getTables(query.schema_name, query.catalog_name ?? null),
      ),
    );
    return {
      count: tables.length,
      result: tables.map((table) => ({ value: table.name, type: table.type, extra: null })),
    };
  });

  const tableMetadata = async (
    request: FastifyRequest,
    name: string,
    schema: string | undefined,
    catalog: string | undefined,
  ) => {
    const principal = requirePermission(request.principal, 'can_read', 'Database');
    const row = await accessibleDatabase(ctx, principal, idParam(request));
    assertSchemaReadable(principal, row, schema ?? null);
    const connector = ctx.databases.connectorFor(row);
    const metadata = await onEngine(row, () =>
      connector.getTableMetadata(name, schema ?? null, catalog ?? null),
    );
    if (!metadata)
      throw sip40Error(
        404,
        'TABLE_NOT_FOUND_ERROR',
        `Table ${schema ? `${schema}.` : ''}${name} was not found.`,
      );
    return buildTableMetadata(connector, metadata, schema ?? null);
  };

  app.get('/api/v1/database/:id/table_metadata/', async (request) => {
    const { name, schema, catalog } = parseInput(tableMetadataQuerySchema, request.query);
    return tableMetadata(request, name, schema, catalog);
  });

  app.get('/api/v1/database/:id/table/:table/:schema/', async (request) => {
    const params = request.params as { table?: string; schema?: string };
    const { name, schema } = parseInput(tableMetadataQuerySchema, {
      name: params.table,
      schema: params.schema === 'null' ? undefined : params.schema,
    });
    return tableMetadata(request, name, schema, undefined);
  });

  const tableExtra = async (request: FastifyRequest, input: unknown) => {
    const principal = requirePermission(request.principal, 'can_read', 'Database');
    const { name, schema, catalog } = parseInput(tableMetadataQuerySchema, input);
    const row = await accessibleDatabase(ctx, principal, idParam(request));
    assertSchemaReadable(principal, row, schema ?? null);
    const connector = ctx.databases.connectorFor(row);
    return onEngine(row, () => connector.getTableExtraMetadata(name, schema ?? null, catalog ?? null));
  };

  app.get('/api/v1/database/:id/table_metadata/extra/', (request) => tableExtra(request, request.query));

  // The deprecated path form Superset still serves; the schema segment is required there.
  app.get('/api/v1/database/:id/table_extra/:table/:schema/', (request) => {
    const params = request.params as { table?: string; schema?: string };
    return tableExtra(request, { name: params.table, schema: params.schema });
  });

  const selectStar = async (request: FastifyRequest) => {
    const principal = requirePermission(request.principal, 'can_read', 'Database');
    const params = request.params as { table?: string; schema?: string };
    const { name, schema } = parseInput(tableMetadataQuerySchema, {
      name: params.table,
      schema: params.schema,
    });
    const row = await accessibleDatabase(ctx, principal, idParam(request));
    assertSchemaReadable(principal, row, schema ?? null);
    const connector = ctx.databases.connectorFor(row);
    const metadata = await onEngine(row, () => connector.getTableMetadata(name, schema ?? null, null));
    if (!metadata) throw sip40Error(404, 'TABLE_NOT_FOUND_ERROR', 'Table not found on the database');
    return {
      result: connector.selectStar(
        name,
        schema ?? null,
        metadata.columns.map((column) => column.name),
        100,
      ),
    };
  };
  app.get('/api/v1/database/:id/select_star/:table/', selectStar);
  app.get('/api/v1/database/:id/select_star/:table/:schema/', selectStar);

  app.get('/api/v1/database/:id/function_names/', async (request) => {
    const principal = requirePermission(request.principal, 'can_read', 'Database');
    const row = await accessibleDatabase(ctx, principal, idParam(request));
    const connector = ctx.databases.connectorFor(row);
    return {
      function_names: await onEngine(row, () =>
        ctx.databases.cached(row.id, 'functions', false, () => connector.getFunctionNames()),
      ),
    };
  });
}
