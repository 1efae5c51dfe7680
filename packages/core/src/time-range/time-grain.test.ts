import { LEGACY_TIME_GRAINS, TIME_GRAINS } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { truncateEpochToGrain, truncateToGrain } from './time-grain';
import { TimeRangeError } from './time-range-error';

// Wednesday 2024-08-14 13:47:38.250 UTC
const T = new Date('2024-08-14T13:47:38.250Z');

describe('truncateToGrain', () => {
  it('truncates to every grain of TIME_GRAINS and LEGACY_TIME_GRAINS', () => {
    const got = Object.fromEntries(
      [...TIME_GRAINS, ...LEGACY_TIME_GRAINS].map((g) => [
        g.name,
        truncateToGrain(T, g.duration).toISOString(),
      ]),
    );
    expect(got).toEqual({
      all: '2024-08-14T13:47:38.250Z',
      '5 seconds': '2024-08-14T13:47:35.000Z',
      '30 seconds': '2024-08-14T13:47:30.000Z',
      '1 minute': '2024-08-14T13:47:00.000Z',
      '5 minutes': '2024-08-14T13:45:00.000Z',
      '30 minutes': '2024-08-14T13:30:00.000Z',
      '1 hour': '2024-08-14T13:00:00.000Z',
      '6 hour': '2024-08-14T12:00:00.000Z',
      '1 day': '2024-08-14T00:00:00.000Z',
      // Seven-day buckets from Thursday 1970-01-01.
      '7 days': '2024-08-08T00:00:00.000Z',
      week: '2024-08-12T00:00:00.000Z',
      'week starting Sunday': '2024-08-11T00:00:00.000Z',
      'week ending Saturday': '2024-08-17T00:00:00.000Z',
      month: '2024-08-01T00:00:00.000Z',
      quarter: '2024-07-01T00:00:00.000Z',
      year: '2024-01-01T00:00:00.000Z',
      Second: '2024-08-14T13:47:38.000Z',
      '10 minute': '2024-08-14T13:40:00.000Z',
      '15 minute': '2024-08-14T13:45:00.000Z',
      'Week starting Monday': '2024-08-12T00:00:00.000Z',
      'Week ending Sunday': '2024-08-18T00:00:00.000Z',
    });
  });

  it('handles week edges on the anchor days themselves', () => {
    const sunday = new Date('2024-08-18T23:59:59Z');
    const saturday = new Date('2024-08-17T05:00:00Z');
    expect(truncateToGrain(sunday, 'P1W').toISOString()).toBe('2024-08-12T00:00:00.000Z');
    expect(truncateToGrain(sunday, '1969-12-28T00:00:00Z/P1W').toISOString()).toBe(
      '2024-08-18T00:00:00.000Z',
    );
    expect(truncateToGrain(sunday, 'P1W/1970-01-04T00:00:00Z').toISOString()).toBe(
      '2024-08-18T00:00:00.000Z',
    );
    expect(truncateToGrain(sunday, 'P1W/1970-01-03T00:00:00Z').toISOString()).toBe(
      '2024-08-24T00:00:00.000Z',
    );
    expect(truncateToGrain(saturday, 'P1W/1970-01-03T00:00:00Z').toISOString()).toBe(
      '2024-08-17T00:00:00.000Z',
    );
    // A week spanning the new year starts in December.
    expect(truncateToGrain(new Date('2025-01-01T10:00:00Z'), 'P1W').toISOString()).toBe(
      '2024-12-30T00:00:00.000Z',
    );
  });

  it('puts quarter starts and leap days in the right bucket', () => {
    expect(truncateToGrain(new Date('2024-03-31T23:59:59Z'), 'P3M').toISOString()).toBe(
      '2024-01-01T00:00:00.000Z',
    );
    expect(truncateToGrain(new Date('2024-04-01T00:00:00Z'), 'P3M').toISOString()).toBe(
      '2024-04-01T00:00:00.000Z',
    );
    expect(truncateToGrain(new Date('2024-12-31T12:00:00Z'), 'P3M').toISOString()).toBe(
      '2024-10-01T00:00:00.000Z',
    );
    expect(truncateToGrain(new Date('2024-02-29T12:00:00Z'), 'P1M').toISOString()).toBe(
      '2024-02-01T00:00:00.000Z',
    );
    expect(truncateToGrain(new Date('1969-05-05T12:00:00Z'), 'P1D').toISOString()).toBe(
      '1969-05-05T00:00:00.000Z',
    );
  });

  it('works on epoch milliseconds', () => {
    expect(truncateEpochToGrain(T.getTime(), 'P1D')).toBe(Date.UTC(2024, 7, 14));
  });

  it('rejects unknown grains', () => {
    for (const grain of ['', 'P', 'P1DT1H', 'P2W', 'weekly', 'PT']) {
      expect(() => truncateToGrain(T, grain), grain).toThrow(TimeRangeError);
    }
  });
});
