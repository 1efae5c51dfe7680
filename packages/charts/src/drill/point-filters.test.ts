import type { ECElementEvent } from 'echarts/core';
import { describe, expect, it, vi } from 'vitest';
import type { ChartContextMenuEvent } from '../plugin-api';
import type { PointMenuConfig } from '../plugins/common/echartsProps';
import { chartPropsFor } from '../plugins/common/testing';
import { pieChartPlugin } from '../plugins/pie';
import { barChartPlugin, lineChartPlugin } from '../plugins/timeseries';
import { labelPointFilters, pointFilter } from './point-filters';

/** Only the fields the point menus read of an echarts click event. */
const clickOn = (fields: { seriesName?: string; name?: string; data?: unknown }): ECElementEvent =>
  fields as unknown as ECElementEvent;

const metric = { expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'num' } };

describe('point filters', () => {
  it('select a value, or NULL rows for a missing one', () => {
    expect(pointFilter('state', 'CA')).toEqual({ col: 'state', op: '==', val: 'CA', formattedVal: 'CA' });
    expect(pointFilter('num', 3, '3.0')).toEqual({ col: 'num', op: '==', val: 3, formattedVal: '3.0' });
    expect(pointFilter('state', null)).toEqual({ col: 'state', op: 'IS NULL', formattedVal: '<NULL>' });
  });

  it('name the groupby values a label stands for, a prefix for a hierarchy node', () => {
    const labels = new Map<string, readonly unknown[]>([
      ['boy, CA', ['boy', 'CA']],
      ['girl', ['girl']],
    ]);
    expect(labelPointFilters(['gender', 'state'], labels, 'boy, CA')).toEqual([
      { col: 'gender', op: '==', val: 'boy', formattedVal: 'boy' },
      { col: 'state', op: '==', val: 'CA', formattedVal: 'CA' },
    ]);
    expect(labelPointFilters(['gender', 'state'], labels, 'girl')).toHaveLength(1);
    expect(labelPointFilters(['gender'], labels, 'nobody')).toEqual([]);
    expect(labelPointFilters(['gender'], labels, undefined)).toEqual([]);
  });
});

describe('point menus of echarts plugins', () => {
  const onContextMenu = vi.fn<(event: ChartContextMenuEvent) => void>();

  it('a bar on a category axis names its category and its series', () => {
    const formData = {
      datasource: '1__table',
      viz_type: 'echarts_timeseries_bar',
      x_axis: 'state',
      groupby: ['gender'],
      metrics: [metric],
      temporal_columns_lookup: { state: false },
    };
    const result = [
      {
        colnames: ['state', 'boy', 'girl'],
        coltypes: [1, 0, 0],
        data: [
          { state: 'CA', boy: 3, girl: 4 },
          { state: 'NY', boy: 1, girl: 2 },
        ],
        label_map: { boy: ['boy'], girl: ['girl'] },
      },
    ];
    const props = barChartPlugin.transformProps(
      chartPropsFor(formData, result, { hooks: { onContextMenu } }),
    ) as {
      pointMenu?: PointMenuConfig;
    };
    expect(props.pointMenu?.onContextMenu).toBe(onContextMenu);
    expect(props.pointMenu?.filtersOf(clickOn({ seriesName: 'girl', data: ['NY', 2] }))).toEqual([
      { col: 'state', op: '==', val: 'NY', formattedVal: 'NY' },
      { col: 'gender', op: '==', val: 'girl', formattedVal: 'girl' },
    ]);
    // Without a host menu there is nothing to report to.
    const plain = barChartPlugin.transformProps(chartPropsFor(formData, result)) as { pointMenu?: unknown };
    expect(plain.pointMenu).toBeUndefined();
  });

  it('a point on a time axis names its series only', () => {
    const formData = {
      datasource: '1__table',
      viz_type: 'echarts_timeseries_line',
      x_axis: 'ds',
      time_grain_sqla: 'P1Y',
      groupby: ['gender'],
      metrics: [metric],
    };
    const result = [
      {
        colnames: ['ds', 'boy'],
        coltypes: [2, 0],
        data: [{ ds: Date.UTC(2000, 0, 1), boy: 10 }],
        label_map: { boy: ['boy'] },
      },
    ];
    const props = lineChartPlugin.transformProps(
      chartPropsFor(formData, result, { hooks: { onContextMenu } }),
    ) as {
      pointMenu?: PointMenuConfig;
    };
    expect(
      props.pointMenu?.filtersOf(clickOn({ seriesName: 'boy', data: [Date.UTC(2000, 0, 1), 10] })),
    ).toEqual([{ col: 'gender', op: '==', val: 'boy', formattedVal: 'boy' }]);
  });

  it('a pie slice names its groupby values', () => {
    const formData = { datasource: '1__table', viz_type: 'pie', groupby: ['gender'], metric };
    const result = [
      { colnames: ['gender', 'SUM(num)'], coltypes: [1, 0], data: [{ gender: 'boy', 'SUM(num)': 5 }] },
    ];
    const props = pieChartPlugin.transformProps(
      chartPropsFor(formData, result, { hooks: { onContextMenu } }),
    ) as {
      pointMenu?: PointMenuConfig;
    };
    expect(props.pointMenu?.filtersOf(clickOn({ name: 'boy' }))).toEqual([
      { col: 'gender', op: '==', val: 'boy', formattedVal: 'boy' },
    ]);
  });
});
