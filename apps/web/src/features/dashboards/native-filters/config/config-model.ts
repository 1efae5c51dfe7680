import {
  NATIVE_FILTER_DIVIDER_ID_PREFIX,
  NATIVE_FILTER_ID_PREFIX,
  type DashboardFiltersUpdate,
  type FilterOrDivider,
  type NativeFilter,
  type NativeFilterType,
} from '@tessera/contracts';

/** A short random id suffix, as Superset's nanoid-style ids. */
function randomSuffix(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(
    bytes,
    (b) => 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-'[b % 64],
  ).join('');
}

export const FILTER_TYPE_LABELS: Record<NativeFilterType, string> = {
  filter_select: 'Value',
  filter_range: 'Numerical range',
  filter_time: 'Time range',
  filter_timecolumn: 'Time column',
  filter_timegrain: 'Time grain',
};

/** Types that narrow a column of a dataset (the others pick a range, a column or a grain). */
export function needsColumn(type: NativeFilterType): boolean {
  return type === 'filter_select' || type === 'filter_range';
}

export function needsDataset(type: NativeFilterType): boolean {
  return type !== 'filter_time';
}

export function newFilter(type: NativeFilterType = 'filter_select'): NativeFilter {
  return {
    id: `${NATIVE_FILTER_ID_PREFIX}${randomSuffix()}`,
    type: 'NATIVE_FILTER',
    name: '',
    filterType: type,
    targets: [{}],
    controlValues: {
      multiSelect: true,
      searchAllOptions: false,
      inverseSelection: false,
      enableEmptyFilter: false,
    },
    defaultDataMask: { extraFormData: {}, filterState: {} },
    cascadeParentIds: [],
    scope: { rootPath: ['ROOT_ID'], excluded: [] },
    description: '',
  };
}

export function newDivider(): FilterOrDivider {
  return {
    id: `${NATIVE_FILTER_DIVIDER_ID_PREFIX}${randomSuffix()}`,
    type: 'DIVIDER',
    title: '',
    description: '',
  };
}

/** A copy of a filter or divider with a new id (and ' (copy)' after its name). */
export function duplicateItem(item: FilterOrDivider): FilterOrDivider {
  if (item.type === 'DIVIDER') return { ...item, id: newDivider().id, title: `${item.title} (copy)` };
  return { ...item, id: newFilter().id, name: `${item.name} (copy)` };
}

/** The list with `from` moved to `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return [...items];
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next;
}

export type FieldErrors = Partial<
  Record<'name' | 'dataset' | 'column' | 'cascade' | 'default' | 'title', string>
>;

/** A cascade parent chain that comes back to the filter (a cycle), or null. */
export function cascadeCycle(filters: readonly NativeFilter[], startId: string): string[] | null {
  const byId = new Map(filters.map((f) => [f.id, f]));
  const walk = (id: string, path: string[]): string[] | null => {
    for (const parent of byId.get(id)?.cascadeParentIds ?? []) {
      if (parent === startId) return [...path, parent];
      if (path.includes(parent)) continue;
      const found = walk(parent, [...path, parent]);
      if (found !== null) return found;
    }
    return null;
  };
  return walk(startId, [startId]);
}

/**
 * Spec 001 §5: a filter whose fields do not pair up is refused — a name, a dataset for the types that
 * read one, a column with the dataset (and no column without a dataset), no cascade cycle, and not both
 * a default value and 'select first item'.
 */
export function validateItem(item: FilterOrDivider, all: readonly FilterOrDivider[]): FieldErrors {
  const errors: FieldErrors = {};
  if (item.type === 'DIVIDER') {
    if (item.title.trim() === '') errors.title = 'Title is required';
    return errors;
  }
  if (item.name.trim() === '') errors.name = 'Name is required';
  const target = item.targets[0];
  const hasDataset = target?.datasetId !== undefined;
  const hasColumn = (target?.column?.name ?? '') !== '';
  if (needsDataset(item.filterType) && !hasDataset) errors.dataset = 'Dataset is required';
  if (needsColumn(item.filterType) && hasDataset && !hasColumn) errors.column = 'Column is required';
  if (hasColumn && !hasDataset) errors.dataset = 'Dataset is required';
  const filters = all.filter((f): f is NativeFilter => f.type === 'NATIVE_FILTER');
  const cycle = cascadeCycle(filters, item.id);
  if (cycle !== null) {
    const names = cycle.map((id) => filters.find((f) => f.id === id)?.name ?? id);
    errors.cascade = `Cyclic dependency detected: ${names.join(' → ')}`;
  }
  const defaultValue = item.defaultDataMask?.filterState?.value;
  const hasDefault =
    defaultValue !== undefined &&
    defaultValue !== null &&
    !(Array.isArray(defaultValue) && defaultValue.length === 0);
  if (hasDefault && item.controlValues?.defaultToFirstItem === true)
    errors.default = 'Choose a default value or "Select first filter value by default", not both';
  return errors;
}

/** The index of the first item with errors, or -1 when every item is valid. */
export function firstInvalid(items: readonly FilterOrDivider[]): number {
  return items.findIndex((item) => Object.keys(validateItem(item, items)).length > 0);
}

/** The PUT /dashboard/{id}/filters body: what changed, what went, and the new order when it moved. */
export function filtersUpdate(
  before: readonly FilterOrDivider[],
  after: readonly FilterOrDivider[],
): DashboardFiltersUpdate {
  const beforeById = new Map(before.map((item) => [item.id, item]));
  const afterIds = new Set(after.map((item) => item.id));
  const modified = after.filter((item) => JSON.stringify(beforeById.get(item.id)) !== JSON.stringify(item));
  const deleted = before.filter((item) => !afterIds.has(item.id)).map((item) => item.id);
  const kept = before.filter((item) => afterIds.has(item.id)).map((item) => item.id);
  const order = after.map((item) => item.id);
  const moved =
    order.filter((id) => beforeById.has(id)).some((id, index) => kept[index] !== id) ||
    modified.some((m) => !beforeById.has(m.id));
  return { modified, deleted, reordered: moved ? order : [] };
}
