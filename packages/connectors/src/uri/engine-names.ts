import type { Engine } from '@tessera/contracts';
import type { Backend } from '../types';

const ENGINE_DISPLAY_NAMES: Record<Engine, string> = {
  postgresql: 'PostgreSQL',
  mysql: 'MySQL',
  sqlite: 'SQLite',
  duckdb: 'DuckDB',
};

const BACKEND_DISPLAY_NAMES: Record<Backend, string> = { ...ENGINE_DISPLAY_NAMES, mariadb: 'MariaDB' };

const BACKEND_ENGINES: Record<Backend, Engine> = {
  postgresql: 'postgresql',
  mysql: 'mysql',
  mariadb: 'mysql',
  sqlite: 'sqlite',
  duckdb: 'duckdb',
};

/** URI scheme (without the +driver suffix) -> backend. */
export const SCHEME_BACKENDS: Readonly<Record<string, Backend>> = {
  postgresql: 'postgresql',
  postgres: 'postgresql',
  mysql: 'mysql',
  mariadb: 'mariadb',
  sqlite: 'sqlite',
  duckdb: 'duckdb',
};

export function engineDisplayName(engine: Engine): string {
  return ENGINE_DISPLAY_NAMES[engine];
}

export function backendDisplayName(backend: Backend): string {
  return BACKEND_DISPLAY_NAMES[backend];
}

export function engineOfBackend(backend: Backend): Engine {
  return BACKEND_ENGINES[backend];
}
