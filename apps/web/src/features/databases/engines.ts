import { ENGINES, isConnectionBackend, type ConnectionBackend, type Engine } from '@tessera/contracts';

export const ENGINE_LABELS: Record<Engine, string> = {
  postgresql: 'PostgreSQL',
  mysql: 'MySQL / MariaDB',
  sqlite: 'SQLite',
  duckdb: 'DuckDB',
};

/** The SQLAlchemy URI placeholder shown for each engine. */
export const URI_PLACEHOLDERS: Record<Engine, string> = {
  postgresql: 'postgresql://user:password@host:5432/db',
  mysql: 'mysql://user:password@host:3306/db',
  sqlite: 'sqlite:///path/to/file.db',
  duckdb: 'duckdb:///path/to/file.duckdb',
};

/** The engine of a URI or backend name ('postgresql+psycopg2://...' -> postgresql; 'mariadb' -> mysql). */
export function engineOf(uriOrBackend: string): Engine | undefined {
  const scheme = (uriOrBackend.split(':')[0] ?? '').split('+')[0]?.trim().toLowerCase() ?? '';
  if (scheme === 'postgres') return 'postgresql';
  if (scheme === 'mariadb') return 'mysql';
  return ENGINES.find((engine) => engine === scheme);
}

/** The engine cards of the connection form's first step, in display order. */
export const BACKEND_LABELS: Record<ConnectionBackend, string> = {
  postgresql: 'PostgreSQL',
  mysql: 'MySQL',
  mariadb: 'MariaDB',
  sqlite: 'SQLite',
  duckdb: 'DuckDB',
};

/** One line under each engine card. */
export const BACKEND_DESCRIPTIONS: Record<ConnectionBackend, string> = {
  postgresql: 'Server on host and port (default 5432)',
  mysql: 'Server on host and port (default 3306)',
  mariadb: 'Server on host and port (default 3306)',
  sqlite: 'A database file on the server',
  duckdb: 'A database file on the server',
};

/**
 * The form engine of a stored URI; unlike engineOf, MariaDB stays MariaDB so the rebuilt URI keeps
 * its scheme. Undefined when the URI is not one the form can describe.
 */
export function backendOfUri(uri: string): ConnectionBackend | undefined {
  const scheme = (uri.split(':')[0] ?? '').split('+')[0]?.trim().toLowerCase() ?? '';
  const name = scheme === 'postgres' ? 'postgresql' : scheme;
  return isConnectionBackend(name) ? name : undefined;
}
