import { isAbsolute, resolve } from 'node:path';
import { DuckdbConnector } from './duckdb/duckdb-connector';
import { MysqlConnector } from './mysql/mysql-connector';
import { PgConnector } from './postgresql/pg-connector';
import { SqliteConnector } from './sqlite/sqlite-connector';
import { SqliteWorkerPool } from './sqlite/sqlite-worker-pool';
import type { Connector, ConnectorOptions } from './types';
import { parseConnectionUri } from './uri/parse-connection-uri';

const DEFAULT_CONNECT_TIMEOUT_MS = 5000;
export const DEFAULT_POOL_SIZE = 10;
let sharedSqliteWorkers: SqliteWorkerPool | null = null;
const MEMORY = ':memory:';

function resolveFile(filePath: string | undefined, baseDir: string | undefined): string {
  if (!filePath || filePath === MEMORY) return MEMORY;
  return isAbsolute(filePath) ? filePath : resolve(baseDir ?? process.cwd(), filePath);
}

/**
 * Builds the connector for a URI. Nothing connects until a method is called, so connectors are
 * cheap to create and meant to be kept per database (they hold the pools).
 */
export function createConnector(uri: string, options: ConnectorOptions = {}): Connector {
  const spec = parseConnectionUri(uri);
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const file = {
    filePath: resolveFile(spec.filePath, options.baseDir),
    readOnlyFile: options.readOnlyFile ?? false,
    createFile: options.createFile ?? false,
  };
  const onIdleError = options.onIdleError ?? ((): void => undefined);
  switch (spec.engine) {
    case 'postgresql':
      return new PgConnector(spec, {
        connectTimeoutMs,
        poolSize: options.poolSize ?? DEFAULT_POOL_SIZE,
        onIdleError,
        readOnlyRole: options.readOnlyRole ?? null,
      });
    case 'mysql':
      return new MysqlConnector(spec, connectTimeoutMs, spec.backend, onIdleError);
    case 'sqlite':
      return new SqliteConnector(
        file,
        options.sqliteWorkers ?? (sharedSqliteWorkers ??= new SqliteWorkerPool()),
      );
    case 'duckdb':
      return new DuckdbConnector(file);
  }
}
