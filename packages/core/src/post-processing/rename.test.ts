import { describe, expect, it } from 'vitest';
import { createFrame } from './frame';
import { flatten } from './flatten';
import { pivot } from './pivot';
import { rename } from './rename';

const frame = createFrame(
  ['x', 'g', 'SUM(num)'],
  [
    { x: 1, g: 'boy', 'SUM(num)': 1 },
    { x: 1, g: 'girl', 'SUM(num)': 2 },
  ],
);
const pivoted = pivot(frame, {
  index: ['x'],
  columns: ['g'],
  aggregates: { 'SUM(num)': { operator: 'sum' } },
});

describe('rename', () => {
  it('drops the metric label when renamed to null at level 0 (single-metric charts)', () => {
    const result = flatten(rename(pivoted, { columns: { 'SUM(num)': null }, level: 0, inplace: true }));
    expect(result.columns).toEqual(['x', 'boy', 'girl']);
    expect(result.rows).toEqual([{ x: 1, boy: 1, girl: 2 }]);
  });

  it('renames metric labels at one level only, as Superset validates them', () => {
    expect(rename(pivoted, { columns: { 'SUM(num)': 'total' }, level: 0 }).columns).toEqual([
      'x',
      'total, boy',
      'total, girl',
    ]);
    expect(rename(pivoted, { columns: { 'SUM(num)': 'total' } }).columns).toEqual([
      'x',
      'total, boy',
      'total, girl',
    ]);
    // Level 1 holds no 'SUM(num)' label: nothing changes.
    expect(rename(pivoted, { columns: { 'SUM(num)': 'total' }, level: 1 }).columns).toEqual(pivoted.columns);
    expect(() => rename(pivoted, { columns: { boy: 'son' }, level: 1 })).toThrow(
      'Referenced columns not available in DataFrame.',
    );
    expect(() => rename(frame, { columns: { g: 'x' } })).toThrow('Label already exists');
  });

  it('renames plain columns and leaves the frame alone without a mapping', () => {
    const result = rename(frame, { columns: { 'SUM(num)': 'total' } });
    expect(result.columns).toEqual(['x', 'g', 'total']);
    expect(result.rows[1]).toEqual({ x: 1, g: 'girl', total: 2 });
    expect(rename(frame, { columns: {} })).toBe(frame);
  });
});
