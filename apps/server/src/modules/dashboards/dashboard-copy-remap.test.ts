import { describe, expect, it } from 'vitest';
import { remapLayout, remapMetadata, type ChartIdMap } from './dashboard-copy-remap';

const map: ChartIdMap = new Map([
  [1, { id: 11, uuid: 'u-11' }],
  [2, { id: 12, uuid: 'u-12' }],
]);

describe('remapLayout', () => {
  it('points CHART components at the copies and leaves the rest alone', () => {
    const layout = {
      DASHBOARD_VERSION_KEY: 'v2',
      'CHART-a': {
        id: 'CHART-a',
        type: 'CHART',
        children: [],
        meta: { chartId: 1, width: 4, height: 50, uuid: 'old' },
      },
      'CHART-b': { id: 'CHART-b', type: 'CHART', children: [], meta: { chartId: 3, width: 4, height: 50 } },
      'ROW-r': { id: 'ROW-r', type: 'ROW', children: ['CHART-a', 'CHART-b'] },
    };
    const next = remapLayout(layout, map);
    expect(next['CHART-a']).toMatchObject({ meta: { chartId: 11, uuid: 'u-11', width: 4 } });
    expect(next['CHART-b']).toEqual(layout['CHART-b']);
    expect(next['ROW-r']).toEqual(layout['ROW-r']);
    expect(next.DASHBOARD_VERSION_KEY).toBe('v2');
  });
});

describe('remapMetadata', () => {
  it('rewrites every chart-keyed map and chart id list', () => {
    const next = remapMetadata(
      {
        color_scheme: 'supersetColors',
        expanded_slices: { '1': true, '3': false },
        timed_refresh_immune_slices: [2, 3],
        chart_configuration: {
          '1': {
            id: 1,
            crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [2] }, chartsInScope: [2] },
          },
        },
        global_chart_configuration: { scope: { rootPath: ['ROOT_ID'], excluded: [1] }, chartsInScope: [2] },
        native_filter_configuration: [
          { id: 'NATIVE_FILTER-x', scope: { rootPath: ['ROOT_ID'], excluded: [1, 3] }, chartsInScope: [2] },
        ],
        filter_scopes: { '2': { region: { scope: ['ROOT_ID'], immune: [1] } } },
      },
      map,
    );
    expect(next).toEqual({
      color_scheme: 'supersetColors',
      expanded_slices: { '11': true, '3': false },
      timed_refresh_immune_slices: [12, 3],
      chart_configuration: {
        '11': {
          id: 11,
          crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [12] }, chartsInScope: [12] },
        },
      },
      global_chart_configuration: { scope: { rootPath: ['ROOT_ID'], excluded: [11] }, chartsInScope: [12] },
      native_filter_configuration: [
        { id: 'NATIVE_FILTER-x', scope: { rootPath: ['ROOT_ID'], excluded: [11, 3] }, chartsInScope: [12] },
      ],
      filter_scopes: { '12': { region: { scope: ['ROOT_ID'], immune: [11] } } },
    });
  });
});
