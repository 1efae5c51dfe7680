import { describe, expect, it } from 'vitest';
import { createFrame } from './frame';
import { flatten } from './flatten';
import { pivot } from './pivot';

const frame = createFrame(
  ['x', 'g', 'h', 'm'],
  [
    { x: 1, g: 'a', h: 'p', m: 1 },
    { x: 1, g: 'b', h: 'q', m: 2 },
  ],
);
const pivoted = pivot(frame, { index: ['x'], columns: ['g', 'h'], aggregates: { m: { operator: 'sum' } } });

describe('flatten', () => {
  it('turns the index into columns and keeps joined names', () => {
    const result = flatten(pivoted);
    expect(result).toEqual({
      columns: ['x', 'm, a, p', 'm, b, q'],
      rows: [{ x: 1, 'm, a, p': 1, 'm, b, q': 2 }],
    });
  });

  it('drops levels by position, negative position or name', () => {
    expect(flatten(pivoted, { drop_levels: [0] }).columns).toEqual(['x', 'a, p', 'b, q']);
    expect(flatten(pivoted, { drop_levels: [-1] }).columns).toEqual(['x', 'm, a', 'm, b']);
    expect(flatten(pivoted, { drop_levels: ['g', 0] }).columns).toEqual(['x', 'p', 'q']);
    expect(() => flatten(pivoted, { drop_levels: [5] })).toThrow('Invalid level to drop: 5');
  });

  it('keeps the index with reset_index false and leaves flat frames alone', () => {
    expect(flatten(pivoted, { reset_index: false }).index).toEqual(['x']);
    expect(flatten(frame)).toEqual(frame);
  });
});
