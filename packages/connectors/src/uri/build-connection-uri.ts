import {
  DEFAULT_PORTS,
  isNetworkBackend,
  type ConnectionBackend,
  type DatabaseParameterField,
  type DatabaseParameters,
} from '@tessera/contracts';

/** Why parameters do not make a URI, named after the fields a form shows them on (Superset's extra). */
export interface ParameterProblem {
  errorType:
    | 'CONNECTION_MISSING_PARAMETERS_ERROR'
    | 'CONNECTION_INVALID_PORT_ERROR'
    | 'CONNECTION_INVALID_HOSTNAME_ERROR'
    | 'CONNECTION_PORT_CLOSED_ERROR'
    | 'CONNECTION_HOST_DOWN_ERROR';
  message: string;
  missing?: DatabaseParameterField[];
  invalid?: DatabaseParameterField[];
}

export type BuiltUri = { ok: true; uri: string } | { ok: false; problems: ParameterProblem[] };

/** Turns on TLS when `encryption` is set and the query does not choose a mode itself. */
const ENCRYPTION_QUERY: Readonly<Record<ConnectionBackend, readonly [string, string] | null>> = {
  postgresql: ['sslmode', 'require'],
  mysql: ['ssl_mode', 'REQUIRED'],
  mariadb: ['ssl_mode', 'REQUIRED'],
  sqlite: null,
  duckdb: null,
};

/** A host name or an IPv4/IPv6 address: nothing that would end the authority part of a URI. */
const HOST_RE = /^(?:[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,251}[A-Za-z0-9_])?|[0-9A-Fa-f:.]+(?:%[A-Za-z0-9]+)?)$/;

const text = (value: string | null | undefined): string => (value ?? '').trim();

/** The port as a number, the engine's default when blank, or null when it is not a port. */
export function portOf(backend: ConnectionBackend, port: DatabaseParameters['port']): number | null {
  if (port === undefined || port === null || port === '')
    return isNetworkBackend(backend) ? DEFAULT_PORTS[backend] : null;
  const value = typeof port === 'number' ? port : /^\d{1,5}$/.test(port) ? Number(port) : NaN;
  return Number.isInteger(value) && value >= 1 && value <= 65535 ? value : null;
}

function queryText(backend: ConnectionBackend, parameters: DatabaseParameters): string {
  const query = new URLSearchParams(Object.entries(parameters.query ?? {}));
  const encryption = ENCRYPTION_QUERY[backend];
  if (parameters.encryption === true && encryption && !query.has(encryption[0])) query.set(...encryption);
  const encoded = query.toString();
  return encoded === '' ? '' : `?${encoded}`;
}

/**
 * Builds the URI that Superset's dynamic form describes: user, password and database are
 * percent-encoded (so `@ : / ? #` in a password stay inside it), a blank port takes the engine's
 * default and `encryption` asks for TLS. Checking query parameters and where the URI may point is left
 * to parseConnectionUri and the server's connection guard, as for a typed URI.
 */
export function buildConnectionUri(backend: ConnectionBackend, parameters: DatabaseParameters): BuiltUri {
  if (!isNetworkBackend(backend)) {
    const file = text(parameters.file_path);
    if (file === '')
      return {
        ok: false,
        problems: [
          {
            errorType: 'CONNECTION_MISSING_PARAMETERS_ERROR',
            message: 'One or more parameters are missing: file_path',
            missing: ['file_path'],
          },
        ],
      };
    // The parser decodes the path, so a literal % ? or # must be escaped to survive.
    const path = file.replace(/[%?#]/g, (char) => encodeURIComponent(char));
    return { ok: true, uri: `${backend}:///${path}${queryText(backend, parameters)}` };
  }
  const problems: ParameterProblem[] = [];
  const host = text(parameters.host);
  const database = text(parameters.database);
  const username = text(parameters.username);
  const missing = (
    [
      ['host', host],
      ['database', database],
      ['username', username],
    ] as const
  ).flatMap(([field, value]) => (value === '' ? [field] : []));
  if (missing.length > 0)
    problems.push({
      errorType: 'CONNECTION_MISSING_PARAMETERS_ERROR',
      message: `One or more parameters are missing: ${missing.join(', ')}`,
      missing,
    });
  if (host !== '' && !HOST_RE.test(host))
    problems.push({
      errorType: 'CONNECTION_INVALID_HOSTNAME_ERROR',
      message: `The hostname "${host}" is not a valid host name or address.`,
      invalid: ['host'],
    });
  const port = portOf(backend, parameters.port);
  if (port === null)
    problems.push({
      errorType: 'CONNECTION_INVALID_PORT_ERROR',
      message: 'The port must be a whole number from 1 to 65535.',
      invalid: ['port'],
    });
  if (problems.length > 0 || port === null) return { ok: false, problems };
  const password = parameters.password ?? '';
  const userinfo = encodeURIComponent(username) + (password === '' ? '' : `:${encodeURIComponent(password)}`);
  const hostText = host.includes(':') ? `[${host}]` : host;
  return {
    ok: true,
    uri: `${backend}://${userinfo}@${hostText}:${String(port)}/${encodeURIComponent(database)}${queryText(backend, parameters)}`,
  };
}
