import { describe, expect, it } from 'vitest';
import { createFrame, type Frame } from './frame';
import { resample } from './resample';

const at = (text: string) => Date.parse(`${text}Z`);
const series = (points: [string, number | null][]): Frame =>
  createFrame(
    ['t', 'y'],
    points.map(([t, y]) => ({ t: at(t), y })),
    { index: ['t'], temporal: ['t'] },
  );
const out = (frame: Frame) =>
  frame.rows.map((row) => [new Date(Number(row.t)).toISOString().slice(0, 16), row.y]);

const gappy = series([
  ['2020-01-03T00:00', 3],
  ['2020-01-01T00:00', 1],
  ['2020-01-05T00:00', 7],
]);

describe('resample', () => {
  it('fills the gaps of a daily series', () => {
    expect(out(resample(gappy, { rule: '1D', method: 'asfreq', fill_value: 0 }))).toEqual([
      ['2020-01-01T00:00', 1],
      ['2020-01-02T00:00', 0],
      ['2020-01-03T00:00', 3],
      ['2020-01-04T00:00', 0],
      ['2020-01-05T00:00', 7],
    ]);
    expect(out(resample(gappy, { rule: '1D', method: 'asfreq' })).map(([, y]) => y)).toEqual([
      1,
      null,
      3,
      null,
      7,
    ]);
    expect(out(resample(gappy, { rule: '1D', method: 'ffill' })).map(([, y]) => y)).toEqual([1, 1, 3, 3, 7]);
    expect(out(resample(gappy, { rule: '1D', method: 'bfill' })).map(([, y]) => y)).toEqual([1, 3, 3, 7, 7]);
    expect(out(resample(gappy, { rule: '1D', method: 'linear' })).map(([, y]) => y)).toEqual([1, 2, 3, 5, 7]);
  });

  it('fills nulls already in the data for asfreq with a fill value and for ffill/bfill', () => {
    const holey = series([
      ['2020-01-01T00:00', 1],
      ['2020-01-02T00:00', null],
      ['2020-01-04T00:00', 4],
    ]);
    expect(out(resample(holey, { rule: '1D', method: 'asfreq', fill_value: 0 })).map(([, y]) => y)).toEqual([
      1, 0, 0, 4,
    ]);
    expect(out(resample(holey, { rule: '1D', method: 'asfreq' })).map(([, y]) => y)).toEqual([
      1,
      null,
      null,
      4,
    ]);
    expect(out(resample(holey, { rule: '1D', method: 'ffill' })).map(([, y]) => y)).toEqual([1, 1, 1, 4]);
    expect(out(resample(holey, { rule: '1D', method: 'bfill' })).map(([, y]) => y)).toEqual([1, 4, 4, 4]);
  });

  it('upsamples to hours and minutes', () => {
    const hourly = resample(
      series([
        ['2020-01-01T00:00', 1],
        ['2020-01-01T02:00', 2],
      ]),
      { rule: '1H', method: 'ffill' },
    );
    expect(out(hourly)).toEqual([
      ['2020-01-01T00:00', 1],
      ['2020-01-01T01:00', 1],
      ['2020-01-01T02:00', 2],
    ]);
    const minutes = resample(
      series([
        ['2020-01-01T00:00', 1],
        ['2020-01-01T00:02', 2],
      ]),
      { rule: '1T', method: 'asfreq' },
    );
    expect(minutes.rows).toHaveLength(3);
  });

  it('aggregates into month-end, month-start, year-start and weekly bins', () => {
    const days = series([
      ['2020-01-05T00:00', 1],
      ['2020-01-31T10:00', 2],
      ['2020-02-02T00:00', 4],
      ['2020-03-01T00:00', null],
    ]);
    expect(out(resample(days, { rule: '1M', method: 'sum' }))).toEqual([
      ['2020-01-31T00:00', 3],
      ['2020-02-29T00:00', 4],
      ['2020-03-31T00:00', 0],
    ]);
    expect(out(resample(days, { rule: 'MS', method: 'mean' }))).toEqual([
      ['2020-01-01T00:00', 1.5],
      ['2020-02-01T00:00', 4],
      ['2020-03-01T00:00', null],
    ]);
    expect(out(resample(days, { rule: '1AS', method: 'median' }))).toEqual([['2020-01-01T00:00', 2]]);
    // 2020-01-05 is a Sunday: it closes the first W-SUN bin.
    expect(out(resample(days, { rule: 'W', method: 'sum' })).slice(0, 3)).toEqual([
      ['2020-01-05T00:00', 1],
      ['2020-01-12T00:00', 0],
      ['2020-01-19T00:00', 0],
    ]);
  });

  it('starts multi-day bins at midnight of the first day', () => {
    const days = series([
      ['2020-01-01T06:00', 1],
      ['2020-01-08T00:00', 2],
      ['2020-01-09T00:00', 3],
    ]);
    expect(out(resample(days, { rule: '7D', method: 'sum' }))).toEqual([
      ['2020-01-01T00:00', 1],
      ['2020-01-08T00:00', 5],
    ]);
  });

  it('keeps pivoted value columns and the index', () => {
    const frame: Frame = {
      columns: ['t', 'm, a', 'm, b'],
      rows: [
        { t: at('2020-01-01T00:00'), 'm, a': 1, 'm, b': 2 },
        { t: at('2020-01-03T00:00'), 'm, a': 3, 'm, b': 4 },
      ],
      index: ['t'],
      levels: { 'm, a': ['m', 'a'], 'm, b': ['m', 'b'] },
    };
    const result = resample(frame, { rule: '1D', method: 'asfreq', fill_value: 0 });
    expect(result.rows[1]).toEqual({ t: at('2020-01-02T00:00'), 'm, a': 0, 'm, b': 0 });
    expect(result.levels).toEqual(frame.levels);
  });

  it('rejects frames without a time index, unknown methods and rules', () => {
    expect(() => resample(createFrame(['t'], []), { rule: '1D', method: 'asfreq' })).toThrow(
      'Resample operation requires DatetimeIndex',
    );
    expect(() => resample(gappy, { rule: '1D', method: 'pad' })).toThrow(
      'Resample method should be in asfreq, bfill, ffill, linear, median, mean, sum.',
    );
    expect(() => resample(gappy, { rule: '1X', method: 'asfreq' })).toThrow('Invalid resample rule: 1X');
    expect(() => resample(gappy, { rule: '0D', method: 'asfreq' })).toThrow('Invalid resample rule: 0D');
  });
});
