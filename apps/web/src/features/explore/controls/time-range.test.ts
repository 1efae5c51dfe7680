import { describe, expect, it } from 'vitest';
import { joinRange, splitRange, timeRangeKind } from './time-range';

describe('time range', () => {
  it('classifies ranges by editor', () => {
    expect(timeRangeKind('No filter')).toBe('none');
    expect(timeRangeKind('Last week')).toBe('last');
    expect(timeRangeKind('previous calendar year')).toBe('previous');
    expect(timeRangeKind('2000-01-01 : 2010-01-01')).toBe('custom');
    expect(timeRangeKind('2000-01-01 : ')).toBe('custom');
    expect(timeRangeKind('DATEADD(DATETIME("today"), -7, day) : today')).toBe('advanced');
  });

  it('splits and joins since and until', () => {
    expect(splitRange('a : b')).toEqual(['a', 'b']);
    expect(joinRange(' 2000-01-01', '')).toBe('2000-01-01 : ');
  });
});
