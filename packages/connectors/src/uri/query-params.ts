import { ConnectorError } from '../types';
import type { Backend } from '../types';

type ValueCheck = (value: string) => boolean;

const oneOf =
  (...values: string[]): ValueCheck =>
  (value) =>
    values.includes(value.toLowerCase());
const seconds: ValueCheck = (value) => /^\d{1,6}$/.test(value);
const plainName: ValueCheck = (value) => /^[A-Za-z0-9_ .-]{1,63}$/.test(value);

/**
 * PostgreSQL settings a URI may pass with `options=-c name=value`: per-session formatting and
 * time limits only. Anything else (session_preload_libraries, role, default_transaction_read_only,
 * log settings...) changes what the server loads or who the session acts as.
 */
const PG_OPTION_SETTINGS = new Set([
  'search_path',
  'statement_timeout',
  'lock_timeout',
  'idle_in_transaction_session_timeout',
  'timezone',
  'datestyle',
  'intervalstyle',
  'extra_float_digits',
  'application_name',
]);

/** `-c name=value`, `-cname=value` or `--name=value`, separated by spaces; no backslash escapes. */
const pgOptions: ValueCheck = (value) => {
  if (value.includes('\\')) return false;
  const words = value.trim().split(/\s+/);
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    let setting: string | undefined;
    if (word === '-c') setting = words[++i];
    else if (word.startsWith('--')) setting = word.slice(2);
    else if (word.startsWith('-c')) setting = word.slice(2);
    const name = setting?.split('=', 1)[0]?.toLowerCase().replaceAll('-', '_');
    if (!setting?.includes('=') || name === undefined || !PG_OPTION_SETTINGS.has(name)) return false;
  }
  return true;
};

const MYSQL: Readonly<Record<string, ValueCheck>> = {
  ssl_mode: oneOf('disabled', 'preferred', 'required', 'verify_ca', 'verify_identity'),
  ssl: oneOf('true', 'false', '1', '0'),
  charset: (value) => /^[A-Za-z0-9_]{1,32}$/.test(value),
};

/** Query parameters each backend reads (pg-config, mysql-config); nothing else is passed on. */
const ALLOWED: Record<Backend, Readonly<Record<string, ValueCheck>>> = {
  postgresql: {
    sslmode: oneOf('disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full'),
    application_name: plainName,
    connect_timeout: seconds,
    options: pgOptions,
  },
  mysql: MYSQL,
  mariadb: MYSQL,
  sqlite: { mode: oneOf('ro', 'rw', 'rwc', 'memory') },
  duckdb: {},
};

/**
 * Refuses query parameters outside the backend's allow-list, and allowed ones with values out of
 * range, as CONNECTION_MISSING_PARAMETERS_ERROR naming the parameter (the value may be secret).
 */
export function checkQueryParams(backend: Backend, query: Record<string, string>): void {
  const allowed = ALLOWED[backend];
  for (const [name, value] of Object.entries(query)) {
    const check = Object.hasOwn(allowed, name) ? allowed[name] : undefined;
    if (check === undefined) {
      const known = Object.keys(allowed);
      throw new ConnectorError(
        'CONNECTION_MISSING_PARAMETERS_ERROR',
        `The connection parameter "${name}" is not allowed. ` +
          (known.length > 0 ? `Allowed parameters: ${known.join(', ')}.` : 'This engine takes none.'),
        'Unknown',
        { parameter: name },
      );
    }
    if (!check(value)) {
      throw new ConnectorError(
        'CONNECTION_MISSING_PARAMETERS_ERROR',
        name === 'options'
          ? `The connection parameter "options" may only set ${[...PG_OPTION_SETTINGS].join(', ')} with -c name=value.`
          : `The connection parameter "${name}" has a value that is not allowed.`,
        'Unknown',
        { parameter: name },
      );
    }
  }
}
