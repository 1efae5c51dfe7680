import type { FilterOrDivider } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { testFilter } from './test-filter';
import { cascadeDescendants, findCascadeCycle } from './cascade';
import { applyFiltersUpdate } from './filters-update';
import { computeScope } from './scope';
import { checkFilterConfiguration, filterColumnsByDataset } from './validate-filters';

const filter = testFilter;
const parents = (...ids: string[]) => ({ cascadeParentIds: ids.map((id) => `NATIVE_FILTER-${id}`) });

describe('checkFilterConfiguration', () => {
  it('accepts a valid configuration with a divider and a cascade', () => {
    const divider: FilterOrDivider = { id: 'NATIVE_FILTER_DIVIDER-1', type: 'DIVIDER', title: 'People' };
    const check = checkFilterConfiguration([filter('gender'), filter('name', parents('gender')), divider]);
    expect(check.ok).toBe(true);
  });

  it('refuses a cycle of cascade parents, naming the filters along it', () => {
    const check = checkFilterConfiguration([
      filter('a', parents('c')),
      filter('b', parents('a')),
      filter('c', parents('b')),
    ]);
    expect(check).toEqual({
      ok: false,
      problems: [{ id: 'NATIVE_FILTER-a', message: "Cascade parents form a cycle: 'a' → 'c' → 'b' → 'a'" }],
    });
  });

  it('refuses a filter that is its own parent or names a missing parent', () => {
    const check = checkFilterConfiguration([filter('a', parents('a')), filter('b', parents('zzz'))]);
    expect(check.ok ? [] : check.problems.map((p) => p.message)).toEqual([
      "Filter 'a' cannot be its own parent",
      "Filter 'b': parent filter NATIVE_FILTER-zzz does not exist",
    ]);
  });

  it('refuses unpaired fields and points at the filter', () => {
    const check = checkFilterConfiguration([
      filter('ok'),
      filter('nocol', { targets: [{ datasetId: 1 }] }),
      filter('nodataset', { targets: [{ column: { name: 'x' } }] }),
      filter('range', { time_range: 'Last week' }),
      filter('time', { filterType: 'filter_time', targets: [] }),
    ]);
    expect(check.ok ? [] : check.problems).toEqual([
      { id: 'NATIVE_FILTER-nocol', message: "Filter 'nocol': a column is required" },
      { id: 'NATIVE_FILTER-nodataset', message: "Filter 'nodataset': a dataset is required" },
      { id: 'NATIVE_FILTER-nodataset', message: "Filter 'nodataset': column 'x' has no dataset" },
      { id: 'NATIVE_FILTER-range', message: "Filter 'range': the pre-filter time range needs a time column" },
    ]);
  });

  it('refuses bad shapes, wrong id prefixes and duplicate ids', () => {
    const check = checkFilterConfiguration([
      { id: 'NATIVE_FILTER-x', type: 'NATIVE_FILTER', name: 'x' },
      filter('dup'),
      filter('dup'),
      { ...filter('p'), id: 'FILTER-p' },
    ]);
    const messages = check.ok ? [] : check.problems.map((p) => p.message);
    expect(messages[0]).toMatch(/^Filter NATIVE_FILTER-x: filterType: /);
    expect(messages).toContain('Filter id NATIVE_FILTER-dup is used twice');
    expect(messages).toContain("Filter 'p': its id must start with NATIVE_FILTER-");
  });

  it('lists the columns read per dataset', () => {
    const columns = filterColumnsByDataset([
      filter('a'),
      filter('b', {
        targets: [
          { datasetId: 2, column: { name: 'b' } },
          { datasetId: 1, column: { name: 'b' } },
        ],
      }),
    ]);
    expect([...columns.entries()].map(([id, set]) => [id, [...set]])).toEqual([
      [1, ['a', 'b']],
      [2, ['b']],
    ]);
  });
});

describe('cascade helpers', () => {
  it('finds no cycle in a chain and lists descendants', () => {
    const filters = [filter('a'), filter('b', parents('a')), filter('c', parents('b')), filter('d')];
    expect(findCascadeCycle(filters)).toBeNull();
    expect(cascadeDescendants(filters, 'NATIVE_FILTER-a')).toEqual(['NATIVE_FILTER-b', 'NATIVE_FILTER-c']);
  });
});

describe('applyFiltersUpdate', () => {
  const a = filter('a');
  const b = filter('b');
  const c = filter('c');

  it('replaces modified filters in place, appends new ones and drops deleted ones', () => {
    const renamed = { ...b, name: 'B' };
    const next = applyFiltersUpdate([a, b], {
      modified: [renamed, c],
      deleted: ['NATIVE_FILTER-a'],
      reordered: [],
    });
    expect(next).toEqual([renamed, c]);
  });

  it('orders by `reordered`, keeping unnamed items after', () => {
    const next = applyFiltersUpdate([a, b, c], {
      modified: [],
      deleted: [],
      reordered: ['NATIVE_FILTER-c', 'NATIVE_FILTER-a'],
    });
    expect(next.map((f) => f.id)).toEqual(['NATIVE_FILTER-c', 'NATIVE_FILTER-a', 'NATIVE_FILTER-b']);
  });
});

describe('computeScope', () => {
  const chart = (chartId: number) => ({ type: 'CHART', children: [], meta: { chartId } });
  const layout = {
    ROOT_ID: { type: 'ROOT', children: ['GRID_ID'] },
    GRID_ID: { type: 'GRID', children: ['TABS-1', 'ROW-top'] },
    'ROW-top': { type: 'ROW', children: ['CHART-1'] },
    'CHART-1': chart(1),
    'TABS-1': { type: 'TABS', children: ['TAB-a', 'TAB-b'] },
    'TAB-a': { type: 'TAB', children: ['ROW-a'] },
    'ROW-a': { type: 'ROW', children: ['CHART-2', 'CHART-3'] },
    'CHART-2': chart(2),
    'CHART-3': chart(3),
    'TAB-b': { type: 'TAB', children: ['ROW-b'] },
    'ROW-b': { type: 'ROW', children: ['CHART-4'] },
    'CHART-4': chart(4),
  };

  it('takes every chart under the root but the excluded ones', () => {
    expect(computeScope(layout, { rootPath: ['ROOT_ID'], excluded: [4] })).toEqual({
      chartsInScope: [1, 2, 3],
      tabsInScope: ['TAB-a'],
    });
  });

  it('limits the scope to the charts under the given tabs', () => {
    expect(computeScope(layout, { rootPath: ['TAB-b'], excluded: [] })).toEqual({
      chartsInScope: [4],
      tabsInScope: ['TAB-b'],
    });
  });
});
