import { GENERIC_DATA_TYPES } from '@tessera/contracts';
import type { GenericDataType } from '@tessera/contracts';
import type { ResultColumn } from '../types';

/**
 * SQLite's type of a declared column type, following its affinity rules, with dates and booleans
 * recognised by name first (SQLite stores them as text or integers).
 */
export function sqliteGenericType(declared: string): GenericDataType | null {
  const upper = declared.toUpperCase();
  if (upper === '') return null;
  if (upper.includes('BOOL')) return GENERIC_DATA_TYPES.BOOLEAN;
  if (/DATE|TIME/.test(upper)) return GENERIC_DATA_TYPES.TEMPORAL;
  if (upper.includes('INT')) return GENERIC_DATA_TYPES.NUMERIC;
  if (/CHAR|CLOB|TEXT/.test(upper)) return GENERIC_DATA_TYPES.STRING;
  if (upper.includes('BLOB')) return null;
  // REAL, FLOA, DOUB and everything else (NUMERIC, DECIMAL...) have numeric affinities.
  return GENERIC_DATA_TYPES.NUMERIC;
}

/** Storage class of a value, for expression columns that carry no declared type. */
function typeOfValue(value: unknown): string | null {
  if (typeof value === 'bigint') return 'INTEGER';
  if (typeof value === 'number') return Number.isInteger(value) ? 'INTEGER' : 'REAL';
  if (typeof value === 'string') return 'TEXT';
  if (value instanceof Uint8Array) return 'BLOB';
  return null;
}

export function sqliteResultColumns(
  columns: readonly { name: string; type: string | null }[],
  rows: readonly unknown[][],
): ResultColumn[] {
  return columns.map((column, i) => {
    let type = column.type ?? '';
    if (type === '') {
      const sample = rows.find((row) => row[i] !== null && row[i] !== undefined)?.[i];
      type = typeOfValue(sample) ?? '';
    }
    const generic = sqliteGenericType(type);
    return {
      name: column.name,
      type: type.toUpperCase(),
      type_generic: generic,
      is_dttm: generic === GENERIC_DATA_TYPES.TEMPORAL,
    };
  });
}
