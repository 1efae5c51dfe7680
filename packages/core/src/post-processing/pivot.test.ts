import { describe, expect, it } from 'vitest';
import { createFrame } from './frame';
import { flatten } from './flatten';
import { pivot } from './pivot';
import { PostProcessingError } from './post-processing-error';

const DAY1 = Date.UTC(2020, 0, 1);
const DAY2 = Date.UTC(2020, 0, 2);
const births = createFrame(
  ['ds', 'gender', 'state', 'SUM(num)'],
  [
    { ds: DAY2, gender: 'girl', state: 'CA', 'SUM(num)': 5 },
    { ds: DAY1, gender: 'boy', state: 'CA', 'SUM(num)': 10 },
    { ds: DAY1, gender: 'girl', state: 'NY', 'SUM(num)': 7 },
    { ds: DAY1, gender: 'boy', state: 'NY', 'SUM(num)': 3 },
    { ds: DAY2, gender: null, state: 'NY', 'SUM(num)': 1 },
  ],
  { temporal: ['ds'] },
);

describe('pivot', () => {
  it('pivots one metric by one column with flattened names "metric, value"', () => {
    const result = flatten(
      pivot(births, { index: ['ds'], columns: ['gender'], aggregates: { 'SUM(num)': { operator: 'mean' } } }),
    );
    expect(result.columns).toEqual(['ds', 'SUM(num), <NULL>', 'SUM(num), boy', 'SUM(num), girl']);
    expect(result.rows).toEqual([
      { ds: DAY1, 'SUM(num), <NULL>': null, 'SUM(num), boy': 6.5, 'SUM(num), girl': 7 },
      { ds: DAY2, 'SUM(num), <NULL>': 1, 'SUM(num), boy': null, 'SUM(num), girl': 5 },
    ]);
    expect(result.index).toBeUndefined();
  });

  it('keeps plain metric names without series columns and sorts the index', () => {
    const result = pivot(births, { index: ['ds'], aggregates: { 'SUM(num)': { operator: 'sum' } } });
    expect(result.columns).toEqual(['ds', 'SUM(num)']);
    expect(result.rows).toEqual([
      { ds: DAY1, 'SUM(num)': 20 },
      { ds: DAY2, 'SUM(num)': 6 },
    ]);
    expect(result.index).toEqual(['ds']);
  });

  it('joins several series columns and fills missing cells with metric_fill_value', () => {
    const result = pivot(births, {
      index: ['ds'],
      columns: ['gender', 'state'],
      aggregates: { 'SUM(num)': { operator: 'sum' } },
      metric_fill_value: 0,
    });
    expect(result.columns).toEqual([
      'ds',
      'SUM(num), <NULL>, NY',
      'SUM(num), boy, CA',
      'SUM(num), boy, NY',
      'SUM(num), girl, CA',
      'SUM(num), girl, NY',
    ]);
    expect(result.rows[1]).toEqual({
      ds: DAY2,
      'SUM(num), <NULL>, NY': 1,
      'SUM(num), boy, CA': 0,
      'SUM(num), boy, NY': 0,
      'SUM(num), girl, CA': 5,
      'SUM(num), girl, NY': 0,
    });
  });

  it('puts the metric last with combine_value_with_metric', () => {
    const frame = createFrame(
      ['x', 's', 'a', 'b'],
      [
        { x: 1, s: 'p', a: 1, b: 2 },
        { x: 1, s: 'q', a: 3, b: 4 },
      ],
    );
    const result = pivot(frame, {
      index: ['x'],
      columns: ['s'],
      aggregates: { a: { operator: 'sum' }, b: { operator: 'sum' } },
      combine_value_with_metric: true,
    });
    expect(result.columns).toEqual(['x', 'p, a', 'p, b', 'q, a', 'q, b']);
    expect(result.rows).toEqual([{ x: 1, 'p, a': 1, 'p, b': 2, 'q, a': 3, 'q, b': 4 }]);
  });

  it('drops all-null columns and null index rows unless drop_missing_columns is false', () => {
    const frame = createFrame(
      ['x', 's', 'm'],
      [
        { x: 1, s: 'a', m: 1 },
        { x: 2, s: 'b', m: null },
        { x: null, s: 'a', m: 5 },
      ],
    );
    const dropping = pivot(frame, { index: ['x'], columns: ['s'], aggregates: { m: { operator: 'mean' } } });
    expect(dropping.columns).toEqual(['x', 'm, a']);
    expect(dropping.rows).toEqual([
      { x: 1, 'm, a': 1 },
      { x: 2, 'm, a': null },
    ]);
    const keeping = pivot(frame, {
      index: ['x'],
      columns: ['s'],
      aggregates: { m: { operator: 'mean' } },
      drop_missing_columns: false,
    });
    expect(keeping.columns).toEqual(['x', 'm, a', 'm, b']);
    expect(keeping.rows).toEqual([
      { x: 1, 'm, a': 1, 'm, b': null },
      { x: 2, 'm, a': null, 'm, b': null },
      { x: null, 'm, a': 5, 'm, b': null },
    ]);
  });

  it('escapes commas in labels and prints booleans and numbers like Python', () => {
    const frame = createFrame(
      ['x', 's', 'm'],
      [
        { x: 1, s: 'a, b', m: 1 },
        { x: 1, s: true, m: 2 },
        { x: 1, s: 2.5, m: 3 },
      ],
    );
    const result = pivot(frame, { index: ['x'], columns: ['s'], aggregates: { m: { operator: 'sum' } } });
    expect(result.columns).toEqual(['x', 'm, 2.5', 'm, True', 'm, a\\, b']);
  });

  it('counts and takes percentiles; columns are labelled by their source column', () => {
    const frame = createFrame(
      ['x', 'm', 'n'],
      [1, 2, 3, 4, null].map((m) => ({ x: 'k', m, n: m })),
    );
    const result = pivot(frame, {
      index: ['x'],
      aggregates: {
        c: { operator: 'count', column: 'n' },
        m: { operator: 'percentile', options: { q: 25 } },
      },
    });
    expect(result.rows).toEqual([{ x: 'k', n: 4, m: 1.75 }]);
    // Two aggregates of one column collide, as in Superset's pivot_table call: the last one wins.
    const collided = pivot(frame, {
      index: ['x'],
      aggregates: { a: { operator: 'count', column: 'm' }, b: { operator: 'max', column: 'm' } },
    });
    expect(collided.rows).toEqual([{ x: 'k', m: 4 }]);
  });

  it('rejects bad options with clear messages', () => {
    expect(() => pivot(births, { index: [], aggregates: { 'SUM(num)': { operator: 'sum' } } })).toThrow(
      'Pivot operation requires at least one index',
    );
    expect(() => pivot(births, { index: ['ds'], aggregates: {} })).toThrow(
      'Pivot operation must include at least one aggregate',
    );
    expect(() => pivot(births, { index: ['ds'], aggregates: { x: { operator: 'sum' } } })).toThrow(
      'Column referenced by aggregate is undefined: x',
    );
    expect(() => pivot(births, { index: ['ds'], aggregates: { 'SUM(num)': { operator: 'eval' } } })).toThrow(
      'Invalid numpy function: eval',
    );
    expect(() => pivot(births, { index: ['nope'], aggregates: { 'SUM(num)': { operator: 'sum' } } })).toThrow(
      PostProcessingError,
    );
  });
});

describe('pivot labels', () => {
  it('prints timestamp series values like pandas', () => {
    const frame = createFrame(['x', 'day', 'm'], [{ x: 'a', day: Date.UTC(2020, 0, 2, 3, 4, 5), m: 1 }], {
      temporal: ['day'],
    });
    const result = pivot(frame, { index: ['x'], columns: ['day'], aggregates: { m: { operator: 'sum' } } });
    expect(result.columns).toEqual(['x', 'm, 2020-01-02 03:04:05']);
  });
});
