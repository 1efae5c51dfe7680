import { z } from 'zod';
import { defineOperation } from './define-operation';
import { requireColumns, toNumber, withColumns, type Frame, type Row } from './frame';
import { groupRows } from './group-rows';
import { columnName, stringOrList, toList } from './options';

export const rankOptions = z
  .object({
    metric: columnName,
    group_by: stringOrList.nullable().optional(),
  })
  .loose();
export type RankOptions = z.input<typeof rankOptions>;

/** Percentile ranks of `values` (pandas rank(pct=True)): ties share their average rank; nulls stay null. */
function percentRanks(values: (number | null)[]): (number | null)[] {
  const present = values
    .map((value, position) => ({ value, position }))
    .filter((entry): entry is { value: number; position: number } => entry.value !== null)
    .sort((a, b) => a.value - b.value);
  const ranks = new Array<number | null>(values.length).fill(null);
  for (let start = 0; start < present.length;) {
    let end = start;
    while (end + 1 < present.length && present[end + 1]?.value === present[start]?.value) end += 1;
    const average = (start + end) / 2 + 1;
    for (let i = start; i <= end; i += 1) {
      const entry = present[i];
      if (entry) ranks[entry.position] = average / present.length;
    }
    start = end + 1;
  }
  return ranks;
}

/**
 * `rank` (used by the heatmap to normalise across x or y): a `rank` column holding the metric's percentile
 * rank within its `group_by` group, or within the whole frame.
 */
export const rankOperation = defineOperation('rank', rankOptions, (frame, options) => {
  const groupBy = toList(options.group_by);
  requireColumns(frame, [options.metric, ...groupBy]);
  const position = new Map<Row, number>(frame.rows.map((row, i) => [row, i]));
  const result = new Array<number | null>(frame.rows.length).fill(null);
  const groups = groupBy.length > 0 ? groupRows(frame, groupBy) : [{ keys: [], rows: frame.rows }];
  for (const group of groups) {
    const ranks = percentRanks(group.rows.map((row) => toNumber(row[options.metric])));
    group.rows.forEach((row, i) => {
      const at = position.get(row);
      if (at !== undefined) result[at] = ranks[i] ?? null;
    });
  }
  return withColumns(frame, [{ column: 'rank', values: result }]);
});

export const rank = (frame: Frame, options: RankOptions): Frame => rankOperation.apply(frame, options);
