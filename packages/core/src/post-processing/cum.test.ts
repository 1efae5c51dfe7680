import { describe, expect, it } from 'vitest';
import { cum } from './cum';
import { createFrame } from './frame';

const frame = createFrame(
  ['y'],
  [3, null, 1, 4, 2].map((y) => ({ y })),
);
const values = (operator: string) => cum(frame, { operator, columns: { y: 'y' } }).rows.map((row) => row.y);

describe('cum', () => {
  it('accumulates sum, prod, min and max, leaving nulls in place', () => {
    expect(values('sum')).toEqual([3, null, 4, 8, 10]);
    expect(values('prod')).toEqual([3, null, 3, 12, 24]);
    expect(values('min')).toEqual([3, null, 1, 1, 1]);
    expect(values('max')).toEqual([3, null, 3, 4, 4]);
  });

  it('can write to another column and reads numeric strings', () => {
    const result = cum(createFrame(['y'], [{ y: '1.5' }, { y: 2 }]), {
      operator: 'sum',
      columns: { y: 'total' },
    });
    expect(result.rows).toEqual([
      { y: '1.5', total: 1.5 },
      { y: 2, total: 3.5 },
    ]);
  });

  it('rejects unknown operators and columns', () => {
    expect(() => values('mean')).toThrow('Invalid cumulative operator: mean');
    expect(() => cum(frame, { operator: 'sum', columns: { z: 'z' } })).toThrow(
      'Referenced columns not available',
    );
  });
});
