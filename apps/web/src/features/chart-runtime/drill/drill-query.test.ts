import type { DrillFilter } from '@tessera/charts';
import type { QueryContext } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { birthNames } from '../../explore/state/test-fixtures';
import { GAMMA_PERMISSIONS, bootstrapWith } from '../../../test/dom-test';
import { drillCellText } from './drill-cells';
import { drillAbilities } from './drill-permissions';
import {
  DRILL_COUNT_LABEL,
  drillByColumns,
  drillByFormData,
  drillCountQueryContext,
  drillDetailQueryContext,
  drillFilterText,
} from './drill-query';

const base: QueryContext = {
  datasource: { id: 3, type: 'table' },
  force: true,
  queries: [
    {
      columns: ['state'],
      metrics: ['count'],
      filters: [{ col: 'gender', op: 'IN', val: ['boy'] }],
      time_range: 'Last year',
      row_limit: 100,
    },
  ],
  result_type: 'full',
  result_format: 'json',
};
const ak: DrillFilter = { col: 'state', op: '==', val: 'AK', formattedVal: 'AK' };
const noState: DrillFilter = { col: 'state', op: 'IS NULL', formattedVal: '<NULL>' };

describe('drill to detail queries', () => {
  it('asks for one page of rows with the chart filters and the clicked values', () => {
    const context = drillDetailQueryContext(base, [ak, noState], 2, 50);
    expect(context.result_type).toBe('drill_detail');
    expect(context.force).toBe(false);
    expect(context.queries).toHaveLength(1);
    expect(context.queries[0]).toMatchObject({ row_limit: 50, row_offset: 100 });
    expect(context.queries[0]?.filters).toEqual([
      { col: 'gender', op: 'IN', val: ['boy'] },
      { col: 'state', op: '==', val: 'AK' },
      { col: 'state', op: 'IS NULL' },
    ]);
  });

  it('counts the rows under the same filters, without grouping or time range', () => {
    const query = drillCountQueryContext(base, [ak]).queries[0];
    expect(query?.columns).toEqual([]);
    expect(query?.time_range).toBeNull();
    expect(query?.metrics).toEqual([
      { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: DRILL_COUNT_LABEL },
    ]);
    expect(query?.filters).toHaveLength(2);
  });

  it("keeps the chart's time range on its time column as a TEMPORAL_RANGE filter", () => {
    const timed: QueryContext = {
      ...base,
      queries: [{ ...base.queries[0], granularity: 'ds', time_range: 'Last year' }],
    };
    expect(drillDetailQueryContext(timed, [], 0).queries[0]?.filters).toContainEqual({
      col: 'ds',
      op: 'TEMPORAL_RANGE',
      val: 'Last year',
    });
    expect(drillCountQueryContext(timed, []).queries[0]?.filters).toHaveLength(2);
    const open: QueryContext = {
      ...base,
      queries: [{ ...base.queries[0], granularity: 'ds', time_range: 'No filter' }],
    };
    expect(drillDetailQueryContext(open, [], 0).queries[0]?.filters).toHaveLength(1);
  });

  it('names filters the way the tags show them', () => {
    expect(drillFilterText(ak)).toBe('state = AK');
    expect(drillFilterText(noState)).toBe('state IS NULL');
  });
});

describe('drill by', () => {
  const bars = { viz_type: 'echarts_timeseries_bar', datasource: '3__table', x_axis: 'state', groupby: [] };

  it('offers the groupable columns the chart does not group by', () => {
    expect(drillByColumns(birthNames, bars).map((column) => column.name)).toEqual([
      'ds',
      'gender',
      'name',
      'num',
    ]);
    expect(drillByColumns(birthNames, { ...bars, groupby: ['gender'] }).map((column) => column.name)).toEqual(
      ['ds', 'name', 'num'],
    );
  });

  it('replaces a category x axis, or the series when the chart has some, and filters by the point', () => {
    const byGender = drillByFormData({ ...bars, slice_id: 7, adhoc_filters: [] }, birthNames, 'gender', [ak]);
    expect(byGender.x_axis).toBe('gender');
    expect(byGender.slice_id).toBeUndefined();
    expect(byGender.adhoc_filters).toEqual([
      { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'state', operator: '==', comparator: 'AK' },
    ]);
    const series = drillByFormData({ ...bars, groupby: ['gender'] }, birthNames, 'name', []);
    expect(series.groupby).toEqual(['name']);
    expect(series.x_axis).toBe('state');
    // A time x axis stays: the new column becomes the series.
    const overTime = drillByFormData({ ...bars, x_axis: 'ds' }, birthNames, 'state', []);
    expect(overTime).toMatchObject({ x_axis: 'ds', groupby: ['state'] });
  });
});

describe('drill permissions', () => {
  const bars = { featureFlags: {}, vizType: 'echarts_timeseries_bar' };
  const userWith = (permissions: [string, string][]) => {
    const user = bootstrapWith(['Gamma'], permissions).user;
    if (!user) throw new Error('bootstrapWith signs a user in');
    return user;
  };
  const gamma = userWith(GAMMA_PERMISSIONS);

  it('needs can_explore and can_read on Dataset for detail, and explore form data writes for drill by', () => {
    expect(drillAbilities(gamma, birthNames, bars)).toEqual({ drillToDetail: true, drillBy: false });
    const writer = userWith([...GAMMA_PERMISSIONS, ['can_write', 'ExploreFormDataRestApi']]);
    expect(drillAbilities(writer, birthNames, bars)).toEqual({ drillToDetail: true, drillBy: true });
    const noDataset = userWith(GAMMA_PERMISSIONS.filter(([, view]) => view !== 'Dataset'));
    expect(drillAbilities(noDataset, birthNames, bars).drillToDetail).toBe(false);
    expect(drillAbilities(null, birthNames, bars)).toEqual({ drillToDetail: false, drillBy: false });
  });

  it('follows the DRILL_TO_DETAIL and DRILL_BY flags and the plugin behaviours', () => {
    const admin = userWith([
      ['can_explore', 'Superset'],
      ['can_read', 'Dataset'],
      ['can_write', 'ExploreFormDataRestApi'],
    ]);
    expect(drillAbilities(admin, birthNames, bars)).toEqual({ drillToDetail: true, drillBy: true });
    expect(drillAbilities(admin, birthNames, { ...bars, featureFlags: { DRILL_TO_DETAIL: false } })).toEqual({
      drillToDetail: false,
      drillBy: true,
    });
    expect(drillAbilities(admin, birthNames, { ...bars, featureFlags: { DRILL_BY: false } })).toEqual({
      drillToDetail: true,
      drillBy: false,
    });
    // A big number drills to detail only; a type no plugin draws not at all.
    expect(drillAbilities(admin, birthNames, { featureFlags: {}, vizType: 'big_number_total' })).toEqual({
      drillToDetail: true,
      drillBy: false,
    });
    expect(drillAbilities(admin, birthNames, { featureFlags: {}, vizType: 'deck_arc' })).toEqual({
      drillToDetail: false,
      drillBy: false,
    });
  });

  it('hides drill to detail for a database with disable_drill_to_detail', () => {
    const disabled = { ...birthNames, database: { ...birthNames.database, disable_drill_to_detail: true } };
    expect(drillAbilities(gamma, disabled, bars).drillToDetail).toBe(false);
  });
});

describe('drill table cells', () => {
  it('shows times as UTC dates and nulls as N/A', () => {
    expect(drillCellText(-157766400000, true)).toBe('1965-01-01');
    expect(drillCellText(Date.UTC(2001, 2, 4, 5, 6, 7), true)).toBe('2001-03-04 05:06:07');
    expect(drillCellText(176, false)).toBe('176');
    expect(drillCellText(null, false)).toBe('N/A');
  });
});
