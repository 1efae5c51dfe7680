import { z } from 'zod';
import { defineOperation } from './define-operation';
import {
  finiteOrNull,
  levelsOf,
  numericColumns,
  numericValues,
  relabel,
  withColumns,
  type Frame,
} from './frame';
import { columnName } from './options';
import { PostProcessingError } from './post-processing-error';

export const contributionOptions = z
  .object({
    orientation: z.enum(['row', 'column']).nullable().default('column'),
    columns: z.array(columnName).nullable().optional(),
    rename_columns: z.array(columnName).nullable().optional(),
    time_shifts: z.array(z.string().max(255)).nullable().optional(),
  })
  .loose();
export type ContributionOptions = z.input<typeof contributionOptions>;

/**
 * `contribution`: each numeric value as a share of its column's total (orientation column, the default;
 * nulls count as 0) or of its row's total over the selected columns (row; a null stays null). Shares that
 * are not finite (a zero total) become null. With `time_shifts`, row shares of the columns whose metric
 * label ends with a shift are taken among themselves, apart from the unshifted ones.
 */
export const contributionOperation = defineOperation(
  'contribution',
  contributionOptions,
  (frame, options) => {
    const numeric = numericColumns(frame);
    const selected = options.columns ?? numeric;
    for (const column of selected) {
      if (!numeric.includes(column)) {
        throw new PostProcessingError(
          `Column "${column}" is not numeric or does not exists in the query results.`,
        );
      }
    }
    const targets = options.rename_columns ?? selected;
    if (targets.length !== selected.length) {
      throw new PostProcessingError(
        '`rename_columns` must have the same length as `columns` + `time_shift_columns`.',
      );
    }
    const values = new Map(selected.map((column) => [column, numericValues(frame, column)]));
    const share = new Map<string, (number | null)[]>();

    if (options.orientation === 'column') {
      for (const column of selected) {
        const series = (values.get(column) ?? []).map((v) => v ?? 0);
        const total = series.reduce((a, b) => a + b, 0);
        share.set(
          column,
          series.map((v) => finiteOrNull(v / total)),
        );
      }
    } else {
      const shifts = options.time_shifts ?? [];
      const groupOf = (column: string): string =>
        shifts.find((shift) => (levelsOf(frame, column)[0] ?? column).endsWith(shift)) ?? '';
      const groups = new Map<string, string[]>();
      for (const column of selected)
        groups.set(groupOf(column), [...(groups.get(groupOf(column)) ?? []), column]);
      for (const columns of groups.values()) {
        const totals = frame.rows.map((_, i) =>
          columns.reduce((sum, column) => sum + (values.get(column)?.[i] ?? 0), 0),
        );
        for (const column of columns) {
          share.set(
            column,
            (values.get(column) ?? []).map((v, i) =>
              v === null ? null : finiteOrNull(v / (totals[i] ?? 0)),
            ),
          );
        }
      }
    }
    return withColumns(
      frame,
      selected.map((column, i) => {
        const target = targets[i] ?? column;
        const renamed =
          target === column
            ? { column }
            : frame.levels?.[column]
              ? relabel(frame, column, target)
              : { column: target };
        return { ...renamed, values: share.get(column) ?? [] };
      }),
    );
  },
);

export const contribution = (frame: Frame, options: ContributionOptions = {}): Frame =>
  contributionOperation.apply(frame, options);
