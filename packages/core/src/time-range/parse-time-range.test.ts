import { describe, expect, it } from 'vitest';
import { parseTimeRange } from './parse-time-range';
import { TimeRangeError } from './time-range-error';

// Wednesday 2024-03-13 15:30:45 UTC (2024 is a leap year).
const NOW = new Date('2024-03-13T15:30:45.000Z');
const iso = (date: Date | null) => date?.toISOString() ?? null;
const range = (text: string | null | undefined, now = NOW, options = {}) => {
  const { since, until } = parseTimeRange(text, now, options);
  return [iso(since), iso(until)];
};

describe('parseTimeRange', () => {
  it('has no bounds for No filter, empty and missing ranges', () => {
    expect(range('No filter')).toEqual([null, null]);
    expect(range('')).toEqual([null, null]);
    expect(range(null)).toEqual([null, null]);
    expect(range(undefined)).toEqual([null, null]);
  });

  it('reads Last <unit> as [today - 1 unit, today)', () => {
    expect(range('Last day')).toEqual(['2024-03-12T00:00:00.000Z', '2024-03-13T00:00:00.000Z']);
    expect(range('Last week')).toEqual(['2024-03-06T00:00:00.000Z', '2024-03-13T00:00:00.000Z']);
    expect(range('Last month')).toEqual(['2024-02-13T00:00:00.000Z', '2024-03-13T00:00:00.000Z']);
    expect(range('Last quarter')).toEqual(['2023-12-13T00:00:00.000Z', '2024-03-13T00:00:00.000Z']);
    expect(range('Last year')).toEqual(['2023-03-13T00:00:00.000Z', '2024-03-13T00:00:00.000Z']);
  });

  it('clamps Last month at month ends and leap days', () => {
    expect(range('Last month', new Date('2024-03-31T08:00:00Z'))[0]).toBe('2024-02-29T00:00:00.000Z');
    expect(range('Last month', new Date('2023-03-31T08:00:00Z'))[0]).toBe('2023-02-28T00:00:00.000Z');
    expect(range('Last year', new Date('2024-02-29T08:00:00Z'))[0]).toBe('2023-02-28T00:00:00.000Z');
    expect(range('Last quarter', new Date('2024-05-31T08:00:00Z'))[0]).toBe('2024-02-29T00:00:00.000Z');
  });

  it('honours relative_start / relative_end = now', () => {
    expect(range('Last day', NOW, { relativeStart: 'now', relativeEnd: 'now' })).toEqual([
      '2024-03-12T15:30:45.000Z',
      '2024-03-13T15:30:45.000Z',
    ]);
  });

  it('reads Last N units and Next N units', () => {
    expect(range('Last 3 days')).toEqual(['2024-03-10T00:00:00.000Z', '2024-03-13T00:00:00.000Z']);
    expect(range('Next 2 weeks')).toEqual(['2024-03-13T00:00:00.000Z', '2024-03-27T00:00:00.000Z']);
  });

  it('reads previous calendar periods (weeks start on Monday)', () => {
    expect(range('previous calendar week')).toEqual(['2024-03-04T00:00:00.000Z', '2024-03-11T00:00:00.000Z']);
    expect(range('previous calendar month')).toEqual([
      '2024-02-01T00:00:00.000Z',
      '2024-03-01T00:00:00.000Z',
    ]);
    expect(range('previous calendar quarter')).toEqual([
      '2023-10-01T00:00:00.000Z',
      '2024-01-01T00:00:00.000Z',
    ]);
    expect(range('previous calendar year')).toEqual(['2023-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z']);
    // On a Monday the previous calendar week is the whole week before.
    expect(range('previous calendar week', new Date('2024-03-11T00:00:00Z'))).toEqual([
      '2024-03-04T00:00:00.000Z',
      '2024-03-11T00:00:00.000Z',
    ]);
    // On a Sunday it is still the week before the current (Monday-based) one.
    expect(range('previous calendar week', new Date('2024-03-17T23:00:00Z'))[0]).toBe(
      '2024-03-04T00:00:00.000Z',
    );
  });

  it('reads Current periods', () => {
    expect(range('Current day')).toEqual(['2024-03-13T00:00:00.000Z', '2024-03-14T00:00:00.000Z']);
    expect(range('Current week')).toEqual(['2024-03-11T00:00:00.000Z', '2024-03-18T00:00:00.000Z']);
    expect(range('Current month')).toEqual(['2024-03-01T00:00:00.000Z', '2024-04-01T00:00:00.000Z']);
    expect(range('Current quarter')).toEqual(['2024-01-01T00:00:00.000Z', '2024-04-01T00:00:00.000Z']);
    expect(range('Current year')).toEqual(['2024-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z']);
  });

  it('reads since : until with ISO dates, datetimes and open sides', () => {
    expect(range('2020-01-01 : 2020-02-01')).toEqual([
      '2020-01-01T00:00:00.000Z',
      '2020-02-01T00:00:00.000Z',
    ]);
    expect(range('2020-01-01T10:00:00 : 2020-01-01T12:30:00')).toEqual([
      '2020-01-01T10:00:00.000Z',
      '2020-01-01T12:30:00.000Z',
    ]);
    expect(range('2020-01-01 : ')).toEqual(['2020-01-01T00:00:00.000Z', null]);
    expect(range(' : 2020-01-01')).toEqual([null, '2020-01-01T00:00:00.000Z']);
    expect(range('2020-01-01 : No filter')).toEqual(['2020-01-01T00:00:00.000Z', null]);
    expect(range('2020-01-01T10:00:00+02:00 : now')).toEqual(['2020-01-01T08:00:00.000Z', iso(NOW)]);
  });

  it('reads words and relative phrases', () => {
    expect(range('yesterday : tomorrow')).toEqual(['2024-03-12T00:00:00.000Z', '2024-03-14T00:00:00.000Z']);
    expect(range('today : now')).toEqual(['2024-03-13T00:00:00.000Z', '2024-03-13T15:30:45.000Z']);
    expect(range('1 year ago : now')).toEqual(['2023-03-13T00:00:00.000Z', '2024-03-13T15:30:45.000Z']);
    expect(range('3 hours ago : 2 days later')).toEqual([
      '2024-03-13T12:30:45.000Z',
      '2024-03-15T00:00:00.000Z',
    ]);
    expect(range('7 days before 2020-03-01 : 1 month after 2020-01-31')).toEqual([
      '2020-02-23T00:00:00.000Z',
      '2020-02-29T00:00:00.000Z',
    ]);
  });

  it('evaluates DATEADD / DATETIME / DATETRUNC / LASTDAY expressions', () => {
    expect(range('DATEADD(DATETIME("2020-01-01"), -7, day) : DATETIME("now")')).toEqual([
      '2019-12-25T00:00:00.000Z',
      iso(NOW),
    ]);
    expect(range("DATETRUNC(DATETIME('today'), month) : LASTDAY(DATETIME('today'), month)")).toEqual([
      '2024-03-01T00:00:00.000Z',
      '2024-03-31T00:00:00.000Z',
    ]);
    expect(
      range('datetrunc(dateadd(datetime("today"), -1, YEAR), year) : LASTDAY(DATETIME("2024-02-10"), MONTH)'),
    ).toEqual(['2023-01-01T00:00:00.000Z', '2024-02-29T00:00:00.000Z']);
    expect(
      range('DATETRUNC(DATETIME("2024-03-13T15:30:45"), week) : LASTDAY(DATETIME("2024-03-13"), week)'),
    ).toEqual(['2024-03-11T00:00:00.000Z', '2024-03-17T00:00:00.000Z']);
    expect(
      range('DATEADD(DATETIME("2024-01-31"), 1, month) : DATETRUNC(DATETIME("2024-08-20"), quarter)'),
    ).toEqual(['2024-02-29T00:00:00.000Z', '2024-07-01T00:00:00.000Z']);
  });

  it('rejects what it cannot read, without evaluating anything', () => {
    const bad = [
      'garbage',
      'Last fortnight',
      '2020-13-01 : now',
      '2021-02-29 : now',
      'DATEADD(DATETIME("today"), -1, fortnight) : now',
      'DATEADD(DATETIME("today"), x, day) : now',
      'DATETIME("today") + 1 : now',
      'EVAL("process.exit()") : now',
      'HOLIDAY("christmas") : now',
      'DATETIME("today" : now',
      '7 days : now',
      'soon : now',
    ];
    for (const text of bad) expect(() => parseTimeRange(text, NOW), text).toThrow(TimeRangeError);
    expect(() => parseTimeRange('7 days : now', NOW)).toThrow(/ambiguous/);
  });

  it('rejects since after until', () => {
    expect(() => parseTimeRange('2021-01-01 : 2020-01-01', NOW)).toThrow(
      'From date cannot be larger than to date',
    );
  });
});
