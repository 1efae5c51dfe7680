import { describe, expect, it } from 'vitest';
import { createFrame } from './frame';
import { sort } from './sort';

const frame = createFrame(
  ['x', 'a', 'b'],
  [
    { x: 3, a: 'p', b: 2 },
    { x: 1, a: null, b: 1 },
    { x: 2, a: 'q', b: 2 },
    { x: 4, a: 'p', b: null },
  ],
  { index: ['x'] },
);
const xs = (result: { rows: Record<string, unknown>[] }) => result.rows.map((row) => row.x);

describe('sort', () => {
  it('sorts by the index', () => {
    expect(xs(sort(frame, { is_sort_index: true }))).toEqual([1, 2, 3, 4]);
    expect(xs(sort(frame, { is_sort_index: true, ascending: false }))).toEqual([4, 3, 2, 1]);
  });

  it('sorts by columns with per-column direction, nulls last, stably', () => {
    expect(xs(sort(frame, { by: 'b' }))).toEqual([1, 3, 2, 4]);
    expect(xs(sort(frame, { by: 'b', ascending: false }))).toEqual([3, 2, 1, 4]);
    expect(xs(sort(frame, { by: ['a', 'b'], ascending: [true, false] }))).toEqual([3, 4, 2, 1]);
    expect(xs(sort(frame, { columns: { a: false } }))).toEqual([2, 3, 4, 1]);
  });

  it('requires a sort key and known columns', () => {
    expect(() => sort(frame, {})).toThrow('Either is_sort_index or by must be set');
    expect(() => sort(frame, { by: 'nope' })).toThrow('Referenced columns not available');
    expect(() => sort(frame, { by: ['a'], ascending: [true, false] })).toThrow('Length of ascending');
  });
});
