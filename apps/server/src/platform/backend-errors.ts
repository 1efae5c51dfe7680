import type { FastifyBaseLogger } from 'fastify';
import type { MetadataStore } from '../db/kysely';
import type { DatabaseRegistry } from '../modules/databases/registry';

/** A backend that is down reports every dropped connection: one line per source every 30 s. */
const LOG_INTERVAL_MS = 30_000;

/** Socket errors and PostgreSQL SQLSTATEs that mean "the server is gone or refusing", not "bad query". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  '57P01', // admin_shutdown (pg_terminate_backend, restart)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300', // too_many_connections
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not currently accepting connections|Client has encountered a connection error|the database system is (starting up|shutting down)|Connection is closed/i;

/**
 * Thrown where the server gave up waiting for a backend (e.g. queueing a job while Redis is away):
 * answered like any other unreachable backend, 503 rather than an unexpected error.
 */
export class BackendUnavailableError extends Error {
  override readonly name = 'BackendUnavailableError';
}

/**
 * ioredis's error for a command dropped after the connection's retries (profile 'commands' and
 * 'cache' in platform/redis): Redis is unreachable.
 */
const REDIS_GAVE_UP = 'MaxRetriesPerRequestError';

/** Whether an unexpected error is the metadata store (or Redis) being unreachable. */
export function isBackendUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof BackendUnavailableError || error.name === REDIS_GAVE_UP) return true;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : null;
  return (code !== null && UNAVAILABLE_CODES.has(code)) || UNAVAILABLE_MESSAGES.test(error.message);
}

/**
 * Logs errors of pooled connections (metadata store and user databases) that a backend restart
 * raises; the pools already drop those connections and reconnect on next use, so nothing else
 * happens and the process stays up.
 */
export function logBackendErrors(
  store: MetadataStore,
  databases: DatabaseRegistry,
  log: FastifyBaseLogger,
): void {
  let metadataLoggedAt = 0;
  store.onConnectionError((error) => {
    const now = Date.now();
    if (now - metadataLoggedAt < LOG_INTERVAL_MS) return;
    metadataLoggedAt = now;
    log.warn({ err: error.message }, 'metadata store connection lost; reconnecting on next use');
  });
  databases.onBackendError((databaseId, error) => {
    log.warn({ err: error.message, databaseId }, 'database connection lost; reconnecting on next use');
  });
}
