import { describe, expect, it } from 'vitest';
import { encodeRison } from './rison';
import { decodeRison, RisonSyntaxError } from './rison-decode';

describe('decodeRison', () => {
  it('reads constants, numbers, bare and quoted strings', () => {
    expect(decodeRison('!t')).toBe(true);
    expect(decodeRison('!f')).toBe(false);
    expect(decodeRison('!n')).toBeNull();
    expect(decodeRison('-12.5')).toBe(-12.5);
    expect(decodeRison('1e21')).toBe(1e21);
    expect(decodeRison('NATIVE_FILTER-abc')).toBe('NATIVE_FILTER-abc');
    expect(decodeRison("'it!'s wow!!'")).toBe("it's wow!");
    expect(decodeRison("''")).toBe('');
  });

  it('reads objects and arrays, nested', () => {
    expect(
      decodeRison("(NATIVE_FILTER-x:(id:NATIVE_FILTER-x,filterState:(value:!(boy,'a b',1,!n))),e:!())"),
    ).toEqual({
      'NATIVE_FILTER-x': { id: 'NATIVE_FILTER-x', filterState: { value: ['boy', 'a b', 1, null] } },
      e: [],
    });
  });

  it('round-trips what the encoder writes', () => {
    const value = { q: [{ col: 'name', opr: 'ct', value: "O'Brien! 1" }], page: 0, 'a:b': null };
    expect(decodeRison(encodeRison(value))).toEqual(value);
  });

  it('refuses malformed text', () => {
    for (const bad of ['(a:1', '(a)', "'open", '!x', '(a:1)x', '', '!(1,)', '(a:1,,b:2)'])
      expect(() => decodeRison(bad), bad).toThrow(RisonSyntaxError);
  });
});
