import type { ConnectionOptions, PoolOptions } from 'mysql2';
import type { ErrorContext } from '../shared/error-messages';
import type { ConnectionSpec } from '../types';

export const MYSQL_DEFAULT_PORT = 3306;

function sslOption(spec: ConnectionSpec): ConnectionOptions['ssl'] {
  const mode = (spec.query.ssl_mode ?? spec.query.ssl ?? '').toLowerCase();
  if (mode === '' || mode === 'disabled' || mode === 'false' || mode === 'preferred') return undefined;
  if (mode === 'verify_ca' || mode === 'verify_identity') return { rejectUnauthorized: true };
  return { rejectUnauthorized: false };
}

/**
 * Driver options shared by the pool and session connections. Values come back JSON-friendly:
 * dates as text, DECIMAL as numbers, BIGINT as numbers when exact (else strings).
 */
export function mysqlConnectionOptions(spec: ConnectionSpec, connectTimeoutMs: number): ConnectionOptions {
  const options: ConnectionOptions = {
    host: spec.host ?? 'localhost',
    port: spec.port ?? MYSQL_DEFAULT_PORT,
    connectTimeout: connectTimeoutMs,
    supportBigNumbers: true,
    bigNumberStrings: false,
    decimalNumbers: true,
    dateStrings: true,
    charset: spec.query.charset ?? 'utf8mb4',
    multipleStatements: false,
  };
  if (spec.username !== undefined) options.user = spec.username;
  if (spec.password !== undefined) options.password = spec.password;
  if (spec.database !== undefined) options.database = spec.database;
  const ssl = sslOption(spec);
  if (ssl !== undefined) options.ssl = ssl;
  return options;
}

export function mysqlPoolOptions(spec: ConnectionSpec, connectTimeoutMs: number): PoolOptions {
  return {
    ...mysqlConnectionOptions(spec, connectTimeoutMs),
    connectionLimit: 5,
    waitForConnections: true,
    queueLimit: 0,
    maxIdle: 2,
    idleTimeout: 30_000,
  };
}

export function mysqlErrorContext(spec: ConnectionSpec, engineName: string): ErrorContext {
  const ctx: ErrorContext = {
    engineName,
    hostname: spec.host ?? 'localhost',
    port: spec.port ?? MYSQL_DEFAULT_PORT,
  };
  if (spec.username !== undefined) ctx.username = spec.username;
  if (spec.database !== undefined) ctx.database = spec.database;
  if (spec.password !== undefined) ctx.password = spec.password;
  return ctx;
}
