import { ConnectorError } from '../types';
import type { Backend, ConnectionSpec } from '../types';
import { SCHEME_BACKENDS, engineOfBackend } from './engine-names';
import { checkQueryParams } from './query-params';
import { safeDecode, splitUri } from './uri-parts';

const MISSING = 'CONNECTION_MISSING_PARAMETERS_ERROR';

function invalid(message: string, params: Record<string, string | number> = {}): ConnectorError {
  return new ConnectorError(MISSING, message, 'Unknown', params);
}

/**
 * Parses a SQLAlchemy-style URI (`postgresql+psycopg2://user:pass@host:5432/db?sslmode=require`,
 * `sqlite:////abs/file.db`, `duckdb:///:memory:`). Throws ConnectorError for unknown schemes,
 * malformed text, invalid ports and query parameters outside the engine's allow-list; the error
 * never repeats the password.
 */
export function parseConnectionUri(uri: string): ConnectionSpec {
  const trimmed = uri.trim();
  const parts = splitUri(trimmed);
  if (!parts)
    throw invalid(
      'The connection URI is malformed: it must look like "engine://user:password@host:port/database".',
    );
  const [schemeName = '', driver] = parts.scheme.toLowerCase().split('+', 2);
  const backend: Backend | undefined = SCHEME_BACKENDS[schemeName];
  if (!backend) {
    throw invalid(
      `The engine "${schemeName}" is not supported. Use one of postgresql://, mysql://, mariadb://, sqlite:// or duckdb://.`,
      { engine: schemeName },
    );
  }
  const { path, query } = splitPathAndQuery(parts.rest);
  checkQueryParams(backend, query);
  const base = { engine: engineOfBackend(backend), backend, query, ...(driver ? { driver } : {}) };

  if (backend === 'sqlite' || backend === 'duckdb') {
    if (parts.userinfo !== null || parts.hostport !== '') {
      throw invalid(
        `A ${backend} URI names a file and no host: use ${backend}:///relative/path or ${backend}:////absolute/path.`,
      );
    }
    return { ...base, filePath: filePathOf(path) };
  }

  const { host, port } = parseHostPort(parts.hostport);
  const credentials = parseUserinfo(parts.userinfo);
  const database = path.replace(/^\//, '');
  const spec: ConnectionSpec = { ...base, ...credentials };
  if (host) spec.host = host;
  if (port !== undefined) spec.port = port;
  if (database) spec.database = safeDecode(database);
  return spec;
}

function splitPathAndQuery(rest: string): { path: string; query: Record<string, string> } {
  const withoutFragment = rest.split('#', 1)[0] ?? '';
  const q = withoutFragment.indexOf('?');
  const path = q === -1 ? withoutFragment : withoutFragment.slice(0, q);
  const query: Record<string, string> = {};
  if (q !== -1) {
    for (const [key, value] of new URLSearchParams(withoutFragment.slice(q + 1))) query[key] = value;
  }
  return { path, query };
}

/** `''` or `'/'` -> memory; `'/x.db'` -> `x.db` (relative); `'//abs/x.db'` -> `/abs/x.db`. */
function filePathOf(path: string): string {
  const file = safeDecode(path.replace(/^\//, ''));
  if (file === '' || file === ':memory:') return ':memory:';
  return file;
}

function parseHostPort(hostport: string): { host: string | undefined; port: number | undefined } {
  let host: string;
  let portText: string | undefined;
  if (hostport.startsWith('[')) {
    const close = hostport.indexOf(']');
    if (close === -1) throw invalid('The connection URI has an unterminated IPv6 address.');
    host = hostport.slice(1, close);
    const after = hostport.slice(close + 1);
    if (after !== '' && !after.startsWith(':'))
      throw invalid('The connection URI has text after the IPv6 address.');
    portText = after ? after.slice(1) : undefined;
  } else {
    const colon = hostport.lastIndexOf(':');
    host = colon === -1 ? hostport : hostport.slice(0, colon);
    portText = colon === -1 ? undefined : hostport.slice(colon + 1);
  }
  return { host: host ? safeDecode(host) : undefined, port: parsePort(portText, host) };
}

function parsePort(portText: string | undefined, host: string): number | undefined {
  if (portText === undefined || portText === '') return undefined;
  const port = /^\d{1,5}$/.test(portText) ? Number(portText) : NaN;
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new ConnectorError(
      'CONNECTION_INVALID_PORT_ERROR',
      `Port "${portText}" is not a valid port number.`,
      'Unknown',
      {
        port: portText,
        hostname: host,
      },
    );
  }
  return port;
}

function parseUserinfo(userinfo: string | null): { username?: string; password?: string } {
  if (userinfo === null) return {};
  const colon = userinfo.indexOf(':');
  const user = colon === -1 ? userinfo : userinfo.slice(0, colon);
  const result: { username?: string; password?: string } = {};
  if (user) result.username = safeDecode(user);
  if (colon !== -1) result.password = safeDecode(userinfo.slice(colon + 1));
  return result;
}
