import { describe, expect, it } from 'vitest';
import { createFrame } from './frame';
import { select } from './select';

const frame = createFrame(['a', 'b', 'c'], [{ a: 1, b: 2, c: 3 }]);

describe('select', () => {
  it('keeps, orders, excludes and renames columns', () => {
    expect(select(frame, { columns: ['c', 'a'] })).toEqual({ columns: ['c', 'a'], rows: [{ c: 3, a: 1 }] });
    expect(select(frame, { exclude: ['b'], rename: { c: 'z' } })).toEqual({
      columns: ['a', 'z'],
      rows: [{ a: 1, z: 3 }],
    });
  });

  it('rejects unknown columns', () => {
    expect(() => select(frame, { columns: ['d'] })).toThrow('Referenced columns not available in DataFrame.');
  });
});
