import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  dataMaskReducer,
  nativeFiltersReducer,
  type NativeFiltersAction,
  type NativeFiltersState as FilterEditingState,
  type SaveStatus,
} from '@tessera/core';
import {
  filterOrDividerSchema,
  type DataMask,
  type DataMaskMap,
  type FilterOrDivider,
  type NativeFilter,
} from '@tessera/contracts';

/**
 * The dashboard's filters and data masks (spec 001 §3 'Native filter', 'Data mask'): the saved
 * configuration, the masks applied to the charts (native filters by filter id, cross-filters by the
 * emitting chart id) and, in apply mode, the masks chosen in the bar but not applied yet.
 */
export interface NativeFiltersState {
  configuration: FilterOrDivider[];
  applied: DataMaskMap;
  pending: DataMaskMap;
  crossFiltersEnabled: boolean;
  /** The filter bar is open (vertical orientation). */
  barOpen: boolean;
  /** False while the masks of the URL's native_filters_key are being read: charts wait for them. */
  masksReady: boolean;
  /** Saving the configuration modal's filters (spec 001 §4: begin, then complete or fail). */
  configStatus: SaveStatus;
  configError: string | null;
  /** The filter whose control has the keyboard focus, and the one under the pointer: its charts light up. */
  focusedFilterId: string | null;
  hoveredFilterId: string | null;
  /** The filter whose cascade parents are pointed out in the bar. */
  cascadeParentFocusId: string | null;
}

export const initialNativeFiltersState: NativeFiltersState = {
  configuration: [],
  applied: {},
  pending: {},
  crossFiltersEnabled: true,
  barOpen: true,
  masksReady: true,
  configStatus: 'idle',
  configError: null,
  focusedFilterId: null,
  hoveredFilterId: null,
  cascadeParentFocusId: null,
};

/** Runs core's filter-editing reducer (status, focus, hover, cascade parents) on this slice's fields. */
function editFilters(state: NativeFiltersState, action: NativeFiltersAction): void {
  const before: FilterEditingState = {
    filters: state.configuration,
    status: state.configStatus,
    error: state.configError,
    focusedFilterId: state.focusedFilterId,
    hoveredFilterId: state.hoveredFilterId,
    cascadeParentFocusId: state.cascadeParentFocusId,
  };
  const after = nativeFiltersReducer(before, action);
  state.configuration = after.filters;
  state.configStatus = after.status;
  state.configError = after.error;
  state.focusedFilterId = after.focusedFilterId;
  state.hoveredFilterId = after.hoveredFilterId;
  state.cascadeParentFocusId = after.cascadeParentFocusId;
}

/** The stored configuration as far as it parses: a broken entry is dropped, not fatal. */
export function parseFilterConfiguration(raw: readonly unknown[] | undefined): FilterOrDivider[] {
  const parsed: FilterOrDivider[] = [];
  for (const item of raw ?? []) {
    const result = filterOrDividerSchema.safeParse(item);
    if (result.success) parsed.push(result.data);
  }
  return parsed;
}

export function nativeFiltersOf(configuration: readonly FilterOrDivider[]): NativeFilter[] {
  return configuration.filter((item): item is NativeFilter => item.type === 'NATIVE_FILTER');
}

/** A filter's default mask (its saved default value), or an empty one. */
function defaultMask(filter: NativeFilter): DataMask {
  return { id: filter.id, extraFormData: {}, filterState: {}, ...filter.defaultDataMask };
}

/** Masks for the configuration: the given (URL, permalink) ones win over each filter's default. */
export function initialMasks(configuration: readonly FilterOrDivider[], given: DataMaskMap): DataMaskMap {
  const masks: DataMaskMap = {};
  for (const filter of nativeFiltersOf(configuration))
    masks[filter.id] = given[filter.id] ?? defaultMask(filter);
  for (const [id, mask] of Object.entries(given)) if (/^\d+$/.test(id)) masks[id] = mask;
  return masks;
}

function without(map: DataMaskMap, key: string): DataMaskMap {
  return Object.fromEntries(Object.entries(map).filter(([id]) => id !== key));
}

export const nativeFiltersSlice = createSlice({
  name: 'nativeFilters',
  initialState: initialNativeFiltersState,
  reducers: {
    filtersOpened(
      _state,
      action: PayloadAction<{
        configuration: FilterOrDivider[];
        crossFiltersEnabled: boolean;
        masks: DataMaskMap;
        masksReady: boolean;
      }>,
    ) {
      const masks = initialMasks(action.payload.configuration, action.payload.masks);
      return {
        ...initialNativeFiltersState,
        configuration: action.payload.configuration,
        crossFiltersEnabled: action.payload.crossFiltersEnabled,
        applied: masks,
        pending: masks,
        masksReady: action.payload.masksReady,
      };
    },
    /** The masks read back from the URL's filter state (or none when it could not be read). */
    masksRestored(state, action: PayloadAction<DataMaskMap>) {
      const masks = initialMasks(state.configuration, action.payload);
      state.applied = masks;
      state.pending = masks;
      state.masksReady = true;
    },
    /** A value chosen in the bar: pending until 'Apply filters'. */
    pendingMaskSet(state, action: PayloadAction<{ id: string; mask: DataMask }>) {
      state.pending[action.payload.id] = { ...action.payload.mask, id: action.payload.id };
    },
    pendingApplied(state) {
      for (const [id, mask] of Object.entries(state.pending)) if (!/^\d+$/.test(id)) state.applied[id] = mask;
    },
    /** 'Clear all': every native filter's value is removed (pending until applied), cross-filters kept. */
    allCleared(state) {
      for (const filter of nativeFiltersOf(state.configuration)) {
        state.pending[filter.id] = { id: filter.id, extraFormData: {}, filterState: {} };
      }
    },
    /** A chart's cross-filter (or an empty one to clear it), applied at once. */
    crossFilterSet(state, action: PayloadAction<{ chartId: number; mask: DataMask }>) {
      const key = String(action.payload.chartId);
      const filters = action.payload.mask.extraFormData?.filters ?? [];
      if (filters.length === 0) {
        state.applied = without(state.applied, key);
        state.pending = without(state.pending, key);
      } else {
        const mask = { ...action.payload.mask, id: key };
        state.applied[key] = mask;
        state.pending[key] = mask;
      }
    },
    filterConfigSaveBegin(state) {
      editFilters(state, { type: 'filterConfigSaveBegin' });
    },
    /**
     * The saved configuration: a removed filter's mask goes, a new filter or one whose target, type or
     * default changed starts again from its default, the others keep their values; cross-filters stay.
     */
    filterConfigSaveComplete(state, action: PayloadAction<FilterOrDivider[]>) {
      const previous = state.configuration;
      const recompute = (masks: DataMaskMap) =>
        dataMaskReducer(masks, { type: 'filterConfigChanged', previous, filters: action.payload });
      state.applied = recompute(state.applied);
      state.pending = recompute(state.pending);
      editFilters(state, { type: 'filterConfigSaveComplete', filters: action.payload });
      const ids = new Set(nativeFiltersOf(action.payload).map((filter) => filter.id));
      for (const key of ['focusedFilterId', 'hoveredFilterId', 'cascadeParentFocusId'] as const) {
        const id = state[key];
        if (id !== null && !ids.has(id)) state[key] = null;
      }
    },
    filterConfigSaveFail(state, action: PayloadAction<string>) {
      editFilters(state, { type: 'filterConfigSaveFail', error: action.payload });
    },
    filterFocused(state, action: PayloadAction<string | null>) {
      editFilters(state, { type: 'setFocusedFilter', id: action.payload });
    },
    filterHovered(state, action: PayloadAction<string | null>) {
      editFilters(state, { type: 'setHoveredFilter', id: action.payload });
    },
    /** A filter's control left the bar (collapsed, removed): it no longer lights up charts. */
    filterControlGone(state, action: PayloadAction<string>) {
      if (state.hoveredFilterId === action.payload)
        editFilters(state, { type: 'setHoveredFilter', id: null });
      if (state.focusedFilterId === action.payload)
        editFilters(state, { type: 'setFocusedFilter', id: null });
    },
    cascadeParentFocused(state, action: PayloadAction<string | null>) {
      editFilters(state, { type: 'setCascadeParentFocus', id: action.payload });
    },
    barToggled(state) {
      state.barOpen = !state.barOpen;
    },
    /** The embedded SDK's `expand_filters=false` starts the bar collapsed. */
    barOpenSet(state, action: PayloadAction<boolean>) {
      state.barOpen = action.payload;
    },
  },
});

export const nativeFiltersActions = nativeFiltersSlice.actions;
