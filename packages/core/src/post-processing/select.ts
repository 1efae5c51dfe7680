import { z } from 'zod';
import { defineOperation } from './define-operation';
import { requireColumns, type Frame, type Row } from './frame';
import { columnName } from './options';

export const selectOptions = z
  .object({
    columns: z.array(columnName).nullable().optional(),
    exclude: z.array(columnName).nullable().optional(),
    rename: z.record(columnName, columnName).nullable().optional(),
  })
  .loose();
export type SelectOptions = z.input<typeof selectOptions>;

/** `select`: keep `columns` (in that order, default all), drop `exclude`, then apply `rename`. */
export const selectOperation = defineOperation('select', selectOptions, (frame, options) => {
  const kept = options.columns ? requireColumns(frame, options.columns).flat() : frame.columns;
  const excluded = new Set(options.exclude ? requireColumns(frame, options.exclude).flat() : []);
  const rename = options.rename ?? {};
  const names = kept.filter((column) => !excluded.has(column));
  const renamed = (column: string): string => rename[column] ?? column;
  const rows = frame.rows.map((row) => {
    const out: Row = {};
    for (const column of names) out[renamed(column)] = row[column];
    return out;
  });
  const result: Frame = { columns: names.map(renamed), rows };
  const index = frame.index?.filter((column) => names.includes(column)).map(renamed);
  if (index?.length) result.index = index;
  const temporal = frame.temporal?.filter((column) => names.includes(column)).map(renamed);
  if (temporal?.length) result.temporal = temporal;
  if (frame.levels) {
    result.levels = Object.fromEntries(
      names.flatMap((column) => {
        // A renamed column gets a plain name; its old labels no longer describe it.
        const levels = renamed(column) === column ? frame.levels?.[column] : undefined;
        return levels ? [[column, levels] as const] : [];
      }),
    );
  }
  return result;
});

export const select = (frame: Frame, options: SelectOptions): Frame => selectOperation.apply(frame, options);
