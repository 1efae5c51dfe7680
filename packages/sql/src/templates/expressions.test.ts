import { describe, expect, it } from 'vitest';
import { render, renderError } from './test-support';

const params = {
  n: 7,
  s: 'abc',
  list: [10, 20, 30],
  dict: { a: 1, 'b c': { d: 'deep' }, '0': 'zero' },
  flag: true,
};

describe('literals', () => {
  it.each([
    ['"double" ~ \'single\'', 'doublesingle'],
    ['1_000 + 0.5', '1000.5'],
    ['1e3', '1000'],
    ['true ~ True ~ false ~ False ~ none ~ None', 'TrueTrueFalseFalseNoneNone'],
    ['[1, [2, 3], ]', '[1, [2, 3]]'],
    ["{'a': 1, 'b': [none]}", "{'a': 1, 'b': [None]}"],
    ['()', '[]'],
  ])('%s -> %s', (expr, expected) => {
    expect(render(`{{ ${expr} }}`)).toBe(expected);
  });
});

describe('arithmetic', () => {
  it.each([
    ['1 + 2 * 3', '7'],
    ['(1 + 2) * 3', '9'],
    ['7 / 2', '3.5'],
    ['7 // 2', '3'],
    ['-7 // 2', '-4'],
    ['7 % 3', '1'],
    ['-7 % 3', '2'],
    ['7 % -3', '-2'],
    ['2 ** 10', '1024'],
    ['2 ** -1', '0.5'],
    ['-n', '-7'],
    ['+n', '7'],
    ['true + 1', '2'],
    ["'ab' * 3", 'ababab'],
    ["3 * 'ab'", 'ababab'],
    ["'ab' * -1", ''],
    ['[1] * 3', '[1, 1, 1]'],
    ['list + [40]', '[10, 20, 30, 40]'],
    ["'a' + 'b'", 'ab'],
  ])('%s -> %s', (expr, expected) => {
    expect(render(`{{ ${expr} }}`, params)).toBe(expected);
  });

  it.each([
    ["1 + 'a'", "unsupported operand type(s) for +: 'int' and 'str'"],
    ["'a' - 'b'", "unsupported operand type(s) for -: 'str' and 'str'"],
    ['1 / 0', 'division by zero'],
    ['1 // 0', 'integer division or modulo by zero'],
    ['1 % 0', 'integer division or modulo by zero'],
    ["'a' * 1.5", "can't multiply sequence by non-int of type 'float'"],
    ["-'a'", "bad operand type for unary -: 'str'"],
  ])('%s fails: %s', (expr, message) => {
    const error = renderError(`{{ ${expr} }}`, params);
    expect(error.kind).toBe('type');
    expect(error.message).toBe(`Template error on line 1: ${message}`);
  });
});

describe('comparison and logic', () => {
  it.each([
    ['n == 7', 'True'],
    ['n != 7', 'False'],
    ['1 == 1.0', 'True'],
    ['true == 1', 'True'],
    ["'a' == 'a'", 'True'],
    ['[1, [2]] == [1, [2]]', 'True'],
    ["{'a': 1} == {'a': 1}", 'True'],
    ["{'a': 1} == {'a': 2}", 'False'],
    ['none == none', 'True'],
    ["none == 'None'", 'False'],
    ['1 < 2 < 3', 'True'],
    ['3 > 2 > 2', 'False'],
    ['2 >= 2', 'True'],
    ["'abc' < 'abd'", 'True'],
    ['[1, 2] < [1, 3]', 'True'],
    ['20 in list', 'True'],
    ['25 not in list', 'True'],
    ["'b' in s", 'True'],
    ["'a' in dict", 'True'],
    ["'z' in dict", 'False'],
    ['n > 5 and n < 10', 'True'],
    ['not flag', 'False'],
    ['not flag or n', '7'],
    ["0 or ''", ''],
    ["'' and 1", ''],
    ['1 and 2', '2'],
    ["'yes' if flag else 'no'", 'yes'],
    ["'yes' if not flag else 'no'", 'no'],
    ["'yes' if not flag", ''],
  ])('%s -> %j', (expr, expected) => {
    expect(render(`{{ ${expr} }}`, params)).toBe(expected);
  });

  it('refuses ordering between types, like Python', () => {
    expect(renderError("{{ 1 < 'a' }}").message).toContain(
      "'<' not supported between instances of 'int' and 'str'",
    );
    expect(renderError("{{ 1 in 'abc' }}").message).toContain(
      "'in <string>' requires string as left operand, not int",
    );
  });
});

describe('tests (is)', () => {
  it.each([
    ['n is defined', 'True'],
    ['missing is defined', 'False'],
    ['missing is undefined', 'True'],
    ['missing is not defined', 'True'],
    ['dict.a is defined', 'True'],
    ['dict.zz is defined', 'False'],
    ['missing.deeper.still is defined', 'False'],
    ['none is none', 'True'],
    ['n is not none', 'True'],
    ['n is number', 'True'],
    ['n is integer', 'True'],
    ['1.5 is float', 'True'],
    ['s is string', 'True'],
    ['dict is mapping', 'True'],
    ['list is sequence', 'True'],
    ['list is iterable', 'True'],
    ['flag is boolean', 'True'],
    ['flag is true', 'True'],
    ['flag is false', 'False'],
    ['n is odd', 'True'],
    ['n is even', 'False'],
    ['9 is divisibleby 3', 'True'],
    ['9 is divisibleby(4)', 'False'],
    ['s is lower', 'True'],
    ['s is upper', 'False'],
  ])('%s -> %s', (expr, expected) => {
    expect(render(`{{ ${expr} }}`, params)).toBe(expected);
  });
});

describe('concatenation', () => {
  it('stringifies every operand', () => {
    expect(render("{{ 'n=' ~ n ~ ', list=' ~ list ~ ', none=' ~ none }}", params)).toBe(
      'n=7, list=[10, 20, 30], none=None',
    );
  });
});

describe('attribute and item access', () => {
  it.each([
    ['dict.a', '1'],
    ["dict['a']", '1'],
    ["dict['b c'].d", 'deep'],
    ["dict['b c']['d']", 'deep'],
    ["dict['0']", 'zero'],
    ['list[0]', '10'],
    ['list.1', '20'],
    ['list[-1]', '30'],
    ['s[1]', 'b'],
    ['s[-1]', 'c'],
    ['list[1:]', '[20, 30]'],
    ['list[:-1]', '[10, 20]'],
    ['list[::-1]', '[30, 20, 10]'],
    ['list[::2]', '[10, 30]'],
    ['s[1:2]', 'b'],
    ["'héllo'[1]", 'é'],
    ["'a😀b'[1]", '😀'],
    ["'a😀b'[::-1]", 'b😀a'],
  ])('%s -> %s', (expr, expected) => {
    expect(render(`{{ ${expr} }}`, params)).toBe(expected);
  });

  it('treats JavaScript members of strings and lists as undefined, not as properties', () => {
    for (const expr of [
      's.length',
      'list.length',
      'list.map',
      's.toUpperCase',
      'dict.hasOwnProperty',
      "dict['toString']",
    ]) {
      expect(render(`{{ ${expr} is defined }}`, params)).toBe('False');
    }
  });

  it('refuses non-integer list indices and subscripting numbers', () => {
    expect(renderError("{{ list['a'] }}", params).message).toContain(
      'list indices must be integers, not str',
    );
    expect(renderError('{{ list[1.5] }}', params).message).toContain(
      'list indices must be integers, not float',
    );
    expect(renderError('{{ n[0] }}', params).message).toContain("'int' object is not subscriptable");
    expect(renderError('{{ list[::0] }}', params).message).toContain('slice step cannot be zero');
  });
});

describe('calls', () => {
  it('only calls engine functions', () => {
    expect(renderError('{{ s() }}', params).message).toContain("'str' object is not callable");
    expect(renderError('{{ dict.a() }}', params).message).toContain("'int' object is not callable");
  });
});
