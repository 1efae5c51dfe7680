import { z } from 'zod';
import { defineOperation } from './define-operation';
import { compareValues, requireColumns, type Frame } from './frame';
import { columnName, stringOrList, toList } from './options';
import { PostProcessingError } from './post-processing-error';

export const sortOptions = z
  .object({
    is_sort_index: z.boolean().optional(),
    sort_by_index: z.boolean().optional(),
    by: stringOrList.nullable().optional(),
    ascending: z.union([z.boolean(), z.array(z.boolean())]).default(true),
    /** The older form: `{column: ascending}`. */
    columns: z.record(columnName, z.boolean()).optional(),
  })
  .loose();
export type SortOptions = z.input<typeof sortOptions>;

/**
 * `sort`: by the index columns (is_sort_index), by `by` with `ascending` (one flag or one per column), or
 * by the older `columns: {name: ascending}`. Stable; nulls go last either way, as in pandas.
 */
export const sortOperation = defineOperation('sort', sortOptions, (frame, options) => {
  let keys: { column: string; ascending: boolean }[];
  const flags = options.ascending;
  const flag = (i: number): boolean => (Array.isArray(flags) ? (flags[i] ?? true) : flags);
  if (options.is_sort_index || options.sort_by_index) {
    if (!frame.index?.length) return frame;
    keys = frame.index.map((column, i) => ({ column, ascending: flag(i) }));
  } else if (options.by !== null && options.by !== undefined) {
    const by = toList(options.by);
    if (Array.isArray(flags) && flags.length !== by.length) {
      throw new PostProcessingError('Length of ascending must equal the number of sort columns');
    }
    keys = requireColumns(frame, by).flatMap((columns, i) =>
      columns.map((column) => ({ column, ascending: flag(i) })),
    );
  } else if (options.columns && Object.keys(options.columns).length > 0) {
    const entries = Object.entries(options.columns);
    keys = requireColumns(
      frame,
      entries.map(([name]) => name),
    ).flatMap((columns, i) => columns.map((column) => ({ column, ascending: entries[i]?.[1] ?? true })));
  } else {
    throw new PostProcessingError('Either is_sort_index or by must be set for the sort operation');
  }
  const rows = [...frame.rows].sort((a, b) => {
    for (const { column, ascending } of keys) {
      const x = a[column];
      const y = b[column];
      const xNull = x === null || x === undefined;
      const yNull = y === null || y === undefined;
      if (xNull || yNull) {
        if (xNull !== yNull) return xNull ? 1 : -1;
        continue;
      }
      const order = compareValues(x, y);
      if (order !== 0) return ascending ? order : -order;
    }
    return 0;
  });
  return { ...frame, rows };
});

export const sort = (frame: Frame, options: SortOptions): Frame => sortOperation.apply(frame, options);
