import { describe, expect, it } from 'vitest';
import {
  customSideText,
  joinRange,
  parseCustomSide,
  rangeForKind,
  splitRange,
  timeRangeKind,
} from './time-range';

describe('time range', () => {
  it('classifies ranges by editor', () => {
    expect(timeRangeKind('No filter')).toBe('none');
    expect(timeRangeKind('Last week')).toBe('last');
    expect(timeRangeKind('previous calendar quarter')).toBe('previous');
    expect(timeRangeKind('Current month')).toBe('current');
    expect(timeRangeKind('2000-01-01 : 2010-01-01')).toBe('custom');
    expect(timeRangeKind('2000-01-01 : ')).toBe('custom');
    expect(timeRangeKind('7 days ago : now')).toBe('custom');
    expect(timeRangeKind('DATEADD(DATETIME("today"), -7, day) : today')).toBe('advanced');
    expect(timeRangeKind('Last 3 days')).toBe('advanced');
  });

  it('splits and joins since and until', () => {
    expect(splitRange('a : b')).toEqual(['a', 'b']);
    expect(joinRange(' 2000-01-01', '')).toBe('2000-01-01 : ');
  });

  it('reads and writes each custom side', () => {
    expect(parseCustomSide('1990-01-01')).toEqual({ mode: 'specific', date: '1990-01-01' });
    expect(parseCustomSide('3 weeks later')).toEqual({
      mode: 'relative',
      amount: 3,
      unit: 'week',
      direction: 'later',
    });
    expect(parseCustomSide('now')).toEqual({ mode: 'now' });
    expect(parseCustomSide('today')).toEqual({ mode: 'today' });
    expect(parseCustomSide('')).toEqual({ mode: 'open' });
    expect(parseCustomSide('DATETIME("today")')).toBeNull();
    expect(customSideText({ mode: 'relative', amount: 1, unit: 'year', direction: 'ago' })).toBe(
      '1 year ago',
    );
    expect(customSideText({ mode: 'relative', amount: 2, unit: 'day', direction: 'later' })).toBe(
      '2 days later',
    );
  });

  it('starts each kind from a range of its own', () => {
    expect(rangeForKind('none', 'Last week')).toBe('No filter');
    expect(rangeForKind('last', 'No filter')).toBe('Last week');
    expect(rangeForKind('current', 'No filter')).toBe('Current day');
    expect(rangeForKind('custom', 'No filter')).toBe('today : now');
    expect(rangeForKind('custom', '1990-01-01 : 2000-01-01')).toBe('1990-01-01 : 2000-01-01');
    expect(rangeForKind('advanced', '1990-01-01 : 2000-01-01')).toBe('1990-01-01 : 2000-01-01');
    expect(rangeForKind('advanced', 'Last week')).toBe(' : ');
  });
});
