import { describe, expect, it } from 'vitest';
import { aggregate } from './aggregate';
import { createFrame } from './frame';

const frame = createFrame(
  ['g', 'v'],
  [
    { g: 'b', v: 1 },
    { g: 'a', v: 2 },
    { g: 'b', v: 5 },
    { g: null, v: 100 },
    { g: 'a', v: null },
  ],
);

describe('aggregate', () => {
  it('groups (sorted, null keys dropped) and aggregates', () => {
    const result = aggregate(frame, {
      groupby: ['g'],
      aggregates: {
        total: { operator: 'sum', column: 'v' },
        average: { operator: 'mean', column: 'v' },
        spread: { operator: 'std', column: 'v' },
        v: { operator: 'count' },
      },
    });
    expect(result.columns).toEqual(['g', 'total', 'average', 'spread', 'v']);
    expect(result.rows).toEqual([
      { g: 'a', total: 2, average: 2, spread: null, v: 1 },
      { g: 'b', total: 6, average: 3, spread: Math.sqrt(8), v: 2 },
    ]);
  });

  it('aggregates everything into one row without groupby', () => {
    const result = aggregate(frame, { aggregates: { v: { operator: 'median' } } });
    expect(result.rows).toEqual([{ v: 3.5 }]);
  });

  it('rejects unknown functions and columns', () => {
    expect(() => aggregate(frame, { groupby: ['g'], aggregates: { v: { operator: 'system' } } })).toThrow(
      'Invalid numpy function: system',
    );
    expect(() => aggregate(frame, { groupby: ['nope'], aggregates: { v: { operator: 'sum' } } })).toThrow(
      'Referenced columns not available in DataFrame.',
    );
  });
});
