import type { ResultColumn } from '@tessera/connectors';
import { GENERIC_DATA_TYPES, type GenericDataType } from '@tessera/contracts';

/** A query result as the chart data API answers it: row objects keyed by label. */
export interface Frame {
  colnames: string[];
  coltypes: GenericDataType[];
  data: Record<string, unknown>[];
}

const HAS_ZONE = /(?:Z|[+-]\d{2}(?::?\d{2})?)$/;

/** Epoch milliseconds of a driver timestamp; naive values are UTC, as in Superset. */
export function toEpochMs(value: unknown): unknown {
  if (typeof value === 'number' || value === null) return value;
  if (typeof value !== 'string') return value;
  const text = value.includes('T') ? value : value.replace(' ', 'T');
  const zoned = HAS_ZONE.test(text) || !/\d{2}:\d{2}/.test(text) ? text : `${text}Z`;
  const withTime = /^\d{4}-\d{2}-\d{2}$/.test(zoned) ? `${zoned}T00:00:00Z` : zoned;
  const ms = Date.parse(withTime);
  return Number.isNaN(ms) ? value : ms;
}

function toNumber(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const parsed = Number(value);
  return value.trim() !== '' && Number.isFinite(parsed) ? parsed : value;
}

function inferType(values: unknown[]): GenericDataType {
  const sample = values.find((value) => value !== null && value !== undefined);
  if (typeof sample === 'number') return GENERIC_DATA_TYPES.NUMERIC;
  if (typeof sample === 'boolean') return GENERIC_DATA_TYPES.BOOLEAN;
  return GENERIC_DATA_TYPES.STRING;
}

/**
 * Turns connector rows into the API frame: temporal columns (the engine says so, or the compiler
 * knows the label is a time bucket) become epoch ms, numeric text (DECIMAL, HUGEINT) becomes numbers.
 */
export function toFrame(
  columns: ResultColumn[],
  rows: unknown[][],
  temporalLabels: readonly string[],
): Frame {
  const colnames = columns.map((column) => column.name);
  const coltypes = columns.map((column, index): GenericDataType => {
    if (temporalLabels.includes(column.name) || column.type_generic === GENERIC_DATA_TYPES.TEMPORAL)
      return GENERIC_DATA_TYPES.TEMPORAL;
    return column.type_generic ?? inferType(rows.map((row) => row[index]));
  });
  // fromEntries defines own properties, so a label such as "__proto__" stays ordinary data.
  const data = rows.map((row) =>
    Object.fromEntries(
      colnames.map((name, index) => {
        const raw = row[index] ?? null;
        const type = coltypes[index];
        const value =
          type === GENERIC_DATA_TYPES.TEMPORAL
            ? toEpochMs(raw)
            : type === GENERIC_DATA_TYPES.NUMERIC
              ? toNumber(raw)
              : raw;
        return [name, value];
      }),
    ),
  );
  return { colnames, coltypes, data };
}
