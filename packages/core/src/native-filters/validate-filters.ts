import {
  filterOrDividerSchema,
  NATIVE_FILTER_DIVIDER_ID_PREFIX,
  NATIVE_FILTER_ID_PREFIX,
  type FilterOrDivider,
  type NativeFilter,
} from '@tessera/contracts';
import { findCascadeCycle } from './cascade';

/** One reason a filter configuration cannot be saved; `id` names the filter to focus (spec 001 §5). */
export interface FilterConfigProblem {
  id: string | null;
  message: string;
}

export type FilterConfigCheck =
  { ok: true; filters: FilterOrDivider[] } | { ok: false; problems: FilterConfigProblem[] };

/** Filter types whose target is a dataset column; the time grain and time column ones need a dataset only. */
const COLUMN_TYPES: ReadonlySet<string> = new Set(['filter_select', 'filter_range']);
const DATASET_TYPES: ReadonlySet<string> = new Set([
  'filter_select',
  'filter_range',
  'filter_timecolumn',
  'filter_timegrain',
]);
const NO_TIME_RANGE = new Set(['', 'No filter']);

const label = (item: { id: string; name?: unknown; title?: unknown }): string => {
  const name = typeof item.name === 'string' ? item.name : typeof item.title === 'string' ? item.title : '';
  return name === '' ? item.id : `'${name}'`;
};

/**
 * Fields that only mean something together (spec 001 §5 "unpaired fields"): a target's dataset and
 * column, a pre-filter time range and the time column it applies to, a sort metric and a dataset.
 */
export function unpairedFieldProblems(filter: NativeFilter): string[] {
  const problems: string[] = [];
  const name = label(filter);
  const needsDataset = DATASET_TYPES.has(filter.filterType);
  const needsColumn = COLUMN_TYPES.has(filter.filterType);
  const targets = filter.targets.length > 0 ? filter.targets : [{}];
  for (const target of targets) {
    const hasDataset = target.datasetId !== undefined || target.datasetUuid !== undefined;
    const hasColumn = target.column?.name !== undefined;
    if (needsDataset && !hasDataset) problems.push(`Filter ${name}: a dataset is required`);
    if (needsColumn && hasDataset && !hasColumn) problems.push(`Filter ${name}: a column is required`);
    if (hasColumn && !hasDataset)
      problems.push(`Filter ${name}: column '${target.column?.name}' has no dataset`);
  }
  const timeRange = filter.time_range ?? '';
  if (!NO_TIME_RANGE.has(timeRange) && !filter.granularity_sqla) {
    problems.push(`Filter ${name}: the pre-filter time range needs a time column`);
  }
  if (filter.granularity_sqla && NO_TIME_RANGE.has(timeRange)) {
    problems.push(`Filter ${name}: the pre-filter time column needs a time range`);
  }
  const sortMetric = filter.controlValues?.sortMetric ?? filter.sortMetric;
  if (sortMetric && !filter.targets.some((t) => t.datasetId !== undefined)) {
    problems.push(`Filter ${name}: sorting by a metric needs a dataset`);
  }
  return problems;
}

/**
 * The checks on a native_filter_configuration that need no database: each item's shape, id prefixes,
 * unique ids, unpaired fields, cascade parents that exist, are filters and form no cycle. Datasets and
 * columns are checked by the server against its catalogue.
 */
export function checkFilterConfiguration(raw: readonly unknown[]): FilterConfigCheck {
  const problems: FilterConfigProblem[] = [];
  const filters: FilterOrDivider[] = [];
  raw.forEach((value, index) => {
    const parsed = filterOrDividerSchema.safeParse(value);
    if (parsed.success) {
      filters.push(parsed.data);
      return;
    }
    const id = typeof value === 'object' && value !== null && 'id' in value ? String(value.id) : null;
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    problems.push({ id, message: `Filter ${id ?? index + 1}: ${where}${issue?.message ?? 'invalid'}` });
  });
  const seen = new Set<string>();
  for (const item of filters) {
    const prefix = item.type === 'NATIVE_FILTER' ? NATIVE_FILTER_ID_PREFIX : NATIVE_FILTER_DIVIDER_ID_PREFIX;
    if (!item.id.startsWith(prefix)) {
      problems.push({ id: item.id, message: `Filter ${label(item)}: its id must start with ${prefix}` });
    }
    if (seen.has(item.id)) problems.push({ id: item.id, message: `Filter id ${item.id} is used twice` });
    seen.add(item.id);
  }
  const filterIds = new Set(filters.filter((f) => f.type === 'NATIVE_FILTER').map((f) => f.id));
  for (const item of filters) {
    if (item.type !== 'NATIVE_FILTER') continue;
    for (const message of unpairedFieldProblems(item)) problems.push({ id: item.id, message });
    for (const parent of item.cascadeParentIds ?? []) {
      if (parent === item.id) {
        problems.push({ id: item.id, message: `Filter ${label(item)} cannot be its own parent` });
      } else if (!filterIds.has(parent)) {
        problems.push({
          id: item.id,
          message: `Filter ${label(item)}: parent filter ${parent} does not exist`,
        });
      }
    }
  }
  const cycle = findCascadeCycle(filters);
  if (cycle && cycle.length > 2) {
    const names = cycle.map((id) => {
      const item = filters.find((f) => f.id === id);
      return item ? label(item) : id;
    });
    problems.push({ id: cycle[0] ?? null, message: `Cascade parents form a cycle: ${names.join(' → ')}` });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, filters };
}

/** The column names a filter configuration reads, per dataset id (for the server's catalogue checks). */
export function filterColumnsByDataset(filters: readonly FilterOrDivider[]): Map<number, Set<string>> {
  const byDataset = new Map<number, Set<string>>();
  for (const item of filters) {
    if (item.type !== 'NATIVE_FILTER') continue;
    for (const target of item.targets) {
      if (target.datasetId === undefined) continue;
      const columns = byDataset.get(target.datasetId) ?? new Set<string>();
      const column = target.column?.name;
      if (column) columns.add(column);
      byDataset.set(target.datasetId, columns);
    }
  }
  return byDataset;
}
