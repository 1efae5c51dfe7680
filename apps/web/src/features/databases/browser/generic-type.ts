import { GENERIC_DATA_TYPES } from '@tessera/contracts';

const NAMES = new Map<number, string>(Object.entries(GENERIC_DATA_TYPES).map(([name, code]) => [code, name]));

/** 'NUMERIC', 'STRING', 'TEMPORAL', 'BOOLEAN', or '' when the engine type has no generic class. */
export function genericTypeName(code: number | null): string {
  return code === null ? '' : (NAMES.get(code) ?? '');
}

/** The schema to open first: 'main' (SQLite, DuckDB) or 'public' (PostgreSQL) when present, else the first. */
export function preferredSchema(schemas: readonly string[]): string | undefined {
  return (
    schemas.find((schema) => schema === 'main') ?? schemas.find((schema) => schema === 'public') ?? schemas[0]
  );
}
