import { z } from 'zod';
import { mapColumns } from './append-columns';
import { defineOperation } from './define-operation';
import type { Frame } from './frame';
import { columnMapping } from './options';
import { PostProcessingError } from './post-processing-error';

export const CUM_OPERATORS = ['sum', 'prod', 'min', 'max'] as const;

export const cumOptions = z
  .object({
    operator: z.string().min(1).max(64),
    columns: columnMapping.default({}),
  })
  .loose();
export type CumOptions = z.input<typeof cumOptions>;

const step: Record<(typeof CUM_OPERATORS)[number], (acc: number, x: number) => number> = {
  sum: (acc, x) => acc + x,
  prod: (acc, x) => acc * x,
  min: (acc, x) => (x < acc ? x : acc),
  max: (acc, x) => (x > acc ? x : acc),
};

/** `cum` (pandas cumsum/cumprod/cummin/cummax): running totals; a null stays null and is skipped. */
export const cumOperation = defineOperation('cum', cumOptions, (frame, options) => {
  const operator = (CUM_OPERATORS as readonly string[]).includes(options.operator)
    ? CUM_OPERATORS.find((name) => name === options.operator)
    : undefined;
  if (!operator) throw new PostProcessingError(`Invalid cumulative operator: ${options.operator}`);
  const combine = step[operator];
  return mapColumns(frame, options.columns, (values) => {
    let acc: number | null = null;
    return values.map((value) => {
      if (value === null) return null;
      acc = acc === null ? value : combine(acc, value);
      return Number.isFinite(acc) ? acc : null;
    });
  });
});

export const cum = (frame: Frame, options: CumOptions): Frame => cumOperation.apply(frame, options);
