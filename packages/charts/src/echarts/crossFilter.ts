import type { QueryFilter } from '@tessera/contracts';
import type { DataMask } from '../plugin-api';

/**
 * The data mask an interactive chart emits when a user clicks a series or slice (reference §12.5):
 * clicking selects the clicked label; clicking the only selected label again clears the selection.
 * `values` maps each selectable label to the values of the groupby columns it stands for.
 */
export function toggleCrossFilter(
  groupby: readonly string[],
  clickedLabel: string,
  values: ReadonlyMap<string, readonly unknown[]>,
  selectedLabels: readonly string[],
): DataMask {
  const selected = selectedLabels.includes(clickedLabel) ? [] : [clickedLabel];
  if (selected.length === 0 || groupby.length === 0) {
    return { extraFormData: { filters: [] }, filterState: { value: null, selectedValues: null } };
  }
  const groupbyValues = selected.map((label) => values.get(label) ?? [label]);
  // A node of a hierarchy (treemap, sunburst) stands for a prefix of the groupby columns.
  const depth = Math.min(groupby.length, Math.max(...groupbyValues.map((row) => row.length)));
  const filters: QueryFilter[] = groupby.slice(0, depth).map((col, index) => {
    const columnValues = groupbyValues.map((row) => row[index]);
    if (columnValues.some((v) => v === null || v === undefined)) return { col, op: 'IS NULL' };
    return {
      col,
      op: 'IN',
      val: columnValues.filter((v): v is string | number | boolean =>
        ['string', 'number', 'boolean'].includes(typeof v),
      ),
    };
  });
  return {
    extraFormData: { filters },
    filterState: { label: selected.join(', '), value: groupbyValues, selectedValues: selected },
  };
}

/** Labels currently selected according to a chart's filter state. */
export function selectedLabels(filterState: DataMask['filterState']): string[] {
  const selected = filterState?.selectedValues;
  return Array.isArray(selected) ? selected.map(String) : [];
}
