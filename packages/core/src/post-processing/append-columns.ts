import { numericValues, relabel, requireColumns, withColumns, type Frame } from './frame';

/**
 * Runs `compute` on each column a `{source: target}` mapping names (a metric name selects all its pivoted
 * columns) and writes the results to the target names — Superset's `_append_columns`.
 */
export function mapColumns(
  frame: Frame,
  mapping: Record<string, string>,
  compute: (values: (number | null)[], column: string) => unknown[],
): Frame {
  const sources = Object.keys(mapping);
  const resolved = requireColumns(frame, sources);
  const updates = resolved.flatMap((columns, i) => {
    const target = mapping[sources[i] ?? ''] ?? '';
    return columns.map((column) => {
      const { column: name, levels } =
        column === sources[i] ? { column: target } : relabel(frame, column, target);
      return {
        column: name,
        values: compute(numericValues(frame, column), column),
        ...(levels ? { levels } : {}),
      };
    });
  });
  return withColumns(frame, updates);
}
