import { describe, expect, it } from 'vitest';
import { contribution } from './contribution';
import { createFrame } from './frame';

const frame = createFrame(
  ['t', 'a', 'b', 'label'],
  [
    { t: 1000, a: 1, b: 3, label: 'x' },
    { t: 2000, a: 3, b: null, label: 'y' },
    { t: 3000, a: 0, b: 0, label: 'z' },
  ],
  { temporal: ['t'] },
);

describe('contribution', () => {
  it('divides by the row total, ignoring timestamps and text, keeping nulls', () => {
    const result = contribution(frame, { orientation: 'row' });
    expect(result.rows).toEqual([
      { t: 1000, a: 0.25, b: 0.75, label: 'x' },
      { t: 2000, a: 1, b: null, label: 'y' },
      { t: 3000, a: null, b: null, label: 'z' },
    ]);
  });

  it('divides by the column total by default, nulls as 0', () => {
    expect(contribution(frame).rows.map((row) => [row.a, row.b])).toEqual([
      [0.25, 1],
      [0.75, 0],
      [0, 0],
    ]);
  });

  it('divides by the column total into renamed columns', () => {
    const result = contribution(frame, { orientation: 'column', columns: ['a'], rename_columns: ['%a'] });
    expect(result.columns).toEqual(['t', 'a', 'b', 'label', '%a']);
    expect(result.rows.map((row) => row['%a'])).toEqual([0.25, 0.75, 0]);
  });

  it('normalises time-shifted columns among themselves', () => {
    const shifted = createFrame(
      ['m', 'n', 'm__1 year ago', 'n__1 year ago'],
      [{ m: 1, n: 1, 'm__1 year ago': 1, 'n__1 year ago': 3 }],
    );
    expect(contribution(shifted, { orientation: 'row', time_shifts: ['1 year ago'] }).rows).toEqual([
      { m: 0.5, n: 0.5, 'm__1 year ago': 0.25, 'n__1 year ago': 0.75 },
    ]);
  });

  it('rejects non-numeric columns and mismatched renames', () => {
    expect(() => contribution(frame, { columns: ['label'] })).toThrow(
      'Column "label" is not numeric or does not exists in the query results.',
    );
    expect(() => contribution(frame, { columns: ['a'], rename_columns: ['x', 'y'] })).toThrow(
      '`rename_columns` must have the same length as `columns` + `time_shift_columns`.',
    );
    expect(() => contribution(frame, { orientation: 'diagonal' as 'row' })).toThrow(
      /Invalid options for post processing operation contribution \(orientation\)/,
    );
  });
});
