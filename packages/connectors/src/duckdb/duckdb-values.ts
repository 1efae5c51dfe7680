import {
  DuckDBBlobValue,
  DuckDBTimestampTZValue,
  DuckDBTypeId,
  arrayFromArrayValue,
  arrayFromListValue,
  createDuckDBValueConverter,
  fromVariantValue,
  objectArrayFromMapValue,
  objectFromStructValue,
  objectFromUnionValue,
} from '@duckdb/node-api';
import type { DuckDBValueConverter } from '@duckdb/node-api';
import { bigintToJson, bytesToHex, sqlTimestampToIso } from '../shared/json-safe';

type Convert = DuckDBValueConverter<unknown>;

const text: Convert = (value) => String(value);
const finiteNumber = (n: number): number | null => (Number.isFinite(n) ? n : null);

const numeric: Convert = (value) => {
  if (typeof value === 'number') return finiteNumber(value);
  if (typeof value === 'bigint') return bigintToJson(value);
  // DECIMAL values carry toDouble(); anything else falls back to its text.
  if (
    typeof value === 'object' &&
    value !== null &&
    'toDouble' in value &&
    typeof value.toDouble === 'function'
  ) {
    const n: unknown = value.toDouble();
    return typeof n === 'number' ? finiteNumber(n) : String(value);
  }
  return String(value);
};

const timestamp: Convert = (value) => {
  const textValue = String(value);
  return /^\d/.test(textValue) ? sqlTimestampToIso(textValue) : textValue;
};

/** UTC ISO text with microseconds, independent of the server's time zone. */
function microsToIso(micros: bigint): string {
  const millis = micros / 1000n - (micros % 1000n < 0n ? 1n : 0n);
  const rest = micros - millis * 1000n;
  const iso = new Date(Number(millis)).toISOString();
  return rest === 0n ? iso : iso.replace('Z', `${rest.toString().padStart(3, '0')}Z`);
}

const timestampTz: Convert = (value) =>
  value instanceof DuckDBTimestampTZValue && value.isFinite ? microsToIso(value.micros) : String(value);

const blob: Convert = (value) => (value instanceof DuckDBBlobValue ? bytesToHex(value.bytes) : String(value));

const T = DuckDBTypeId;

/** DuckDB value -> JSON-safe value; nested LIST/STRUCT/MAP/UNION values recurse through it. */
export const duckdbJsonConverter: DuckDBValueConverter<unknown> = createDuckDBValueConverter<unknown>({
  [T.INVALID]: text,
  [T.BOOLEAN]: (value) => value === true,
  [T.TINYINT]: numeric,
  [T.SMALLINT]: numeric,
  [T.INTEGER]: numeric,
  [T.BIGINT]: numeric,
  [T.UTINYINT]: numeric,
  [T.USMALLINT]: numeric,
  [T.UINTEGER]: numeric,
  [T.UBIGINT]: numeric,
  [T.HUGEINT]: numeric,
  [T.UHUGEINT]: numeric,
  [T.BIGNUM]: numeric,
  [T.FLOAT]: numeric,
  [T.DOUBLE]: numeric,
  [T.DECIMAL]: numeric,
  [T.DATE]: text,
  [T.TIME]: text,
  [T.TIME_TZ]: text,
  [T.TIME_NS]: text,
  [T.TIMESTAMP]: timestamp,
  [T.TIMESTAMP_S]: timestamp,
  [T.TIMESTAMP_MS]: timestamp,
  [T.TIMESTAMP_NS]: timestamp,
  [T.TIMESTAMP_TZ]: timestampTz,
  [T.INTERVAL]: text,
  [T.VARCHAR]: text,
  [T.BLOB]: blob,
  [T.ENUM]: text,
  [T.UUID]: text,
  [T.BIT]: text,
  [T.GEOMETRY]: text,
  [T.LIST]: arrayFromListValue,
  [T.ARRAY]: arrayFromArrayValue,
  [T.STRUCT]: objectFromStructValue,
  [T.MAP]: objectArrayFromMapValue,
  [T.UNION]: objectFromUnionValue,
  [T.VARIANT]: fromVariantValue,
  [T.SQLNULL]: () => null,
  [T.ANY]: text,
  [T.STRING_LITERAL]: text,
  [T.INTEGER_LITERAL]: text,
});
