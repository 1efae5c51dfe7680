import type { Database } from '@tessera/contracts';

/** A database as `GET /api/v1/database/` lists it, for the component tests. */
export function databaseItem(
  overrides: Partial<Database> & Pick<Database, 'id' | 'database_name'>,
): Database {
  return {
    uuid: `00000000-0000-4000-8000-${String(overrides.id).padStart(12, '0')}`,
    sqlalchemy_uri: `postgresql://app@db/${overrides.database_name}`,
    backend: 'postgresql',
    engine_name: 'PostgreSQL',
    expose_in_sqllab: true,
    allow_run_async: false,
    allow_dml: false,
    allow_ctas: false,
    allow_cvas: false,
    allow_file_upload: false,
    disable_data_preview: false,
    allows_subquery: true,
    allow_multi_catalog: false,
    extra: '{}',
    cache_timeout: null,
    force_ctas_schema: null,
    created_by: null,
    changed_on: '2026-01-01T00:00:00.000Z',
    changed_on_delta_humanized: 'a day ago',
    ...overrides,
  };
}
