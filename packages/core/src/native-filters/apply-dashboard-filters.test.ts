import type { DataMaskMap, FilterOrDivider, NativeFilter } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { applyDashboardFilters, type ApplyDashboardFiltersInput } from './apply-dashboard-filters';

const BIRTH_NAMES = 1;
const SALES = 2;
const POPULATION = 3;

function filter(id: string, column: string, overrides: Partial<NativeFilter> = {}): NativeFilter {
  return {
    id,
    type: 'NATIVE_FILTER',
    name: id.replace('NATIVE_FILTER-', ''),
    filterType: 'filter_select',
    targets: [{ datasetId: BIRTH_NAMES, column: { name: column } }],
    scope: { rootPath: ['ROOT_ID'], excluded: [] },
    ...overrides,
  };
}

const gender = filter('NATIVE_FILTER-gender', 'gender');
const num = filter('NATIVE_FILTER-num', 'num', { filterType: 'filter_range' });
const time = filter('NATIVE_FILTER-time', '', { filterType: 'filter_time', targets: [{}] });
const grain = filter('NATIVE_FILTER-grain', '', { filterType: 'filter_timegrain', targets: [{}] });

function base(overrides: Partial<ApplyDashboardFiltersInput> = {}): ApplyDashboardFiltersInput {
  return {
    chartId: 10,
    datasetId: BIRTH_NAMES,
    datasetColumns: ['gender', 'name', 'num', 'ds', 'state'],
    nativeFilters: [gender, num, time, grain],
    dataMask: {},
    crossFiltersEnabled: true,
    ...overrides,
  };
}

const genderBoy: DataMaskMap = {
  'NATIVE_FILTER-gender': {
    id: 'NATIVE_FILTER-gender',
    extraFormData: { filters: [{ col: 'gender', op: 'IN', val: ['boy'] }] },
    filterState: { value: ['boy'] },
  },
};

describe('applyDashboardFilters: native filters', () => {
  it('applies nothing when no filter has a value', () => {
    const empty: DataMaskMap = {
      'NATIVE_FILTER-gender': { extraFormData: {}, filterState: { value: null } },
      'NATIVE_FILTER-num': { extraFormData: { filters: [{ col: 'num', op: 'IN', val: [] }] } },
    };
    const out = applyDashboardFilters(base({ dataMask: empty }));
    expect(out).toEqual({ extraFilters: [], overrides: {}, applied: [], incompatible: [], outOfScope: [] });
  });

  it('adds a select filter marked isExtra and lists it as applied', () => {
    const out = applyDashboardFilters(base({ dataMask: genderBoy }));
    expect(out.extraFilters).toEqual([{ col: 'gender', op: 'IN', val: ['boy'], isExtra: true }]);
    expect(out.applied).toEqual([
      { id: 'NATIVE_FILTER-gender', name: 'gender', column: 'gender', kind: 'native' },
    ]);
  });

  it('keeps both bounds of a range and merges several filters', () => {
    const dataMask: DataMaskMap = {
      ...genderBoy,
      'NATIVE_FILTER-num': {
        extraFormData: {
          filters: [
            { col: 'num', op: '>=', val: 10 },
            { col: 'num', op: '<=', val: 100 },
          ],
        },
      },
    };
    const out = applyDashboardFilters(base({ dataMask }));
    expect(
      out.extraFilters.map((f) => [f.col, f.op, f.val].map((part) => JSON.stringify(part)).join(' ')),
    ).toEqual(['"gender" "IN" ["boy"]', '"num" ">=" 10', '"num" "<=" 100']);
    expect(out.applied.map((a) => a.column)).toEqual(['gender', 'num']);
  });

  it('turns a time range, time column and time grain into overrides', () => {
    const dataMask: DataMaskMap = {
      'NATIVE_FILTER-time': { extraFormData: { time_range: '2000 : 2005' } },
      'NATIVE_FILTER-grain': { extraFormData: { time_grain_sqla: 'P1Y' } },
      'NATIVE_FILTER-col': { extraFormData: { granularity_sqla: 'ds' } },
    };
    const timeColumn = filter('NATIVE_FILTER-col', '', { filterType: 'filter_timecolumn', targets: [{}] });
    const out = applyDashboardFilters(base({ dataMask, nativeFilters: [time, grain, timeColumn] }));
    expect(out.overrides).toEqual({
      time_range: '2000 : 2005',
      time_grain_sqla: 'P1Y',
      granularity_sqla: 'ds',
    });
    expect(out.extraFilters).toEqual([]);
    expect(out.applied.map((a) => a.id)).toEqual([
      'NATIVE_FILTER-time',
      'NATIVE_FILTER-grain',
      'NATIVE_FILTER-col',
    ]);
  });

  it('marks a time column the dataset lacks as incompatible', () => {
    const timeColumn = filter('NATIVE_FILTER-col', '', { filterType: 'filter_timecolumn', targets: [{}] });
    const out = applyDashboardFilters(
      base({
        nativeFilters: [timeColumn],
        dataMask: { 'NATIVE_FILTER-col': { extraFormData: { granularity_sqla: 'order_date' } } },
      }),
    );
    expect(out.overrides).toEqual({});
    expect(out.incompatible).toEqual([
      {
        id: 'NATIVE_FILTER-col',
        name: 'col',
        column: 'order_date',
        reason: "Column 'order_date' is not in this chart's dataset",
        kind: 'native',
      },
    ]);
  });

  it('lists a filter excluded from the chart as out of scope and does not apply it', () => {
    const excluded = { ...gender, scope: { rootPath: ['ROOT_ID'], excluded: [10] } };
    const out = applyDashboardFilters(base({ nativeFilters: [excluded], dataMask: genderBoy }));
    expect(out.extraFilters).toEqual([]);
    expect(out.outOfScope).toEqual([{ id: 'NATIVE_FILTER-gender', name: 'gender', kind: 'native' }]);
  });

  it('prefers the computed chartsInScope over the excluded list', () => {
    const scoped = { ...gender, chartsInScope: [11, 12] };
    const out = applyDashboardFilters(base({ nativeFilters: [scoped], dataMask: genderBoy }));
    expect(out.outOfScope).toHaveLength(1);
    const inScope = applyDashboardFilters(
      base({ chartId: 11, nativeFilters: [scoped], dataMask: genderBoy }),
    );
    expect(inScope.extraFilters).toHaveLength(1);
  });

  it('marks a filter on a column the chart lacks as incompatible, not applied', () => {
    const out = applyDashboardFilters(
      base({ datasetId: SALES, datasetColumns: ['country', 'sales'], dataMask: genderBoy }),
    );
    expect(out.extraFilters).toEqual([]);
    expect(out.incompatible).toEqual([
      expect.objectContaining({ id: 'NATIVE_FILTER-gender', column: 'gender', kind: 'native' }),
    ]);
  });

  it('marks every column filter incompatible for a chart without a dataset', () => {
    const out = applyDashboardFilters(base({ datasetId: null, datasetColumns: [], dataMask: genderBoy }));
    expect(out.incompatible[0]?.reason).toBe('This chart has no dataset');
  });

  it('applies a filter by column name on another dataset that has the column', () => {
    const out = applyDashboardFilters(
      base({ datasetId: SALES, datasetColumns: ['gender', 'sales'], dataMask: genderBoy }),
    );
    expect(out.extraFilters).toEqual([{ col: 'gender', op: 'IN', val: ['boy'], isExtra: true }]);
  });

  it('ignores dividers', () => {
    const divider: FilterOrDivider = { id: 'NATIVE_FILTER_DIVIDER-1', type: 'DIVIDER', title: 'Time' };
    const out = applyDashboardFilters(base({ nativeFilters: [divider, gender], dataMask: genderBoy }));
    expect(out.applied).toHaveLength(1);
  });

  it('turns SIMPLE adhoc filters of a mask into query filters', () => {
    const dataMask: DataMaskMap = {
      'NATIVE_FILTER-gender': {
        extraFormData: {
          adhoc_filters: [
            { expressionType: 'SIMPLE', subject: 'state', operator: 'not in', comparator: ['CA'] },
            { expressionType: 'SQL', sqlExpression: '1 = 1' },
          ],
        },
      },
    };
    const out = applyDashboardFilters(base({ dataMask }));
    expect(out.extraFilters).toEqual([{ col: 'state', op: 'NOT IN', val: ['CA'], isExtra: true }]);
  });
});

describe('applyDashboardFilters: cross-dataset mappings', () => {
  const country = filter('NATIVE_FILTER-country', 'country', {
    targets: [{ datasetId: SALES, column: { name: 'country' } }],
  });
  const dataMask: DataMaskMap = {
    'NATIVE_FILTER-country': { extraFormData: { filters: [{ col: 'country', op: 'IN', val: ['France'] }] } },
  };
  const mappings = [
    {
      source: { datasetId: SALES, column: 'country' },
      target: { datasetId: POPULATION, column: 'country_name' },
    },
  ];

  it('renames the column through a mapping and records where it came from', () => {
    const out = applyDashboardFilters(
      base({
        datasetId: POPULATION,
        datasetColumns: ['country_name', 'year'],
        nativeFilters: [country],
        dataMask,
        mappings,
      }),
    );
    expect(out.extraFilters).toEqual([{ col: 'country_name', op: 'IN', val: ['France'], isExtra: true }]);
    expect(out.applied).toEqual([
      {
        id: 'NATIVE_FILTER-country',
        name: 'country',
        column: 'country_name',
        mappedFrom: 'country',
        kind: 'native',
      },
    ]);
  });

  it('applies a mapping in both directions', () => {
    const populationFilter = filter('NATIVE_FILTER-country', 'country_name', {
      targets: [{ datasetId: POPULATION, column: { name: 'country_name' } }],
    });
    const out = applyDashboardFilters(
      base({
        datasetId: SALES,
        datasetColumns: ['country', 'sales'],
        nativeFilters: [populationFilter],
        dataMask: {
          'NATIVE_FILTER-country': {
            extraFormData: { filters: [{ col: 'country_name', op: 'IN', val: ['France'] }] },
          },
        },
        mappings,
      }),
    );
    expect(out.extraFilters[0]?.col).toBe('country');
  });

  it('is incompatible when the mapped column is missing from the dataset', () => {
    const out = applyDashboardFilters(
      base({ datasetId: POPULATION, datasetColumns: ['year'], nativeFilters: [country], dataMask, mappings }),
    );
    expect(out.extraFilters).toEqual([]);
    expect(out.incompatible).toHaveLength(1);
  });

  it('uses filterDatasetOf to find the source dataset', () => {
    const untargeted = { ...country, targets: [{ column: { name: 'country' } }] };
    const out = applyDashboardFilters(
      base({
        datasetId: POPULATION,
        datasetColumns: ['country_name'],
        nativeFilters: [untargeted],
        dataMask,
        mappings,
        filterDatasetOf: (id) => (id === 'NATIVE_FILTER-country' ? SALES : undefined),
      }),
    );
    expect(out.extraFilters[0]?.col).toBe('country_name');
  });
});

describe('applyDashboardFilters: cross-filters', () => {
  const pieMask: DataMaskMap = {
    '20': {
      extraFormData: { filters: [{ col: 'gender', op: 'IN', val: ['girl'] }] },
      filterState: { value: [['girl']], selectedValues: ['girl'] },
    },
  };

  it('applies a cross-filter emitted by another chart', () => {
    const out = applyDashboardFilters(base({ dataMask: pieMask, chartNameOf: () => 'Genders' }));
    expect(out.extraFilters).toEqual([{ col: 'gender', op: 'IN', val: ['girl'], isExtra: true }]);
    expect(out.applied).toEqual([{ id: '20', name: 'Genders', column: 'gender', kind: 'cross' }]);
  });

  it('never filters the emitting chart itself', () => {
    const out = applyDashboardFilters(base({ chartId: 20, dataMask: pieMask }));
    expect(out.extraFilters).toEqual([]);
    expect(out.outOfScope).toEqual([]);
  });

  it('ignores cross-filters when they are disabled', () => {
    const out = applyDashboardFilters(base({ dataMask: pieMask, crossFiltersEnabled: false }));
    expect(out.extraFilters).toEqual([]);
  });

  it('follows the emitter’s own scope, then the global one', () => {
    const own = applyDashboardFilters(
      base({
        dataMask: pieMask,
        chartConfiguration: {
          '20': { id: 20, crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [20, 10] } } },
        },
      }),
    );
    expect(own.outOfScope).toEqual([{ id: '20', name: 'Chart 20', kind: 'cross' }]);
    const global = applyDashboardFilters(
      base({
        dataMask: pieMask,
        chartConfiguration: { '20': { id: 20, crossFilters: { scope: 'global' } } },
        globalChartConfiguration: { scope: { rootPath: ['ROOT_ID'], excluded: [10] } },
      }),
    );
    expect(global.extraFilters).toEqual([]);
    expect(global.outOfScope).toHaveLength(1);
  });

  it('reaches a chart on another dataset through a mapping', () => {
    const out = applyDashboardFilters(
      base({
        datasetId: POPULATION,
        datasetColumns: ['country_name'],
        dataMask: { '20': { extraFormData: { filters: [{ col: 'country', op: 'IN', val: ['Chad'] }] } } },
        mappings: [
          {
            source: { datasetId: SALES, column: 'country' },
            target: { datasetId: POPULATION, column: 'country_name' },
          },
        ],
        filterDatasetOf: (id) => (id === '20' ? SALES : undefined),
      }),
    );
    expect(out.extraFilters).toEqual([{ col: 'country_name', op: 'IN', val: ['Chad'], isExtra: true }]);
    expect(out.applied[0]).toMatchObject({ kind: 'cross', column: 'country_name', mappedFrom: 'country' });
  });

  it('applies a multi-column cross-filter wholly or not at all', () => {
    const out = applyDashboardFilters(
      base({
        datasetColumns: ['gender'],
        dataMask: {
          '20': {
            extraFormData: {
              filters: [
                { col: 'gender', op: 'IN', val: ['girl'] },
                { col: 'state', op: 'IN', val: ['CA'] },
              ],
            },
          },
        },
      }),
    );
    expect(out.extraFilters).toEqual([]);
    expect(out.incompatible).toEqual([expect.objectContaining({ id: '20', column: 'state', kind: 'cross' })]);
  });
});
