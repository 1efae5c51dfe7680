import type { NativeFilter } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import {
  cascadeCycle,
  duplicateItem,
  filtersUpdate,
  firstInvalid,
  moveItem,
  newFilter,
  validateItem,
} from './config/config-model';
import { scopeTree, tabsInScope, treeChartIds } from './config/scope-tree';
import { crossFilterIds, missingRequired, parentFiltersOf, pendingChanges } from './filter-bar-model';
import { filterMask, maskValue } from './filter-mask';
import { filterOptionsQueryContext } from '@tessera/core';
import { knownTotal, optionsQueryInput, optionValues } from './filter-options';
import {
  initialNativeFiltersState,
  nativeFiltersActions as a,
  nativeFiltersSlice,
} from './native-filters.slice';
import { persistedMasks } from './url-state';

const filter = (patch: Partial<NativeFilter> = {}): NativeFilter => ({
  id: 'NATIVE_FILTER-a',
  type: 'NATIVE_FILTER',
  name: 'Gender',
  filterType: 'filter_select',
  targets: [{ datasetId: 1, column: { name: 'gender' } }],
  scope: { rootPath: ['ROOT_ID'], excluded: [] },
  ...patch,
});
const reduce = nativeFiltersSlice.reducer;

function pairedInput(...args: Parameters<typeof optionsQueryInput>) {
  const input = optionsQueryInput(...args);
  if (input === null) throw new Error('the filter names no dataset and column');
  return input;
}

describe('filter masks', () => {
  it('a select gives IN, or NOT IN when inverse, and an empty value narrows nothing', () => {
    expect(filterMask(filter(), ['boy']).extraFormData).toEqual({
      filters: [{ col: 'gender', op: 'IN', val: ['boy'] }],
    });
    const inverse = filter({ controlValues: { inverseSelection: true } });
    expect(filterMask(inverse, ['boy']).extraFormData?.filters?.[0]?.op).toBe('NOT IN');
    expect(filterMask(filter(), []).extraFormData).toEqual({});
    expect(maskValue(filterMask(filter(), null))).toBeNull();
  });
  it('a range gives >= and <=, either side open', () => {
    const range = filter({
      filterType: 'filter_range',
      targets: [{ datasetId: 1, column: { name: 'num' } }],
    });
    expect(filterMask(range, [10, null]).extraFormData).toEqual({
      filters: [{ col: 'num', op: '>=', val: 10 }],
    });
    expect(filterMask(range, [10, 20]).extraFormData?.filters).toHaveLength(2);
  });
  it('time filters override time_range, granularity_sqla and time_grain_sqla', () => {
    expect(filterMask(filter({ filterType: 'filter_time' }), 'Last year').extraFormData).toEqual({
      time_range: 'Last year',
    });
    expect(filterMask(filter({ filterType: 'filter_timecolumn' }), 'ds').extraFormData).toEqual({
      granularity_sqla: 'ds',
    });
    expect(filterMask(filter({ filterType: 'filter_timegrain' }), 'P1Y').extraFormData).toEqual({
      time_grain_sqla: 'P1Y',
    });
  });
});

describe('select rules', () => {
  it('keeps the column values of a page in order, null included, nothing else', () => {
    expect(optionValues([{ g: 'boy' }, { g: null }, { g: 3 }, { g: { x: 1 } }, { h: 'x' }], 'g')).toEqual([
      'boy',
      null,
      3,
    ]);
  });
  it('promises one more value after a full page and none after a short one', () => {
    expect(knownTotal(100, 100, 100)).toBe(201);
    expect(knownTotal(100, 37, 100)).toBe(137);
  });
  it('asks for pages of 100 with the search as ILIKE and the parents filters', () => {
    const input = pairedInput(filter({ targets: [{ datasetId: 3, column: { name: 'name' } }] }), [
      { col: 'gender', op: 'IN', val: ['boy'] },
    ]);
    const context = filterOptionsQueryContext({ ...input, search: 'jo', page: 2 });
    const query = context.queries[0];
    expect(context.datasource).toEqual({ id: 3, type: 'table' });
    expect(query?.row_limit).toBe(100);
    // Grouped by the column through a metric, so each value comes once.
    expect(query?.metrics).toHaveLength(1);
    expect(query?.row_offset).toBe(200);
    expect(query?.filters).toEqual([
      { col: 'gender', op: 'IN', val: ['boy'] },
      { col: 'name', op: 'ILIKE', val: '%jo%' },
    ]);
    expect(query?.time_range).toBeUndefined();
    // The marker that lets the server cut pages and searches from one cached list of values.
    expect(context.form_data).toEqual({ viz_type: 'filter_select' });
  });
  it('narrows the options by the pre-filter: adhoc filters and a time range on the time column', () => {
    const prefiltered = filter({
      targets: [{ datasetId: 3, column: { name: 'name' } }],
      adhoc_filters: [
        {
          expressionType: 'SIMPLE',
          clause: 'WHERE',
          subject: 'state',
          operator: 'IN',
          comparator: ['CA', 'NY'],
          filterOptionName: 'f1',
          isExtra: false,
        },
        { expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'num > 10', filterOptionName: 'f2' },
      ],
      time_range: '2000-01-01 : 2001-01-01',
      granularity_sqla: 'ds',
    });
    const query = filterOptionsQueryContext({ ...pairedInput(prefiltered, []), page: 0 }).queries[0];
    expect(query?.filters).toEqual([{ col: 'state', op: 'IN', val: ['CA', 'NY'] }]);
    expect(query?.extras).toEqual({ where: '(num > 10)' });
    expect(query?.time_range).toBe('2000-01-01 : 2001-01-01');
    expect(query?.granularity).toBe('ds');
    // An unpaired target asks nothing.
    expect(optionsQueryInput(filter({ targets: [{}] }), [])).toBeNull();
  });
});

describe('nativeFilters transitions', () => {
  const opened = reduce(
    initialNativeFiltersState,
    a.filtersOpened({ configuration: [filter()], crossFiltersEnabled: true, masks: {}, masksReady: true }),
  );
  it('a value stays pending until applied; clear all empties pending values only', () => {
    const picked = reduce(
      opened,
      a.pendingMaskSet({ id: 'NATIVE_FILTER-a', mask: filterMask(filter(), ['boy']) }),
    );
    expect(pendingChanges([filter()], picked.applied, picked.pending)).toEqual(['NATIVE_FILTER-a']);
    const applied = reduce(picked, a.pendingApplied());
    expect(pendingChanges([filter()], applied.applied, applied.pending)).toEqual([]);
    const cleared = reduce(applied, a.allCleared());
    expect(maskValue(cleared.pending['NATIVE_FILTER-a'])).toBeNull();
    expect(maskValue(cleared.applied['NATIVE_FILTER-a'])).toEqual(['boy']);
  });
  it('a cross-filter is stored under the chart id and removed by an empty mask', () => {
    const set = reduce(
      opened,
      a.crossFilterSet({
        chartId: 5,
        mask: { extraFormData: { filters: [{ col: 'g', op: 'IN', val: ['x'] }] } },
      }),
    );
    expect(crossFilterIds(set.applied)).toEqual([5]);
    expect(crossFilterIds(reduce(set, a.crossFilterSet({ chartId: 5, mask: {} })).applied)).toEqual([]);
  });
  it('URL masks win over defaults; saving a configuration drops masks of removed filters', () => {
    const withDefault = filter({ defaultDataMask: filterMask(filter(), ['girl']) });
    const state = reduce(
      initialNativeFiltersState,
      a.filtersOpened({
        configuration: [withDefault],
        crossFiltersEnabled: true,
        masks: { 'NATIVE_FILTER-a': filterMask(filter(), ['boy']) },
        masksReady: true,
      }),
    );
    expect(maskValue(state.applied['NATIVE_FILTER-a'])).toEqual(['boy']);
    expect(reduce(state, a.filterConfigSaveComplete([])).applied).toEqual({});
  });
  it('a saved configuration keeps the values of unchanged filters and resets changed ones to their default', () => {
    const first = filter({ defaultDataMask: filterMask(filter(), ['girl']) });
    const second = filter({ id: 'NATIVE_FILTER-b' });
    let state = reduce(
      initialNativeFiltersState,
      a.filtersOpened({
        configuration: [first, second],
        crossFiltersEnabled: true,
        masks: {
          'NATIVE_FILTER-a': filterMask(first, ['boy']),
          'NATIVE_FILTER-b': filterMask(second, ['x']),
          '7': {
            id: '7',
            extraFormData: { filters: [{ col: 'state', op: 'IN', val: ['CA'] }] },
            filterState: {},
          },
        },
        masksReady: true,
      }),
    );
    state = reduce(state, a.filterConfigSaveBegin());
    expect(state.configStatus).toBe('saving');
    const retargeted = { ...second, targets: [{ datasetId: 1, column: { name: 'state' } }] };
    state = reduce(state, a.filterConfigSaveComplete([first, retargeted]));
    expect(state.configStatus).toBe('idle');
    expect(maskValue(state.applied['NATIVE_FILTER-a'])).toEqual(['boy']);
    expect(maskValue(state.applied['NATIVE_FILTER-b'])).toBeNull();
    expect(state.applied['7']?.extraFormData?.filters).toHaveLength(1);
    state = reduce(state, a.filterConfigSaveBegin());
    state = reduce(state, a.filterConfigSaveFail('Forbidden'));
    expect([state.configStatus, state.configError]).toEqual(['failed', 'Forbidden']);
  });
  it('focus and hover are set and unset, and forgotten when their filter is removed', () => {
    let state = reduce(
      initialNativeFiltersState,
      a.filtersOpened({ configuration: [filter()], crossFiltersEnabled: true, masks: {}, masksReady: true }),
    );
    state = reduce(state, a.filterHovered('NATIVE_FILTER-a'));
    state = reduce(state, a.filterFocused('NATIVE_FILTER-a'));
    expect([state.hoveredFilterId, state.focusedFilterId]).toEqual(['NATIVE_FILTER-a', 'NATIVE_FILTER-a']);
    state = reduce(state, a.filterHovered(null));
    expect(state.hoveredFilterId).toBeNull();
    state = reduce(state, a.filterConfigSaveComplete([]));
    expect(state.focusedFilterId).toBeNull();
  });
  it('a required filter without a value blocks apply; parents narrow children', () => {
    const required = filter({ controlValues: { enableEmptyFilter: true } });
    expect(missingRequired([required], {}).has('NATIVE_FILTER-a')).toBe(true);
    const child = filter({ id: 'NATIVE_FILTER-b', cascadeParentIds: ['NATIVE_FILTER-a'] });
    expect(parentFiltersOf(child, { 'NATIVE_FILTER-a': filterMask(filter(), ['boy']) })).toEqual([
      { col: 'gender', op: 'IN', val: ['boy'] },
    ]);
  });
  it('only masks holding a value go to the URL state', () => {
    expect(
      Object.keys(
        persistedMasks({
          a: { extraFormData: {}, filterState: { value: null } },
          b: filterMask(filter(), ['x']),
        }),
      ),
    ).toEqual(['b']);
  });
});

describe('filter configuration', () => {
  it('refuses unpaired fields and names the first invalid filter', () => {
    const noColumn = filter({ targets: [{ datasetId: 1 }] });
    expect(validateItem(noColumn, [noColumn]).column).toBe('Column is required');
    const noDataset = filter({ targets: [{ column: { name: 'x' } }] });
    expect(validateItem(noDataset, [noDataset]).dataset).toBe('Dataset is required');
    expect(firstInvalid([filter(), filter({ id: 'NATIVE_FILTER-z', name: '' })])).toBe(1);
  });
  it('finds a cycle of cascade parents', () => {
    const x = filter({ id: 'x', cascadeParentIds: ['y'] });
    const y = filter({ id: 'y', cascadeParentIds: ['x'] });
    expect(cascadeCycle([x, y], 'x')).toEqual(['x', 'y', 'x']);
    expect(validateItem(x, [x, y]).cascade).toMatch(/^Cyclic dependency detected/);
  });
  it('new ids carry the prefixes; duplicates get a new id; moves and the update body', () => {
    expect(newFilter().id).toMatch(/^NATIVE_FILTER-/);
    const copy = duplicateItem(filter());
    expect(copy.id).not.toBe('NATIVE_FILTER-a');
    expect(moveItem([1, 2, 3], 0, 2)).toEqual([2, 3, 1]);
    const b = filter({ id: 'b' });
    expect(filtersUpdate([filter(), b], [b])).toEqual({
      modified: [],
      deleted: ['NATIVE_FILTER-a'],
      reordered: [],
    });
    expect(filtersUpdate([filter(), b], [b, filter()]).reordered).toEqual(['b', 'NATIVE_FILTER-a']);
  });
  it('builds a scope tree of tabs and charts, and the tabs in scope', () => {
    const layout = {
      ROOT_ID: { id: 'ROOT_ID', type: 'ROOT' as const, children: ['TABS-1'] },
      'TABS-1': { id: 'TABS-1', type: 'TABS' as const, children: ['TAB-a', 'TAB-b'] },
      'TAB-a': { id: 'TAB-a', type: 'TAB' as const, children: ['CHART-1'], meta: { text: 'A' } },
      'TAB-b': { id: 'TAB-b', type: 'TAB' as const, children: ['CHART-2'], meta: { text: 'B' } },
      'CHART-1': {
        id: 'CHART-1',
        type: 'CHART' as const,
        children: [],
        meta: { chartId: 1, width: 4, height: 50 },
      },
      'CHART-2': {
        id: 'CHART-2',
        type: 'CHART' as const,
        children: [],
        meta: { chartId: 2, width: 4, height: 50 },
      },
    };
    const tree = scopeTree(layout, (id) => `c${String(id)}`);
    expect(treeChartIds(tree)).toEqual([1, 2]);
    expect(tabsInScope(tree, new Set([2]))).toEqual(['TAB-b']);
  });
});
