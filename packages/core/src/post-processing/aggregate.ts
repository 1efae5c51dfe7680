import { z } from 'zod';
import { defineOperation } from './define-operation';
import { requireAggregator, type Aggregator } from './aggregators';
import { requireColumns, type Frame, type Row } from './frame';
import { groupRows } from './group-rows';
import { aggregatesOption, columnName, type AggregateSpec } from './options';
import { PostProcessingError } from './post-processing-error';

export const aggregateOptions = z
  .object({
    groupby: z.array(columnName).default([]),
    aggregates: aggregatesOption,
  })
  .loose();
export type AggregateOptions = z.input<typeof aggregateOptions>;

export interface ResolvedAggregate {
  name: string;
  column: string;
  operator: string;
  aggregator: Aggregator;
  options: Record<string, unknown>;
}

/** Checks each `{name: {operator, column?, options?}}` against the frame, like Superset's _get_aggregate_funcs. */
export function resolveAggregates(
  frame: Frame,
  aggregates: Record<string, AggregateSpec>,
): ResolvedAggregate[] {
  return Object.entries(aggregates).map(([name, spec]) => {
    const column = spec.column ?? name;
    if (!frame.columns.includes(column)) {
      throw new PostProcessingError(`Column referenced by aggregate is undefined: ${column}`);
    }
    return {
      name,
      column,
      operator: spec.operator,
      aggregator: requireAggregator(spec.operator),
      options: spec.options ?? {},
    };
  });
}

/** `aggregate`: one row per group of `groupby` (sorted, null keys dropped) with each named aggregate. */
export const aggregateOperation = defineOperation('aggregate', aggregateOptions, (frame, options) => {
  requireColumns(frame, options.groupby);
  const aggregates = resolveAggregates(frame, options.aggregates);
  const groups =
    options.groupby.length > 0 ? groupRows(frame, options.groupby) : [{ keys: [], rows: frame.rows }];
  const rows = groups.map((group) => {
    const row: Row = {};
    options.groupby.forEach((column, i) => (row[column] = group.keys[i]));
    for (const { name, column, aggregator, options: aggOptions } of aggregates) {
      row[name] = aggregator(
        group.rows.map((source) => source[column]),
        aggOptions,
      );
    }
    return row;
  });
  const columns = [
    ...options.groupby,
    ...aggregates.map((agg) => agg.name).filter((n) => !options.groupby.includes(n)),
  ];
  return { columns, rows, ...(frame.temporal ? { temporal: frame.temporal } : {}) };
});

export const aggregate = (frame: Frame, options: AggregateOptions): Frame =>
  aggregateOperation.apply(frame, options);
