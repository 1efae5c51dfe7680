import { describe, expect, it } from 'vitest';
import { applyFormDataDefaults } from './form-data-defaults';

describe('applyFormDataDefaults', () => {
  it('uses table and the default time filter when viz type and time range are missing', () => {
    const result = applyFormDataDefaults({ datasource: '1__table' });
    expect(result.viz_type).toBe('table');
    expect(result.time_range).toBe('No filter');
  });

  it('keeps given values and honours a configured default time filter', () => {
    expect(applyFormDataDefaults({ viz_type: 'pie', time_range: 'Last week' })).toMatchObject({
      viz_type: 'pie',
      time_range: 'Last week',
    });
    expect(applyFormDataDefaults({ viz_type: 'pie' }, { defaultTimeFilter: 'Last day' }).time_range).toBe(
      'Last day',
    );
  });

  it('moves the time column to the front of groupby with include_time', () => {
    const result = applyFormDataDefaults({
      viz_type: 'table',
      granularity_sqla: 'ds',
      include_time: true,
      groupby: ['gender', 'ds'],
    });
    expect(result.groupby).toEqual(['ds', 'gender']);
    expect(result.include_time).toBe(false);
  });

  it('leaves groupby alone without include_time and does not mutate its input', () => {
    const input = { viz_type: 'table', granularity_sqla: 'ds', groupby: ['gender'] };
    const result = applyFormDataDefaults(input);
    expect(result.groupby).toEqual(['gender']);
    expect(input).not.toHaveProperty('time_range');
  });
});
