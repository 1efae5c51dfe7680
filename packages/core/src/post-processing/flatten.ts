import { z } from 'zod';
import { defineOperation } from './define-operation';
import { flatName, joinLabels, type Frame } from './frame';
import { PostProcessingError } from './post-processing-error';

export const flattenOptions = z
  .object({
    reset_index: z.boolean().default(true),
    drop_levels: z.array(z.union([z.number().int(), z.string()])).default([]),
  })
  .loose();
export type FlattenOptions = z.input<typeof flattenOptions>;

/**
 * `flatten`: pivoted column labels become plain names (labels joined by ', ', null labels left out, ','
 * inside a label escaped as '\,'), after removing the `drop_levels` (by position, negative from the end, or
 * by name); with reset_index the index columns become ordinary columns.
 */
export const flattenOperation = defineOperation('flatten', flattenOptions, (frame, options) => {
  let result: Frame = frame;
  if (frame.levels) {
    const depth = Math.max(1, ...Object.values(frame.levels).map((levels) => levels.length));
    const names = frame.levelNames ?? [];
    const dropped = new Set(
      options.drop_levels.map((level) => {
        const position =
          typeof level === 'number' ? (level < 0 ? depth + level : level) : names.indexOf(level);
        if (position < 0 || position >= depth)
          throw new PostProcessingError(`Invalid level to drop: ${level}`);
        return position;
      }),
    );
    if (dropped.size >= depth) {
      throw new PostProcessingError('Cannot drop every column level');
    }
    const renamed = new Map<string, string>();
    for (const column of frame.columns) {
      const levels = frame.levels[column];
      if (!levels) continue;
      const keep = levels.filter((_, i) => !dropped.has(i));
      // Labels of multi-level columns are escaped even when one label is left.
      renamed.set(column, depth > 1 ? joinLabels(keep) : flatName(keep));
    }
    const rows = frame.rows.map((row) => {
      const next: Record<string, unknown> = {};
      for (const column of frame.columns) next[renamed.get(column) ?? column] = row[column];
      return next;
    });
    result = { columns: [...new Set(frame.columns.map((c) => renamed.get(c) ?? c))], rows };
    if (frame.index) result.index = frame.index;
    if (frame.temporal) result.temporal = frame.temporal;
  }
  if (options.reset_index && result.index) {
    const { index: _index, ...rest } = result;
    result = rest;
  }
  return result;
});

export const flatten = (frame: Frame, options: FlattenOptions = {}): Frame =>
  flattenOperation.apply(frame, options);
