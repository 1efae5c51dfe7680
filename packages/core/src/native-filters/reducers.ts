import {
  FILTER_DELETE_UNDO_MS,
  type DashboardJsonMetadata,
  type DataMask,
  type DataMaskMap,
  type FilterOrDivider,
} from '@tessera/contracts';

/** Spec 001 §8: the danger toast when saving the cross-filter scoping fails. */
export const CROSS_FILTER_SCOPING_SAVE_FAILED = 'Failed to save cross-filter scoping';

export type SaveStatus = 'idle' | 'saving' | 'failed';

/* ---------------- Filter configuration (spec 001 §4 "Native filters and cross-filters") ---------------- */

export interface NativeFiltersState {
  /** The saved configuration, in bar order. */
  filters: FilterOrDivider[];
  status: SaveStatus;
  error: string | null;
  focusedFilterId: string | null;
  hoveredFilterId: string | null;
  /** The filter whose cascade parents are being highlighted (set or unset). */
  cascadeParentFocusId: string | null;
}

export type NativeFiltersAction =
  | { type: 'filterConfigSaveBegin' }
  | { type: 'filterConfigSaveComplete'; filters: FilterOrDivider[] }
  | { type: 'filterConfigSaveFail'; error: string }
  | { type: 'setFocusedFilter'; id: string | null }
  | { type: 'setHoveredFilter'; id: string | null }
  | { type: 'setCascadeParentFocus'; id: string | null }
  | { type: 'setCascadeParents'; id: string; parentIds: string[] };

export const initialNativeFiltersState = (filters: FilterOrDivider[] = []): NativeFiltersState => ({
  filters,
  status: 'idle',
  error: null,
  focusedFilterId: null,
  hoveredFilterId: null,
  cascadeParentFocusId: null,
});

export function nativeFiltersReducer(
  state: NativeFiltersState,
  action: NativeFiltersAction,
): NativeFiltersState {
  switch (action.type) {
    case 'filterConfigSaveBegin':
      return { ...state, status: 'saving', error: null };
    case 'filterConfigSaveComplete':
      return { ...state, status: 'idle', error: null, filters: action.filters };
    case 'filterConfigSaveFail':
      return { ...state, status: 'failed', error: action.error };
    case 'setFocusedFilter':
      return { ...state, focusedFilterId: action.id };
    case 'setHoveredFilter':
      return { ...state, hoveredFilterId: action.id };
    case 'setCascadeParentFocus':
      return { ...state, cascadeParentFocusId: action.id };
    case 'setCascadeParents':
      return {
        ...state,
        filters: state.filters.map((item) =>
          item.id === action.id && item.type === 'NATIVE_FILTER'
            ? { ...item, cascadeParentIds: [...action.parentIds] }
            : item,
        ),
      };
  }
}

/* ---------------- Filter deletion with an undo window (spec 001 §4, §9: 5000 ms) ---------------- */

export interface FilterDraft {
  items: FilterOrDivider[];
  /** Deleted ids → when they are removed for good (ms) and where they stood, for undo. */
  pendingDeletes: Record<string, { until: number; index: number; item: FilterOrDivider }>;
}

/** Marks a filter deleted: it leaves the list now and can be restored until `now + 5000`. */
export function deleteDraftFilter(draft: FilterDraft, id: string, now: number): FilterDraft {
  const index = draft.items.findIndex((item) => item.id === id);
  const item = draft.items[index];
  if (item === undefined) return draft;
  return {
    items: draft.items.filter((other) => other.id !== id),
    pendingDeletes: { ...draft.pendingDeletes, [id]: { until: now + FILTER_DELETE_UNDO_MS, index, item } },
  };
}

/** Restores a deleted filter at its place while its undo window is open; afterwards does nothing. */
export function undoDraftFilterDelete(draft: FilterDraft, id: string, now: number): FilterDraft {
  const pending = draft.pendingDeletes[id];
  if (!pending || now > pending.until) return draft;
  const items = [...draft.items];
  items.splice(Math.min(pending.index, items.length), 0, pending.item);
  const { [id]: _restored, ...rest } = draft.pendingDeletes;
  return { items, pendingDeletes: rest };
}

/** Forgets the deletions whose undo window closed; answers the draft itself when nothing changed. */
export function expireDraftDeletes(draft: FilterDraft, now: number): FilterDraft {
  const open = Object.entries(draft.pendingDeletes).filter(([, pending]) => now <= pending.until);
  if (open.length === Object.keys(draft.pendingDeletes).length) return draft;
  return { items: draft.items, pendingDeletes: Object.fromEntries(open) };
}

/* ---------------- Data masks ---------------- */

export type DataMaskAction =
  | { type: 'updateDataMask'; id: string; mask: DataMask }
  | { type: 'clearDataMask'; id: string }
  | { type: 'clearAllDataMasks' }
  | { type: 'clearCrossFilters' }
  | {
      type: 'filterConfigChanged';
      previous: readonly FilterOrDivider[];
      filters: readonly FilterOrDivider[];
    };

const emptyMask = (id: string, ownState?: DataMask['ownState']): DataMask => ({
  id,
  extraFormData: {},
  filterState: {},
  ...(ownState ? { ownState } : {}),
});

const isChartKey = (id: string) => /^\d+$/.test(id);

/** What decides a filter's values: when it changes, the filter's mask starts again from its default. */
const valueShape = (item: FilterOrDivider | undefined): string =>
  item?.type === 'NATIVE_FILTER'
    ? JSON.stringify([
        item.filterType,
        item.targets,
        item.defaultDataMask ?? null,
        item.controlValues ?? null,
      ])
    : '';

export function dataMaskReducer(state: DataMaskMap, action: DataMaskAction): DataMaskMap {
  switch (action.type) {
    case 'updateDataMask':
      return { ...state, [action.id]: { ...state[action.id], ...action.mask, id: action.id } };
    case 'clearDataMask':
      return { ...state, [action.id]: emptyMask(action.id, state[action.id]?.ownState) };
    case 'clearAllDataMasks':
      return Object.fromEntries(
        Object.entries(state).map(([id, mask]) => [id, emptyMask(id, mask.ownState)]),
      );
    case 'clearCrossFilters':
      return Object.fromEntries(
        Object.entries(state).map(([id, mask]) => [id, isChartKey(id) ? emptyMask(id, mask.ownState) : mask]),
      );
    case 'filterConfigChanged': {
      // Cross-filter masks stay; a removed filter's mask goes; a new or changed filter starts from its default.
      const previous = new Map(action.previous.map((item) => [item.id, item]));
      const next: DataMaskMap = Object.fromEntries(Object.entries(state).filter(([id]) => isChartKey(id)));
      for (const item of action.filters) {
        if (item.type !== 'NATIVE_FILTER') continue;
        const current = state[item.id];
        const unchanged = previous.has(item.id) && valueShape(previous.get(item.id)) === valueShape(item);
        next[item.id] =
          unchanged && current
            ? current
            : { ...emptyMask(item.id), ...(item.defaultDataMask ?? {}), id: item.id };
      }
      return next;
    }
  }
}

/* ---------------- Cross-filter scoping ---------------- */

export interface CrossFilterScopingState {
  chartConfiguration: NonNullable<DashboardJsonMetadata['chart_configuration']>;
  globalChartConfiguration: DashboardJsonMetadata['global_chart_configuration'] | null;
  status: SaveStatus;
  /** A danger toast to show, set when a save fails. */
  dangerToast: string | null;
}

export type CrossFilterScopingAction =
  | { type: 'crossFilterScopingSaveBegin' }
  | {
      type: 'crossFilterScopingSaveComplete';
      chartConfiguration: CrossFilterScopingState['chartConfiguration'];
      globalChartConfiguration: CrossFilterScopingState['globalChartConfiguration'];
    }
  | { type: 'crossFilterScopingSaveFail' };

export function crossFilterScopingReducer(
  state: CrossFilterScopingState,
  action: CrossFilterScopingAction,
): CrossFilterScopingState {
  switch (action.type) {
    case 'crossFilterScopingSaveBegin':
      return { ...state, status: 'saving', dangerToast: null };
    case 'crossFilterScopingSaveComplete':
      return {
        chartConfiguration: action.chartConfiguration,
        globalChartConfiguration: action.globalChartConfiguration,
        status: 'idle',
        dangerToast: null,
      };
    case 'crossFilterScopingSaveFail':
      return { ...state, status: 'failed', dangerToast: CROSS_FILTER_SCOPING_SAVE_FAILED };
  }
}

/* ---------------- Select control (spec 001 §4 "Select control") ---------------- */

export interface SelectOptionState<V> {
  value: V;
  disabled?: boolean;
}

/**
 * 'Select All': checking it selects every enabled option (selected disabled ones stay); unchecking it
 * clears everything but the selected disabled options.
 */
export function toggleSelectAll<V>(
  options: readonly SelectOptionState<V>[],
  selected: readonly V[],
  checked: boolean,
): V[] {
  const keptDisabled = options.filter((o) => o.disabled && selected.includes(o.value)).map((o) => o.value);
  if (!checked) return keptDisabled;
  const enabled = options.filter((o) => !o.disabled).map((o) => o.value);
  return [...keptDisabled, ...enabled.filter((value) => !keptDisabled.includes(value))];
}
