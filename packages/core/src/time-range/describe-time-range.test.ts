import { describe, expect, it } from 'vitest';
import { describeTimeRange, formatRangeBound } from './describe-time-range';

const now = new Date('2024-05-15T13:30:00Z');

describe('describeTimeRange', () => {
  it('shows a custom range with the column between its bounds', () => {
    expect(describeTimeRange('1990-01-01 : 2000-01-01', 'ds', now)).toEqual({
      ok: true,
      text: '1990-01-01 ≤ ds < 2000-01-01',
    });
  });

  it('resolves relative and advanced ranges against now', () => {
    expect(describeTimeRange('Last year', 'ds', now)).toEqual({
      ok: true,
      text: '2023-05-15 ≤ ds < 2024-05-15',
    });
    expect(describeTimeRange('previous calendar quarter', 'ds', now)).toEqual({
      ok: true,
      text: '2024-01-01 ≤ ds < 2024-04-01',
    });
    expect(describeTimeRange('Current month', 'ds', now)).toEqual({
      ok: true,
      text: '2024-05-01 ≤ ds < 2024-06-01',
    });
    expect(
      describeTimeRange(
        'DATEADD(DATETIME("2000-01-01"), -10, year) : DATETRUNC(DATETIME("2000-06-30"), year)',
        'ds',
        now,
      ),
    ).toEqual({ ok: true, text: '1990-01-01 ≤ ds < 2000-01-01' });
  });

  it('marks open sides with infinity and both open as No filter', () => {
    expect(describeTimeRange('1990-01-01 : ', 'ds', now)).toEqual({ ok: true, text: '1990-01-01 ≤ ds < ∞' });
    expect(describeTimeRange(' : now', 'ds', now)).toEqual({
      ok: true,
      text: '-∞ ≤ ds < 2024-05-15T13:30:00',
    });
    expect(describeTimeRange('No filter', 'ds', now)).toEqual({ ok: true, text: 'No filter' });
  });

  it('returns the parser message for text it cannot read', () => {
    const result = describeTimeRange('whenever : 2000-01-01', 'ds', now);
    expect(result.ok).toBe(false);
    expect(describeTimeRange('2001-01-01 : 2000-01-01', 'ds', now).ok).toBe(false);
  });

  it('formats bounds as dates at midnight, else as datetimes', () => {
    expect(formatRangeBound(new Date('2000-01-01T00:00:00Z'))).toBe('2000-01-01');
    expect(formatRangeBound(new Date('2000-01-01T06:07:08Z'))).toBe('2000-01-01T06:07:08');
  });
});
