import { ENGINES, type Engine } from '@tessera/contracts';

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
