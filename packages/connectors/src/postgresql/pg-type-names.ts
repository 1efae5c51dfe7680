/** Display names of built-in PostgreSQL type OIDs, in SQLAlchemy's upper-case style. */
export const PG_TYPE_NAMES: ReadonlyMap<number, string> = new Map([
  [16, 'BOOLEAN'],
  [17, 'BYTEA'],
  [18, 'CHAR'],
  [19, 'NAME'],
  [20, 'BIGINT'],
  [21, 'SMALLINT'],
  [23, 'INTEGER'],
  [24, 'REGPROC'],
  [25, 'TEXT'],
  [26, 'OID'],
  [114, 'JSON'],
  [142, 'XML'],
  [650, 'CIDR'],
  [700, 'REAL'],
  [701, 'DOUBLE PRECISION'],
  [705, 'UNKNOWN'],
  [790, 'MONEY'],
  [829, 'MACADDR'],
  [869, 'INET'],
  [1042, 'CHAR'],
  [1043, 'VARCHAR'],
  [1082, 'DATE'],
  [1083, 'TIME WITHOUT TIME ZONE'],
  [1114, 'TIMESTAMP WITHOUT TIME ZONE'],
  [1184, 'TIMESTAMP WITH TIME ZONE'],
  [1186, 'INTERVAL'],
  [1266, 'TIME WITH TIME ZONE'],
  [1560, 'BIT'],
  [1562, 'BIT VARYING'],
  [1700, 'NUMERIC'],
  [2249, 'RECORD'],
  [2278, 'VOID'],
  [2950, 'UUID'],
  [3802, 'JSONB'],
  [1000, 'BOOLEAN[]'],
  [1001, 'BYTEA[]'],
  [1005, 'SMALLINT[]'],
  [1007, 'INTEGER[]'],
  [1009, 'TEXT[]'],
  [1015, 'VARCHAR[]'],
  [1016, 'BIGINT[]'],
  [1021, 'REAL[]'],
  [1022, 'DOUBLE PRECISION[]'],
  [1115, 'TIMESTAMP WITHOUT TIME ZONE[]'],
  [1182, 'DATE[]'],
  [1183, 'TIME WITHOUT TIME ZONE[]'],
  [1185, 'TIMESTAMP WITH TIME ZONE[]'],
  [1187, 'INTERVAL[]'],
  [1231, 'NUMERIC[]'],
  [199, 'JSON[]'],
  [2951, 'UUID[]'],
  [3807, 'JSONB[]'],
]);

/**
 * Upper-cases a `format_type()` result and uses the short spellings SQLAlchemy shows:
 * "character varying(20)" -> "VARCHAR(20)". Names of user types (enums, domains) keep their case.
 */
export function normalisePgTypeName(formatted: string, isBuiltin: boolean): string {
  if (!isBuiltin) return formatted;
  return formatted
    .toUpperCase()
    .replace(/^CHARACTER VARYING/, 'VARCHAR')
    .replace(/^CHARACTER\b/, 'CHAR');
}
