import { z } from 'zod';
import { defineOperation } from './define-operation';
import {
  finiteOrNull,
  levelsOf,
  numericValues,
  pickColumns,
  relabel,
  requireColumns,
  tupleKey,
  withColumns,
  type Frame,
} from './frame';
import { columnName } from './options';
import { PostProcessingError } from './post-processing-error';

export const COMPARE_TYPES = ['difference', 'percentage', 'ratio'] as const;
/** Superset's TIME_COMPARISON separator in generated names. */
export const TIME_COMPARISON_SEPARATOR = '__';

export const compareOptions = z
  .object({
    source_columns: z.array(columnName),
    compare_columns: z.array(columnName),
    compare_type: z.string().max(64),
    drop_original_columns: z.boolean().default(false),
    precision: z.number().int().min(0).max(15).default(4),
  })
  .loose();
export type CompareOptions = z.input<typeof compareOptions>;

const round = (value: number, precision: number): number => {
  const factor = 10 ** precision;
  return Math.round(value * factor) / factor;
};

/**
 * `compare` (time comparison): for each source/compare pair a column `<type>__<source>__<compare>` holding
 * source − compare (difference), (source − compare) / compare (percentage) or source / compare (ratio), the
 * last two rounded to `precision`; a metric name pairs all its pivoted columns by their other labels.
 */
export const compareOperation = defineOperation('compare', compareOptions, (frame, options) => {
  const { source_columns: sources, compare_columns: compares } = options;
  if (sources.length !== compares.length) {
    throw new PostProcessingError('`compare_columns` must have the same length as `source_columns`.');
  }
  const type = COMPARE_TYPES.find((name) => name === options.compare_type);
  if (!type) throw new PostProcessingError('`compare_type` must be `difference`, `percentage` or `ratio`');
  if (sources.length === 0) return frame;
  const sourceColumns = requireColumns(frame, sources);
  const compareColumns = requireColumns(frame, compares);
  const compute = (a: number | null | undefined, b: number | null | undefined): number | null => {
    if (a === null || a === undefined || b === null || b === undefined) return null;
    if (type === 'difference') return finiteOrNull(a - b);
    const value = type === 'percentage' ? (a - b) / b : a / b;
    return Number.isFinite(value) ? round(value, options.precision) : null;
  };
  const updates = sources.flatMap((source, i) => {
    const name = [type, source, compares[i] ?? ''].join(TIME_COMPARISON_SEPARATOR);
    const byRest = (columns: string[]) =>
      new Map(columns.map((column) => [tupleKey(levelsOf(frame, column).slice(1)), column]));
    const left = byRest(sourceColumns[i] ?? []);
    const right = byRest(compareColumns[i] ?? []);
    const keys = [...new Set([...left.keys(), ...right.keys()])];
    return keys.map((key) => {
      const s = left.get(key);
      const c = right.get(key);
      const template = s ?? c ?? '';
      const a = s === undefined ? [] : numericValues(frame, s);
      const b = c === undefined ? [] : numericValues(frame, c);
      const target = levelsOf(frame, template).length > 1 ? relabel(frame, template, name) : { column: name };
      return { ...target, values: frame.rows.map((_, r) => compute(a[r], b[r])) };
    });
  });
  let result = withColumns(frame, updates);
  if (options.drop_original_columns) {
    const dropped = new Set([...sourceColumns.flat(), ...compareColumns.flat()]);
    const levels = result.levels
      ? Object.fromEntries(Object.entries(result.levels).filter(([column]) => !dropped.has(column)))
      : undefined;
    const columns = result.columns.filter((column) => !dropped.has(column));
    result = {
      ...result,
      columns,
      rows: pickColumns(result.rows, columns),
      ...(levels ? { levels } : {}),
    };
  }
  return result;
});

export const compare = (frame: Frame, options: CompareOptions): Frame =>
  compareOperation.apply(frame, options);
