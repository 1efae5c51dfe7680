import { describe, expect, it } from 'vitest';
import { TIME_SHIFT_OPTIONS, parseTimeShift } from './time-shift';
import { TimeRangeError } from './time-range-error';

const at = (text: string) => new Date(text);

describe('parseTimeShift', () => {
  it('parses every option of the Explore control', () => {
    const base = at('2024-03-13T00:00:00Z');
    const shifted = Object.fromEntries(
      TIME_SHIFT_OPTIONS.map((option) => [
        option,
        parseTimeShift(option).apply(base).toISOString().slice(0, 10),
      ]),
    );
    expect(shifted).toEqual({
      '1 day ago': '2024-03-12',
      '1 week ago': '2024-03-06',
      '28 days ago': '2024-02-14',
      '30 days ago': '2024-02-12',
      '52 weeks ago': '2023-03-15',
      '1 year ago': '2023-03-13',
      '104 weeks ago': '2022-03-16',
      '2 years ago': '2022-03-13',
      '156 weeks ago': '2021-03-17',
      '3 years ago': '2021-03-13',
    });
  });

  it('keeps the label and a signed amount', () => {
    expect(parseTimeShift(' 2 weeks later ')).toMatchObject({
      label: '2 weeks later',
      amount: 2,
      unit: 'week',
    });
    expect(parseTimeShift('1 year ago')).toMatchObject({ amount: -1, unit: 'year' });
  });

  it('clamps years and months at month ends and reverts onto the original axis', () => {
    const shift = parseTimeShift('1 year ago');
    expect(shift.apply(at('2024-02-29T12:00:00Z')).toISOString()).toBe('2023-02-28T12:00:00.000Z');
    expect(shift.revert(at('2023-03-01T00:00:00Z')).toISOString()).toBe('2024-03-01T00:00:00.000Z');
    expect(parseTimeShift('1 month ago').apply(at('2024-03-31T00:00:00Z')).toISOString()).toBe(
      '2024-02-29T00:00:00.000Z',
    );
  });

  it('rejects other text', () => {
    for (const text of ['', 'last year', '1 fortnight ago', 'one year ago', '1 year']) {
      expect(() => parseTimeShift(text), text).toThrow(TimeRangeError);
    }
  });
});
