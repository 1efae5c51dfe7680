import { describe, expect, it } from 'vitest';
import { defaultTemporalColumn, temporalColumnsLookup, withTemporalRangeFilter } from './temporal-filter';

const birthNames = {
  columns: [
    { column_name: 'ds', is_dttm: true },
    { column_name: 'state', is_dttm: false },
    { column_name: 'other_time', is_dttm: true },
  ],
  main_dttm_col: 'ds',
};

describe('temporal filter', () => {
  it('looks up which columns hold times', () => {
    expect(temporalColumnsLookup(birthNames)).toEqual({ ds: true, state: false, other_time: true });
  });

  it('picks a temporal x-axis, else the main datetime column, else the first temporal one', () => {
    expect(defaultTemporalColumn({ x_axis: 'other_time' }, birthNames)).toBe('other_time');
    expect(defaultTemporalColumn({ x_axis: 'state' }, birthNames)).toBe('ds');
    expect(defaultTemporalColumn({}, { ...birthNames, main_dttm_col: null })).toBe('ds');
    expect(
      defaultTemporalColumn({}, { columns: [{ column_name: 'a', is_dttm: false }], main_dttm_col: 'a' }),
    ).toBe(null);
  });

  it('adds a No filter temporal range on the time column once', () => {
    const form = withTemporalRangeFilter({ adhoc_filters: [], time_range: 'No filter' }, birthNames);
    expect(form.adhoc_filters).toEqual([
      expect.objectContaining({
        subject: 'ds',
        operator: 'TEMPORAL_RANGE',
        comparator: 'No filter',
        clause: 'WHERE',
      }),
    ]);
    expect(withTemporalRangeFilter(form, birthNames)).toBe(form);
  });

  it('carries the default time filter and leaves datasets without a time column alone', () => {
    const form = withTemporalRangeFilter({ adhoc_filters: [], time_range: 'Last year' }, birthNames);
    expect(form.adhoc_filters).toEqual([expect.objectContaining({ comparator: 'Last year' })]);
    const plain = { adhoc_filters: [] };
    expect(withTemporalRangeFilter(plain, { columns: [], main_dttm_col: null })).toBe(plain);
    const noList = { viz_type: 'big_number_total' };
    expect(withTemporalRangeFilter(noList, birthNames)).toBe(noList);
  });
});
