import type {
  CrossDatasetMapping,
  DashboardJsonMetadata,
  DataMask,
  DataMaskMap,
  FilterOrDivider,
  NativeFilter,
  QueryFilter,
} from '@tessera/contracts';
import { queryFilterSchema } from '@tessera/contracts';
import { chartInCrossFilterScope, chartInFilterScope } from './scope';
import { mappedColumn } from './mappings';

/**
 * Everything one chart of a dashboard needs to know to merge the dashboard's filters into its query.
 * Pure: the caller (dashboard page, reports) gathers the inputs.
 */
export interface ApplyDashboardFiltersInput {
  chartId: number;
  /** The chart's dataset; null when the chart has none (then every column filter is incompatible). */
  datasetId: number | null;
  /** Column names of the chart's dataset. */
  datasetColumns: readonly string[];
  /** The dashboard's native_filter_configuration, in bar order (dividers are ignored). */
  nativeFilters: readonly FilterOrDivider[];
  /** Native filter ids → their masks; emitting chart ids (as strings) → cross-filter masks. */
  dataMask: DataMaskMap;
  chartConfiguration?: DashboardJsonMetadata['chart_configuration'];
  globalChartConfiguration?: DashboardJsonMetadata['global_chart_configuration'];
  crossFiltersEnabled: boolean;
  /** json_metadata.cross_dataset_mappings. */
  mappings?: readonly CrossDatasetMapping[];
  /**
   * The dataset a native filter (by id) or an emitting chart (by its id as a string) reads, used to find
   * the mapping to this chart's dataset. Native filters default to their first target's datasetId.
   */
  filterDatasetOf?: (filterOrChartId: string) => number | null | undefined;
  /** Display name of an emitting chart for `applied`/`incompatible`; defaults to `Chart <id>`. */
  chartNameOf?: (chartId: number) => string | undefined;
}

export interface DashboardFilterOverrides {
  time_range?: string;
  granularity_sqla?: string;
  time_grain_sqla?: string;
}

export interface AppliedFilterEntry {
  id: string;
  name: string;
  /** The column on this chart's dataset the filter narrows (after mapping); '' for a time range. */
  column: string;
  /** The column the filter was defined on, when a cross-dataset mapping translated it. */
  mappedFrom?: string;
  /** 'native' for a filter of the bar, 'cross' for a cross-filter emitted by a chart. */
  kind: 'native' | 'cross';
}

export interface IncompatibleFilterEntry {
  id: string;
  name: string;
  column: string;
  reason: string;
  kind: 'native' | 'cross';
}

export interface ApplyDashboardFiltersOutput {
  /** Add to the chart query's filters (each marked isExtra). */
  extraFilters: QueryFilter[];
  /** Replace the chart query's time range, time column and time grain. */
  overrides: DashboardFilterOverrides;
  applied: AppliedFilterEntry[];
  incompatible: IncompatibleFilterEntry[];
  outOfScope: { id: string; name: string; kind: 'native' | 'cross' }[];
}

interface Source {
  id: string;
  name: string;
  kind: 'native' | 'cross';
  datasetId: number | null;
}

type Resolution =
  { ok: true; column: string; mappedFrom?: string } | { ok: false; column: string; reason: string };

/**
 * Merges the active native filters and cross-filters of a dashboard into one chart's query (spec 001 §3,
 * issue #13 scope 3–5). A filter with no value is skipped; a filter out of the chart's scope is listed in
 * `outOfScope`; a filter on a column the chart's dataset lacks (and no mapping supplies) is listed in
 * `incompatible` and not applied, so the chart still renders.
 */
export function applyDashboardFilters(input: ApplyDashboardFiltersInput): ApplyDashboardFiltersOutput {
  const output: ApplyDashboardFiltersOutput = {
    extraFilters: [],
    overrides: {},
    applied: [],
    incompatible: [],
    outOfScope: [],
  };
  const columns = new Set(input.datasetColumns);
  const resolve = (source: Source, column: string): Resolution => {
    if (input.datasetId === null) {
      return { ok: false, column, reason: 'This chart has no dataset' };
    }
    const sameDataset = source.datasetId === null || source.datasetId === input.datasetId;
    if (sameDataset && columns.has(column)) return { ok: true, column };
    if (source.datasetId !== null && !sameDataset) {
      const mapped = mappedColumn(input.mappings ?? [], source.datasetId, column, input.datasetId);
      if (mapped !== undefined && columns.has(mapped)) {
        return mapped === column ? { ok: true, column } : { ok: true, column: mapped, mappedFrom: column };
      }
      if (mapped === undefined && columns.has(column)) return { ok: true, column };
    }
    return { ok: false, column, reason: `Column '${column}' is not in this chart's dataset` };
  };

  for (const filter of input.nativeFilters) {
    if (filter.type !== 'NATIVE_FILTER') continue;
    const mask = input.dataMask[filter.id];
    if (!isActive(mask)) continue;
    const source: Source = {
      id: filter.id,
      name: filter.name,
      kind: 'native',
      datasetId: input.filterDatasetOf?.(filter.id) ?? filter.targets[0]?.datasetId ?? null,
    };
    if (!chartInFilterScope(filter, input.chartId)) {
      output.outOfScope.push({ id: source.id, name: source.name, kind: 'native' });
      continue;
    }
    applyMask(mask, source, filterColumn(filter), resolve, output);
  }

  if (input.crossFiltersEnabled) {
    for (const [key, mask] of Object.entries(input.dataMask)) {
      if (!/^\d+$/.test(key) || !isActive(mask)) continue;
      const emitter = Number(key);
      if (emitter === input.chartId) continue;
      const source: Source = {
        id: key,
        name: input.chartNameOf?.(emitter) ?? `Chart ${key}`,
        kind: 'cross',
        datasetId: input.filterDatasetOf?.(key) ?? null,
      };
      const inScope = chartInCrossFilterScope(
        emitter,
        input.chartId,
        input.chartConfiguration,
        input.globalChartConfiguration,
      );
      if (!inScope) {
        output.outOfScope.push({ id: source.id, name: source.name, kind: 'cross' });
        continue;
      }
      applyMask(mask, source, undefined, resolve, output);
    }
  }
  return output;
}

/** The column a native filter targets (its first target's column). */
export function filterColumn(filter: NativeFilter): string | undefined {
  return filter.targets.find((target) => target.column?.name)?.column?.name;
}

/** A mask with something to apply: filters with values, or a time override. */
export function isActive(mask: DataMask | undefined): mask is DataMask {
  const extra = mask?.extraFormData;
  if (!extra) return false;
  return (
    (extra.filters ?? []).some(hasValue) ||
    (extra.adhoc_filters ?? []).length > 0 ||
    [extra.time_range, extra.granularity_sqla, extra.time_grain_sqla].some(Boolean)
  );
}

const VALUELESS_OPERATORS: ReadonlySet<string> = new Set(['IS NULL', 'IS NOT NULL', 'IS TRUE', 'IS FALSE']);

function hasValue(filter: QueryFilter): boolean {
  if (VALUELESS_OPERATORS.has(filter.op)) return true;
  if (Array.isArray(filter.val)) return filter.val.length > 0;
  return filter.val !== undefined;
}

function applyMask(
  mask: DataMask,
  source: Source,
  targetColumn: string | undefined,
  resolve: (source: Source, column: string) => Resolution,
  output: ApplyDashboardFiltersOutput,
): void {
  const extra = mask.extraFormData ?? {};
  const filters = [...(extra.filters ?? []).filter(hasValue), ...simpleAdhocFilters(extra.adhoc_filters)];
  const resolved: { filter: QueryFilter; resolution: Resolution }[] = [];
  for (const filter of filters) {
    if (typeof filter.col !== 'string') {
      // An adhoc SQL column cannot be checked or mapped; it is applied as written.
      resolved.push({ filter, resolution: { ok: true, column: '' } });
      continue;
    }
    resolved.push({ filter, resolution: resolve(source, filter.col) });
  }
  // A filter applies wholly or not at all: half a cross-filter would show misleading numbers.
  const failed = resolved.find((entry) => !entry.resolution.ok);
  if (failed && !failed.resolution.ok) {
    output.incompatible.push({ ...failedEntry(source, failed.resolution) });
    return;
  }
  const timeColumn = extra.granularity_sqla;
  if (timeColumn) {
    const resolution = resolve(source, timeColumn);
    if (!resolution.ok) {
      output.incompatible.push(failedEntry(source, resolution));
      return;
    }
    output.overrides.granularity_sqla = resolution.column;
  }
  if (extra.time_range) output.overrides.time_range = extra.time_range;
  if (extra.time_grain_sqla) output.overrides.time_grain_sqla = extra.time_grain_sqla;

  const seen = new Set<string>();
  for (const { filter, resolution } of resolved) {
    if (!resolution.ok) continue;
    const col = resolution.column === '' ? filter.col : resolution.column;
    output.extraFilters.push({ ...filter, col, isExtra: true });
    if (resolution.column !== '' && !seen.has(resolution.column)) {
      seen.add(resolution.column);
      output.applied.push({
        id: source.id,
        name: source.name,
        column: resolution.column,
        kind: source.kind,
        ...(resolution.mappedFrom ? { mappedFrom: resolution.mappedFrom } : {}),
      });
    }
  }
  if (seen.size === 0) {
    output.applied.push({
      id: source.id,
      name: source.name,
      column: timeColumn ?? targetColumn ?? '',
      kind: source.kind,
    });
  }
}

function failedEntry(
  source: Source,
  resolution: { column: string; reason: string },
): IncompatibleFilterEntry {
  return {
    id: source.id,
    name: source.name,
    column: resolution.column,
    reason: resolution.reason,
    kind: source.kind,
  };
}

/** SIMPLE adhoc filters ({subject, operator, comparator}) become query filters; SQL ones are dropped. */
function simpleAdhocFilters(adhoc: readonly Record<string, unknown>[] | undefined): QueryFilter[] {
  const result: QueryFilter[] = [];
  for (const item of adhoc ?? []) {
    if (item.expressionType !== 'SIMPLE' || typeof item.subject !== 'string') continue;
    if (typeof item.operator !== 'string') continue;
    const parsed = queryFilterSchema.safeParse({
      col: item.subject,
      op: item.operator,
      val: item.comparator,
    });
    if (parsed.success) result.push(parsed.data);
  }
  return result;
}
