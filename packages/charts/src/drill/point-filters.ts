/**
 * What a right click on a data point tells the host (reference §12.5 'Behavior': DRILL_TO_DETAIL,
 * DRILL_BY): the dimension values of the point, as filters the host's context menu offers to drill by.
 */
export interface DrillFilter {
  col: string;
  op: '==' | 'IS NULL';
  val?: string | number | boolean;
  /** The value as the chart shows it, for the menu entry and the filter tag. */
  formattedVal: string;
}

/** A right click inside a chart: the browser event it came from and the point's filters (none: no point). */
export interface ChartContextMenuEvent {
  /** The DOM event: the host tells a click on a point from the same click reaching its own element. */
  nativeEvent: Event;
  filters: DrillFilter[];
}

export const NULL_LABEL = '<NULL>';

/** The filter selecting the rows whose `col` is `value` (null, undefined and objects select NULL rows). */
export function pointFilter(col: string, value: unknown, formatted?: string): DrillFilter {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return { col, op: '==', val: value, formattedVal: formatted ?? String(value) };
  return { col, op: 'IS NULL', formattedVal: NULL_LABEL };
}

/**
 * The filters of a clicked item whose label stands for values of the groupby columns (a series, a pie
 * slice); a hierarchy node stands for a prefix of them. Unknown label: no filters.
 */
export function labelPointFilters(
  groupby: readonly string[],
  labels: ReadonlyMap<string, readonly unknown[]>,
  label: string | undefined,
): DrillFilter[] {
  if (label === undefined) return [];
  const values = labels.get(label);
  if (values === undefined) return [];
  return groupby.slice(0, values.length).map((col, index) => pointFilter(col, values[index]));
}
