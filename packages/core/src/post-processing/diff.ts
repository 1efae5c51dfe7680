import { z } from 'zod';
import { mapColumns } from './append-columns';
import { defineOperation } from './define-operation';
import { numericValues, relabel, requireColumns, withColumns, type Frame } from './frame';
import { columnMapping } from './options';

export const diffOptions = z
  .object({
    columns: columnMapping,
    periods: z.number().int().default(1),
    axis: z.union([z.literal(0), z.literal(1), z.literal('index'), z.literal('columns')]).default(0),
  })
  .loose();
export type DiffOptions = z.input<typeof diffOptions>;

const minus = (a: number | null | undefined, b: number | null | undefined): number | null =>
  a === null || a === undefined || b === null || b === undefined ? null : a - b;

/**
 * `diff` (pandas DataFrame.diff): along rows, value − value `periods` rows earlier (negative: later);
 * along columns (axis 1), each selected column − the column `periods` before it in `columns`' order.
 */
export const diffOperation = defineOperation('diff', diffOptions, (frame, options) => {
  const { periods } = options;
  if (options.axis === 0 || options.axis === 'index') {
    return mapColumns(frame, options.columns, (values) =>
      values.map((value, i) => minus(value, values[i - periods])),
    );
  }
  const sources = Object.keys(options.columns);
  const columns = requireColumns(frame, sources).flat();
  const series = columns.map((column) => numericValues(frame, column));
  const updates = columns.map((column, c) => {
    const top =
      options.columns[
        sources.find((source) => column === source || frame.levels?.[column]?.[0] === source) ?? ''
      ];
    const target = top === undefined || column === top ? { column } : relabel(frame, column, top);
    const values = series[c] ?? [];
    const previous = series[c - periods];
    return { ...target, values: values.map((value, i) => minus(value, previous?.[i])) };
  });
  return withColumns(frame, updates);
});

export const diff = (frame: Frame, options: DiffOptions): Frame => diffOperation.apply(frame, options);
