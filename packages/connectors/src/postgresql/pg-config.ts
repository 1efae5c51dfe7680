import pg from 'pg';
import type { ClientConfig, PoolConfig } from 'pg';
import type { ErrorContext } from '../shared/error-messages';
import type { ConnectionSpec } from '../types';

export const PG_DEFAULT_PORT = 5432;

function sslOption(mode: string | undefined): ClientConfig['ssl'] {
  switch (mode) {
    case undefined:
    case 'disable':
    case 'allow':
    case 'prefer':
      return undefined;
    case 'verify-ca':
    case 'verify-full':
      return true;
    default:
      // 'require' encrypts without verifying the certificate, as libpq does.
      return { rejectUnauthorized: false };
  }
}

function connectTimeoutOf(spec: ConnectionSpec, fallbackMs: number): number {
  const seconds = Number(spec.query.connect_timeout);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : fallbackMs;
}

export function pgClientConfig(spec: ConnectionSpec, connectTimeoutMs: number): ClientConfig {
  const config: ClientConfig = {
    host: spec.host ?? 'localhost',
    port: spec.port ?? PG_DEFAULT_PORT,
    connectionTimeoutMillis: connectTimeoutOf(spec, connectTimeoutMs),
    application_name: spec.query.application_name ?? 'tessera',
  };
  if (spec.username !== undefined) config.user = spec.username;
  if (spec.password !== undefined) config.password = spec.password;
  if (spec.database !== undefined) config.database = spec.database;
  const ssl = sslOption(spec.query.sslmode);
  if (ssl !== undefined) config.ssl = ssl;
  if (spec.query.options) config.options = spec.query.options;
  return config;
}

/**
 * Pool settings. The connect timeout lives on the client class, not the pool, because the pool
 * would also apply it to waiting for a busy client, and long queries must not make others fail.
 */
export function pgPoolConfig(spec: ConnectionSpec, connectTimeoutMs: number, max: number): PoolConfig {
  const clientConfig = pgClientConfig(spec, connectTimeoutMs);
  const { connectionTimeoutMillis, ...rest } = clientConfig;
  class TimedClient extends pg.Client {
    constructor(config?: ClientConfig) {
      super({ ...config, connectionTimeoutMillis });
    }
  }
  return { ...rest, Client: TimedClient, max, idleTimeoutMillis: 30_000, allowExitOnIdle: true };
}

export function pgErrorContext(spec: ConnectionSpec, engineName: string): ErrorContext {
  const ctx: ErrorContext = {
    engineName,
    hostname: spec.host ?? 'localhost',
    port: spec.port ?? PG_DEFAULT_PORT,
  };
  if (spec.username !== undefined) ctx.username = spec.username;
  if (spec.database !== undefined) ctx.database = spec.database;
  if (spec.password !== undefined) ctx.password = spec.password;
  return ctx;
}
