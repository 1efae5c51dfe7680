import { describe, expect, it } from 'vitest';
import { diff } from './diff';
import { createFrame } from './frame';

const frame = createFrame(
  ['a', 'b'],
  [
    { a: 1, b: 10 },
    { a: 4, b: 30 },
    { a: null, b: 60 },
    { a: 10, b: 100 },
  ],
);

describe('diff', () => {
  it('subtracts the row `periods` before, or after when negative', () => {
    expect(diff(frame, { columns: { a: 'a' } }).rows.map((row) => row.a)).toEqual([null, 3, null, null]);
    expect(diff(frame, { columns: { b: 'db' }, periods: 2 }).rows.map((row) => row.db)).toEqual([
      null,
      null,
      50,
      70,
    ]);
    expect(diff(frame, { columns: { b: 'b' }, periods: -1 }).rows.map((row) => row.b)).toEqual([
      -20,
      -30,
      -40,
      null,
    ]);
  });

  it('subtracts the previous selected column along axis 1', () => {
    const result = diff(frame, { columns: { a: 'a', b: 'b' }, axis: 1 });
    expect(result.rows[1]).toEqual({ a: null, b: 26 });
  });
});
