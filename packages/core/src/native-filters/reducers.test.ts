import type { DataMaskMap, FilterOrDivider, NativeFilter } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { testFilter } from './test-filter';
import {
  crossFilterScopingReducer,
  dataMaskReducer,
  deleteDraftFilter,
  expireDraftDeletes,
  initialNativeFiltersState,
  nativeFiltersReducer,
  toggleSelectAll,
  undoDraftFilterDelete,
  type CrossFilterScopingState,
  type FilterDraft,
} from './reducers';

const filter = testFilter;

describe('nativeFiltersReducer', () => {
  const start = initialNativeFiltersState([filter('a'), filter('b')]);

  it('goes saving → idle with the new configuration on complete', () => {
    const saving = nativeFiltersReducer(start, { type: 'filterConfigSaveBegin' });
    expect(saving.status).toBe('saving');
    const done = nativeFiltersReducer(saving, { type: 'filterConfigSaveComplete', filters: [filter('c')] });
    expect(done).toMatchObject({ status: 'idle', error: null });
    expect(done.filters.map((f) => f.id)).toEqual(['NATIVE_FILTER-c']);
  });

  it('keeps the configuration and records the error on failure', () => {
    const failed = nativeFiltersReducer(nativeFiltersReducer(start, { type: 'filterConfigSaveBegin' }), {
      type: 'filterConfigSaveFail',
      error: 'boom',
    });
    expect(failed).toMatchObject({ status: 'failed', error: 'boom', filters: start.filters });
  });

  it('sets and unsets focus, hover and the cascade parent focus', () => {
    let state = nativeFiltersReducer(start, { type: 'setFocusedFilter', id: 'NATIVE_FILTER-a' });
    state = nativeFiltersReducer(state, { type: 'setHoveredFilter', id: 'NATIVE_FILTER-b' });
    state = nativeFiltersReducer(state, { type: 'setCascadeParentFocus', id: 'NATIVE_FILTER-b' });
    expect(state).toMatchObject({
      focusedFilterId: 'NATIVE_FILTER-a',
      hoveredFilterId: 'NATIVE_FILTER-b',
      cascadeParentFocusId: 'NATIVE_FILTER-b',
    });
    state = nativeFiltersReducer(state, { type: 'setFocusedFilter', id: null });
    state = nativeFiltersReducer(state, { type: 'setHoveredFilter', id: null });
    state = nativeFiltersReducer(state, { type: 'setCascadeParentFocus', id: null });
    expect(state).toMatchObject({ focusedFilterId: null, hoveredFilterId: null, cascadeParentFocusId: null });
  });

  it('sets and unsets a filter’s cascade parents', () => {
    const set = nativeFiltersReducer(start, {
      type: 'setCascadeParents',
      id: 'NATIVE_FILTER-b',
      parentIds: ['NATIVE_FILTER-a'],
    });
    expect((set.filters[1] as NativeFilter).cascadeParentIds).toEqual(['NATIVE_FILTER-a']);
    const unset = nativeFiltersReducer(set, {
      type: 'setCascadeParents',
      id: 'NATIVE_FILTER-b',
      parentIds: [],
    });
    expect((unset.filters[1] as NativeFilter).cascadeParentIds).toEqual([]);
  });
});

describe('filter deletion undo window', () => {
  const draft: FilterDraft = { items: [filter('a'), filter('b'), filter('c')], pendingDeletes: {} };

  it('removes at once and restores in place within 5000 ms', () => {
    const deleted = deleteDraftFilter(draft, 'NATIVE_FILTER-b', 1000);
    expect(deleted.items.map((f) => f.name)).toEqual(['a', 'c']);
    expect(deleted.pendingDeletes['NATIVE_FILTER-b']?.until).toBe(6000);
    const restored = undoDraftFilterDelete(deleted, 'NATIVE_FILTER-b', 6000);
    expect(restored.items.map((f) => f.name)).toEqual(['a', 'b', 'c']);
    expect(restored.pendingDeletes).toEqual({});
  });

  it('cannot undo after the window, and expiry forgets the deletion', () => {
    const deleted = deleteDraftFilter(draft, 'NATIVE_FILTER-b', 1000);
    expect(undoDraftFilterDelete(deleted, 'NATIVE_FILTER-b', 6001)).toBe(deleted);
    expect(expireDraftDeletes(deleted, 5000)).toBe(deleted);
    expect(expireDraftDeletes(deleted, 6001).pendingDeletes).toEqual({});
  });
});

describe('dataMaskReducer', () => {
  const masks: DataMaskMap = {
    'NATIVE_FILTER-a': {
      id: 'NATIVE_FILTER-a',
      extraFormData: { filters: [{ col: 'a', op: 'IN', val: ['x'] }] },
      filterState: { value: ['x'] },
    },
    '12': {
      id: '12',
      extraFormData: { filters: [{ col: 'b', op: 'IN', val: ['y'] }] },
      filterState: { value: [['y']] },
      ownState: { page: 2 },
    },
  };

  it('updates one mask, merging with what it had', () => {
    const next = dataMaskReducer(masks, {
      type: 'updateDataMask',
      id: '12',
      mask: { filterState: { value: [['z']] } },
    });
    expect(next['12']).toMatchObject({ id: '12', filterState: { value: [['z']] }, ownState: { page: 2 } });
    expect(next['NATIVE_FILTER-a']).toBe(masks['NATIVE_FILTER-a']);
  });

  it('clears one, all, or only the cross-filters, keeping own state', () => {
    expect(
      dataMaskReducer(masks, { type: 'clearDataMask', id: 'NATIVE_FILTER-a' })['NATIVE_FILTER-a'],
    ).toEqual({
      id: 'NATIVE_FILTER-a',
      extraFormData: {},
      filterState: {},
    });
    const all = dataMaskReducer(masks, { type: 'clearAllDataMasks' });
    expect(all['12']).toEqual({ id: '12', extraFormData: {}, filterState: {}, ownState: { page: 2 } });
    const cross = dataMaskReducer(masks, { type: 'clearCrossFilters' });
    expect(cross['NATIVE_FILTER-a']).toBe(masks['NATIVE_FILTER-a']);
    expect(cross['12']?.extraFormData).toEqual({});
  });

  it('recomputes after a configuration save: drops removed, resets changed, defaults new ones', () => {
    const previous: FilterOrDivider[] = [filter('a'), filter('gone')];
    const withGone = { ...masks, 'NATIVE_FILTER-gone': { id: 'NATIVE_FILTER-gone', extraFormData: {} } };
    const fresh = filter('new', {
      defaultDataMask: {
        extraFormData: { filters: [{ col: 'new', op: 'IN', val: [1] }] },
        filterState: { value: [1] },
      },
    });
    const next = dataMaskReducer(withGone, {
      type: 'filterConfigChanged',
      previous,
      filters: [filter('a'), fresh],
    });
    expect(Object.keys(next).sort()).toEqual(['12', 'NATIVE_FILTER-a', 'NATIVE_FILTER-new']);
    expect(next['NATIVE_FILTER-a']).toBe(masks['NATIVE_FILTER-a']);
    expect(next['NATIVE_FILTER-new']?.filterState).toEqual({ value: [1] });
    const retargeted = dataMaskReducer(masks, {
      type: 'filterConfigChanged',
      previous,
      filters: [filter('a', { targets: [{ datasetId: 2, column: { name: 'a' } }] })],
    });
    expect(retargeted['NATIVE_FILTER-a']).toEqual({
      id: 'NATIVE_FILTER-a',
      extraFormData: {},
      filterState: {},
    });
  });
});

describe('crossFilterScopingReducer', () => {
  const start: CrossFilterScopingState = {
    chartConfiguration: {},
    globalChartConfiguration: null,
    status: 'idle',
    dangerToast: null,
  };

  it('saves: begin then complete with the new configuration', () => {
    const saving = crossFilterScopingReducer(start, { type: 'crossFilterScopingSaveBegin' });
    expect(saving.status).toBe('saving');
    const global = { scope: { rootPath: ['ROOT_ID'], excluded: [3] }, chartsInScope: [1, 2] };
    const done = crossFilterScopingReducer(saving, {
      type: 'crossFilterScopingSaveComplete',
      chartConfiguration: { '1': { id: 1, crossFilters: { scope: 'global' } } },
      globalChartConfiguration: global,
    });
    expect(done).toMatchObject({ status: 'idle', globalChartConfiguration: global, dangerToast: null });
  });

  it('fails with the danger toast of the spec and keeps the configuration', () => {
    const failed = crossFilterScopingReducer(start, { type: 'crossFilterScopingSaveFail' });
    expect(failed).toEqual({
      ...start,
      status: 'failed',
      dangerToast: 'Failed to save cross-filter scoping',
    });
  });
});

describe('toggleSelectAll', () => {
  const options = [
    { value: 'a' },
    { value: 'b', disabled: true },
    { value: 'c', disabled: true },
    { value: 'd' },
  ];

  it('selects all enabled options, keeping selected disabled ones', () => {
    expect(toggleSelectAll(options, ['b'], true)).toEqual(['b', 'a', 'd']);
  });

  it('clears all but the selected disabled options', () => {
    expect(toggleSelectAll(options, ['a', 'b', 'd'], false)).toEqual(['b']);
  });
});
