import { describe, expect, it } from 'vitest';
import { createFrame } from './frame';
import { rank } from './rank';

const frame = createFrame(
  ['x', 'v'],
  [
    { x: 'a', v: 10 },
    { x: 'a', v: 30 },
    { x: 'b', v: 5 },
    { x: 'a', v: 30 },
    { x: 'b', v: null },
  ],
);

describe('rank', () => {
  it('ranks as percentiles with averaged ties over the whole frame', () => {
    expect(rank(frame, { metric: 'v' }).rows.map((row) => row.rank)).toEqual([0.5, 0.875, 0.25, 0.875, null]);
  });

  it('ranks within groups', () => {
    expect(rank(frame, { metric: 'v', group_by: 'x' }).rows.map((row) => row.rank)).toEqual([
      1 / 3,
      2.5 / 3,
      1,
      2.5 / 3,
      null,
    ]);
  });

  it('rejects unknown columns', () => {
    expect(() => rank(frame, { metric: 'nope' })).toThrow('Referenced columns not available in DataFrame.');
  });
});
