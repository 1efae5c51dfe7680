import { describe, expect, it } from 'vitest';
import { createFrame } from './frame';
import { pivot } from './pivot';
import { rolling } from './rolling';

const frame = createFrame(
  ['t', 'y'],
  [1, 2, null, 4, 5].map((y, t) => ({ t, y })),
  { index: ['t'] },
);
const ys = (result: { rows: Record<string, unknown>[] }, column = 'y') =>
  result.rows.map((row) => row[column]);

describe('rolling', () => {
  it('computes sum and mean over a window, skipping nulls, with min_periods', () => {
    expect(
      ys(rolling(frame, { rolling_type: 'sum', window: 2, min_periods: 0, columns: { y: 'y' } })),
    ).toEqual([1, 3, 2, 4, 9]);
    expect(
      ys(rolling(frame, { rolling_type: 'mean', window: 3, min_periods: 0, columns: { y: 'y' } })),
    ).toEqual([1, 1.5, 1.5, 3, 4.5]);
    // Without min_periods a window needs `window` values: any null inside makes it null.
    expect(ys(rolling(frame, { rolling_type: 'sum', window: 2, columns: { y: 'y' } }))).toEqual([
      null,
      3,
      null,
      null,
      9,
    ]);
  });

  it('drops the first min_periods rows, as Superset does', () => {
    const result = rolling(frame, { rolling_type: 'sum', window: 2, min_periods: 2, columns: { y: 'y' } });
    expect(result.rows.map((row) => row.t)).toEqual([2, 3, 4]);
    expect(ys(result)).toEqual([null, null, 9]);
  });

  it('computes std, min, max, median, count and quantile', () => {
    const f = createFrame(
      ['y'],
      [2, 4, 4, 4, 5, 5, 7, 9].map((y) => ({ y })),
    );
    const std = ys(rolling(f, { rolling_type: 'std', window: 8, columns: { y: 's' } }), 's');
    expect(std.slice(0, 7)).toEqual([null, null, null, null, null, null, null]);
    expect(std[7]).toBeCloseTo(2.13809, 5);
    expect(ys(rolling(f, { rolling_type: 'max', window: 3, min_periods: 0, columns: { y: 'y' } }))).toEqual([
      2, 4, 4, 4, 5, 5, 7, 9,
    ]);
    expect(ys(rolling(f, { rolling_type: 'min', window: 3, min_periods: 0, columns: { y: 'y' } }))).toEqual([
      2, 2, 2, 4, 4, 4, 5, 5,
    ]);
    expect(
      ys(rolling(f, { rolling_type: 'median', window: 2, min_periods: 0, columns: { y: 'y' } })),
    ).toEqual([2, 3, 4, 4, 4.5, 5, 6, 8]);
    expect(ys(rolling(f, { rolling_type: 'count', window: 3, min_periods: 0, columns: { y: 'y' } }))).toEqual(
      [1, 2, 3, 3, 3, 3, 3, 3],
    );
    expect(
      ys(
        rolling(f, {
          rolling_type: 'quantile',
          window: 3,
          rolling_type_options: { quantile: 1 },
          columns: { y: 'q' },
        }),
        'q',
      ),
    ).toEqual([null, null, 4, 4, 5, 5, 7, 9]);
  });

  it('centres windows', () => {
    const f = createFrame(
      ['y'],
      [1, 2, 3, 4].map((y) => ({ y })),
    );
    expect(ys(rolling(f, { rolling_type: 'sum', window: 3, center: true, columns: { y: 'y' } }))).toEqual([
      null,
      6,
      9,
      null,
    ]);
    expect(ys(rolling(f, { rolling_type: 'max', window: 3, center: true, columns: { y: 'y' } }))).toEqual([
      null,
      3,
      4,
      null,
    ]);
  });

  it('writes to a new target and rolls every pivoted column of a metric', () => {
    const long = createFrame(
      ['t', 's', 'm'],
      [
        { t: 1, s: 'a', m: 1 },
        { t: 1, s: 'b', m: 10 },
        { t: 2, s: 'a', m: 2 },
        { t: 2, s: 'b', m: 20 },
      ],
    );
    const pivoted = pivot(long, { index: ['t'], columns: ['s'], aggregates: { m: { operator: 'sum' } } });
    const result = rolling(pivoted, { rolling_type: 'sum', window: 2, min_periods: 0, columns: { m: 'm' } });
    expect(result.rows).toEqual([
      { t: 1, 'm, a': 1, 'm, b': 10 },
      { t: 2, 'm, a': 3, 'm, b': 30 },
    ]);
    const added = rolling(frame, { rolling_type: 'sum', window: 2, min_periods: 0, columns: { y: 'y_sum' } });
    expect(added.columns).toEqual(['t', 'y', 'y_sum']);
  });

  it('rejects a missing or zero window, unknown types and unknown columns', () => {
    expect(() => rolling(frame, { rolling_type: 'sum', columns: { y: 'y' } })).toThrow(
      'Undefined window for rolling operation',
    );
    expect(() => rolling(frame, { rolling_type: 'sum', window: 0, columns: { y: 'y' } })).toThrow(
      'Window must be > 0',
    );
    expect(() => rolling(frame, { rolling_type: 'apply', window: 2, columns: { y: 'y' } })).toThrow(
      'Invalid rolling_type: apply',
    );
    expect(() => rolling(frame, { rolling_type: 'sum', window: 2, columns: { z: 'z' } })).toThrow(
      'Referenced columns not available in DataFrame.',
    );
  });
});
