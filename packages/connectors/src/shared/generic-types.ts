import { GENERIC_DATA_TYPES } from '@tessera/contracts';
import type { GenericDataType } from '@tessera/contracts';

// Matched against the upper-cased type name with any "(...)" and sign modifiers removed. INTERVAL is
// listed first because it would otherwise look like INT.
const NOT_GENERIC =
  /^(INTERVAL|ARRAY|LIST|STRUCT|MAP|UNION|JSONB?|BIT|VARBIT|BIT VARYING|BLOB|BYTEA|BINARY|VARBINARY|GEOMETRY)\b/;
const TEMPORAL =
  /^(DATE|DATETIME|DATETIME2|SMALLDATETIME|TIMESTAMP|TIMESTAMPTZ|TIMESTAMP_S|TIMESTAMP_MS|TIMESTAMP_NS|TIME|TIMETZ|TIME_NS)\b/;
const BOOLEAN = /^(BOOL|BOOLEAN|LOGICAL)\b/;
const NUMERIC =
  /^(TINYINT|SMALLINT|MEDIUMINT|INT|INTEGER|BIGINT|HUGEINT|UHUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|INT1|INT2|INT4|INT8|INT16|INT32|INT64|SHORT|LONG|SIGNED|DECIMAL|DEC|NUMERIC|NUMBER|NEWDECIMAL|FIXED|REAL|FLOAT|FLOAT4|FLOAT8|DOUBLE|MONEY|SERIAL|SERIAL4|SERIAL8|BIGSERIAL|SMALLSERIAL|OID|YEAR|BIGNUM|VARINT)\b/;
const STRING =
  /^(CHAR|CHARACTER|VARCHAR|NCHAR|NVARCHAR|BPCHAR|TEXT|TINYTEXT|MEDIUMTEXT|LONGTEXT|STRING|CLOB|NAME|CITEXT|UUID|ENUM|SET|VAR_STRING)\b/;

/** Normalises an engine type name for matching: "numeric(10,2) unsigned" -> "NUMERIC". */
export function baseTypeName(typeName: string): string {
  return typeName
    .toUpperCase()
    .replace(/\(.*?\)/g, '')
    .replace(/\b(UNSIGNED|SIGNED|ZEROFILL)\b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Superset's generic type of an engine type name: 0 numeric, 1 string, 2 temporal, 3 boolean, or null. */
export function genericTypeOf(typeName: string): GenericDataType | null {
  const base = baseTypeName(typeName);
  if (base.endsWith('[]')) return null;
  if (NOT_GENERIC.test(base)) return null;
  if (TEMPORAL.test(base)) return GENERIC_DATA_TYPES.TEMPORAL;
  if (BOOLEAN.test(base)) return GENERIC_DATA_TYPES.BOOLEAN;
  if (NUMERIC.test(base)) return GENERIC_DATA_TYPES.NUMERIC;
  if (STRING.test(base)) return GENERIC_DATA_TYPES.STRING;
  return null;
}

/** type_generic and is_dttm for a type name, the pair every column carries. */
export function describeType(typeName: string): { type_generic: GenericDataType | null; is_dttm: boolean } {
  const generic = genericTypeOf(typeName);
  return { type_generic: generic, is_dttm: generic === GENERIC_DATA_TYPES.TEMPORAL };
}
