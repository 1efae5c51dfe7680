import { z } from 'zod';
import { sqlTimestampToIso, toJsonSafe } from '../shared/json-safe';
import { resultColumn } from '../shared/result-helpers';
import type { ResultColumn } from '../types';

const BINARY_CHARSET = 63;
const ENUM_FLAG = 256;
const SET_FLAG = 2048;

/** Wire type codes of the MySQL protocol; text/blob pairs are told apart by the binary charset. */
const TYPE_NAMES = new Map<number, string | [text: string, binary: string]>([
  [0, 'DECIMAL'],
  [1, 'TINYINT'],
  [2, 'SMALLINT'],
  [3, 'INT'],
  [4, 'FLOAT'],
  [5, 'DOUBLE'],
  [6, 'NULL'],
  [7, 'TIMESTAMP'],
  [8, 'BIGINT'],
  [9, 'MEDIUMINT'],
  [10, 'DATE'],
  [11, 'TIME'],
  [12, 'DATETIME'],
  [13, 'YEAR'],
  [14, 'DATE'],
  [15, ['VARCHAR', 'VARBINARY']],
  [16, 'BIT'],
  [242, 'VECTOR'],
  [245, 'JSON'],
  [246, 'DECIMAL'],
  [247, 'ENUM'],
  [248, 'SET'],
  [249, ['TINYTEXT', 'TINYBLOB']],
  [250, ['MEDIUMTEXT', 'MEDIUMBLOB']],
  [251, ['LONGTEXT', 'LONGBLOB']],
  [252, ['TEXT', 'BLOB']],
  [253, ['VARCHAR', 'VARBINARY']],
  [254, ['CHAR', 'BINARY']],
  [255, 'GEOMETRY'],
]);

/** The column definition fields we use; mysql2 exposes them as (lazy) properties. */
export const mysqlFieldSchema = z.object({
  name: z.string(),
  columnType: z.number().optional(),
  type: z.number().optional(),
  characterSet: z.number().optional(),
  flags: z.union([z.number(), z.array(z.string())]).optional(),
  extendedTypeName: z.string().optional(),
  extendedFormat: z.string().optional(),
});
export type MysqlField = z.infer<typeof mysqlFieldSchema>;

export function mysqlTypeName(field: MysqlField): string {
  if (field.extendedFormat === 'json') return 'JSON';
  if (field.extendedTypeName) return field.extendedTypeName.toUpperCase();
  const code = field.columnType ?? field.type ?? -1;
  const flags = typeof field.flags === 'number' ? field.flags : 0;
  if (code === 254 && flags & ENUM_FLAG) return 'ENUM';
  if (code === 254 && flags & SET_FLAG) return 'SET';
  const entry = TYPE_NAMES.get(code);
  if (entry === undefined) return 'UNKNOWN';
  if (typeof entry === 'string') return entry;
  return field.characterSet === BINARY_CHARSET ? entry[1] : entry[0];
}

export function mysqlResultColumns(fields: readonly MysqlField[]): ResultColumn[] {
  return fields.map((field) => resultColumn(field.name, mysqlTypeName(field)));
}

type Convert = (value: unknown) => unknown;

/** DATETIME/TIMESTAMP text becomes ISO ('T' separator); zero dates stay as the server sent them. */
const datetime: Convert = (value) =>
  typeof value === 'string' && !value.startsWith('0000') ? sqlTimestampToIso(value) : toJsonSafe(value);

export function mysqlValueConverters(columns: readonly ResultColumn[]): Convert[] {
  return columns.map((column) =>
    column.type === 'DATETIME' || column.type === 'TIMESTAMP' ? datetime : toJsonSafe,
  );
}
