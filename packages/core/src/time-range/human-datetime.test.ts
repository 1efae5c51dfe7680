import { describe, expect, it } from 'vitest';
import { parseHumanDatetime } from './human-datetime';
import { TimeRangeError } from './time-range-error';

const NOW = new Date('2024-03-13T15:30:45.500Z');
const parse = (text: string) => parseHumanDatetime(text, NOW).toISOString();

describe('parseHumanDatetime', () => {
  it('reads words relative to now, case-insensitively', () => {
    expect(parse('NOW')).toBe('2024-03-13T15:30:45.500Z');
    expect(parse('Today')).toBe('2024-03-13T00:00:00.000Z');
    expect(parse('yesterday')).toBe('2024-03-12T00:00:00.000Z');
    expect(parse('tomorrow')).toBe('2024-03-14T00:00:00.000Z');
  });

  it('reads ISO dates at any precision, with offsets', () => {
    expect(parse('2020')).toBe('2020-01-01T00:00:00.000Z');
    expect(parse('2020-02')).toBe('2020-02-01T00:00:00.000Z');
    expect(parse('2020-02-29')).toBe('2020-02-29T00:00:00.000Z');
    expect(parse('2020-02-29 23:59')).toBe('2020-02-29T23:59:00.000Z');
    expect(parse('2020-02-29T23:59:59.123456')).toBe('2020-02-29T23:59:59.123Z');
    expect(parse('2020-02-29T23:59:59Z')).toBe('2020-02-29T23:59:59.000Z');
    expect(parse('2020-03-01T01:00:00+0230')).toBe('2020-02-29T22:30:00.000Z');
    expect(parse('2020-03-01T01:00:00-05:00')).toBe('2020-03-01T06:00:00.000Z');
  });

  it('counts days and longer from midnight, hours and shorter from now', () => {
    expect(parse('2 days ago')).toBe('2024-03-11T00:00:00.000Z');
    expect(parse('1 quarter ago')).toBe('2023-12-13T00:00:00.000Z');
    expect(parse('1 week from now')).toBe('2024-03-20T00:00:00.000Z');
    expect(parse('90 minutes ago')).toBe('2024-03-13T14:00:45.500Z');
    expect(parse('10 seconds later')).toBe('2024-03-13T15:30:55.500Z');
    expect(parse('1 year after 2020-02-29')).toBe('2021-02-28T00:00:00.000Z');
    expect(parse('2 hours before tomorrow')).toBe('2024-03-13T22:00:00.000Z');
  });

  it('rejects invalid dates and unknown words', () => {
    for (const text of [
      '2023-02-29',
      '2020-01-01T24:00',
      '2020-00-10',
      'next tuesday',
      '3 fortnights ago',
      '',
    ]) {
      expect(() => parseHumanDatetime(text, NOW), text).toThrow(TimeRangeError);
    }
  });
});
