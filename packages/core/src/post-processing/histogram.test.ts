import { describe, expect, it } from 'vitest';
import { createFrame } from './frame';
import { histogram } from './histogram';

const frame = createFrame(
  ['g', 'v'],
  [
    { g: 'a', v: 0 },
    { g: 'a', v: 1 },
    { g: 'b', v: 2 },
    { g: 'b', v: 4 },
    { g: 'b', v: null },
  ],
);

describe('histogram', () => {
  it('counts values into equal-width bins named by integer edges, the last bin closed', () => {
    const result = histogram(frame, { column: 'v', bins: 2 });
    expect(result).toEqual({
      columns: ['0 - 2', '2 - 4'],
      rows: [{ '0 - 2': 2, '2 - 4': 2 }],
    });
  });

  it('groups, accumulates and normalises over the grand total', () => {
    const result = histogram(frame, {
      column: 'v',
      groupby: ['g'],
      bins: 4,
      cumulative: true,
      normalize: true,
    });
    expect(result.columns).toEqual(['g', '0 - 1', '1 - 2', '2 - 3', '3 - 4']);
    // Running counts a: 1 2 2 2, b: 0 0 1 2; normalised by their sum, 10.
    expect(result.rows).toEqual([
      { g: 'a', '0 - 1': 0.1, '1 - 2': 0.2, '2 - 3': 0.2, '3 - 4': 0.2 },
      { g: 'b', '0 - 1': 0, '1 - 2': 0, '2 - 3': 0.1, '3 - 4': 0.2 },
    ]);
  });

  it('widens a single value to ±0.5 and rejects text columns', () => {
    const single = histogram(createFrame(['v'], [{ v: 3 }]), { column: 'v', bins: 1 });
    expect(single.columns).toEqual(['2 - 3']);
    expect(single.rows).toEqual([{ '2 - 3': 1 }]);
    expect(() => histogram(frame, { column: 'g' })).toThrow("The column 'g' must be numeric.");
  });
});
