import { describe, expect, it } from 'vitest';
import { encodeRison } from './rison';

describe('encodeRison', () => {
  it('encodes the constants', () => {
    expect(encodeRison(null)).toBe('!n');
    expect(encodeRison(true)).toBe('!t');
    expect(encodeRison(false)).toBe('!f');
  });

  it('encodes numbers, dropping the + of an exponent', () => {
    expect(encodeRison(0)).toBe('0');
    expect(encodeRison(-12.5)).toBe('-12.5');
    expect(encodeRison(1e21)).toBe('1e21');
    expect(() => encodeRison(Number.NaN)).toThrow(RangeError);
  });

  it('leaves identifiers bare and quotes everything else', () => {
    expect(encodeRison('database_name')).toBe('database_name');
    expect(encodeRison('a.b/c-d')).toBe('a.b/c-d');
    expect(encodeRison('')).toBe("''");
    expect(encodeRison('my db')).toBe("'my db'");
    expect(encodeRison('1abc')).toBe("'1abc'");
    expect(encodeRison('-x')).toBe("'-x'");
    expect(encodeRison('a:b')).toBe("'a:b'");
  });

  it("escapes ' and ! with !", () => {
    expect(encodeRison("it's")).toBe("'it!'s'");
    expect(encodeRison('wow!')).toBe("'wow!!'");
  });

  it('encodes arrays and objects, skipping undefined members', () => {
    expect(encodeRison([])).toBe('!()');
    expect(encodeRison([1, 'a b', null])).toBe("!(1,'a b',!n)");
    expect(encodeRison({})).toBe('()');
    expect(encodeRison({ force: false, skipped: undefined })).toBe('(force:!f)');
  });

  it('encodes a list query', () => {
    expect(
      encodeRison({
        filters: [{ col: 'database_name', opr: 'ct', value: 'ex am' }],
        order_column: 'changed_on',
        order_direction: 'desc',
        page: 0,
        page_size: 25,
      }),
    ).toBe(
      "(filters:!((col:database_name,opr:ct,value:'ex am')),order_column:changed_on,order_direction:desc,page:0,page_size:25)",
    );
  });
});
