import type { NativeFilter } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { filterFocusOf } from './filter-focus';
import { initialNativeFiltersState, type NativeFiltersState } from './native-filters.slice';

const filter = (id: string, chartsInScope: number[]): NativeFilter => ({
  id,
  type: 'NATIVE_FILTER',
  name: id,
  filterType: 'filter_select',
  targets: [{ datasetId: 1, column: { name: 'gender' } }],
  controlValues: {},
  defaultDataMask: { extraFormData: {}, filterState: {} },
  cascadeParentIds: [],
  scope: { rootPath: ['ROOT_ID'], excluded: [] },
  chartsInScope,
});

const stateWith = (patch: Partial<NativeFiltersState>): NativeFiltersState => ({
  ...initialNativeFiltersState,
  configuration: [filter('NATIVE_FILTER-a', [1, 2]), filter('NATIVE_FILTER-b', [3])],
  ...patch,
});

describe('filterFocusOf', () => {
  it('marks nothing while no filter is pointed at or focused', () => {
    expect(filterFocusOf(stateWith({}), 1)).toBeNull();
  });
  it("marks the focused filter's charts in scope and the others out of it", () => {
    const state = stateWith({ focusedFilterId: 'NATIVE_FILTER-a' });
    expect([filterFocusOf(state, 1), filterFocusOf(state, 3)]).toEqual(['in-scope', 'out-of-scope']);
  });
  it('the pointed-at filter wins over the focused one', () => {
    const state = stateWith({ focusedFilterId: 'NATIVE_FILTER-a', hoveredFilterId: 'NATIVE_FILTER-b' });
    expect([filterFocusOf(state, 1), filterFocusOf(state, 3)]).toEqual(['out-of-scope', 'in-scope']);
  });
  it('an unknown filter id marks nothing', () => {
    expect(filterFocusOf(stateWith({ hoveredFilterId: 'NATIVE_FILTER-gone' }), 1)).toBeNull();
  });
});
