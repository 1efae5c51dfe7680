import { describe, expect, it } from 'vitest';
import { render, renderError } from './test-support';

const params = {
  name: "o'brien",
  words: '  hello big-world (again)  ',
  list: [3, 1, 2],
  strings: ['b', 'A', 'a', 'B', 'c'],
  people: [
    { name: 'Zoe', age: 30 },
    { name: 'adam', age: 25 },
    { name: 'Bob', age: 41 },
  ],
  ids: [1, 2, 3],
  countries: ['FR', "Côte d'Ivoire"],
  mixed: ['x', 1, 2.5, true, null],
  empty: [],
  zero: 0,
};

describe('filters', () => {
  it.each([
    // default / d
    ["missing | default('x')", 'x'],
    ['missing | d(5)', '5'],
    ['missing | default', ''],
    ["zero | default('x')", '0'],
    ["zero | default('x', true)", 'x'],
    ["zero | default('x', boolean=true)", 'x'],
    ["none | default('x')", 'None'],
    ["none | default('x', true)", 'x'],
    ["missing.attr | default('chained')", 'chained'],
    // string case and trimming
    ['name | upper', "O'BRIEN"],
    ["'MiXeD' | lower", 'mixed'],
    ['words | title', '  Hello Big-World (Again)  '],
    ["'hELLO wORLD' | capitalize", 'Hello world'],
    ['words | trim', 'hello big-world (again)'],
    ["'xxhixx' | trim('x')", 'hi'],
    ['42 | upper', '42'],
    // length
    ['list | length', '3'],
    ['list | count', '3'],
    ["'héllo' | length", '5'],
    ["{'a': 1} | length", '1'],
    // join, replace
    ['list | join', '312'],
    ["list | join(', ')", '3, 1, 2'],
    ["people | join(',', attribute='name')", 'Zoe,adam,Bob'],
    ["'a-b-c' | replace('-', '+')", 'a+b+c'],
    ["'a-b-c' | replace('-', '', 1)", 'ab-c'],
    ["'abc' | replace('', '.')", '.a.b.c.'],
    // numbers
    ["'42' | int", '42'],
    ["' -7 ' | int", '-7'],
    ["'3.9' | int", '3'],
    ["'abc' | int", '0'],
    ["'abc' | int(-1)", '-1'],
    ["'ff' | int(base=16)", '255'],
    ["'0x1F' | int(0, 16)", '31'],
    ['3.99 | int', '3'],
    ['true | int', '1'],
    ['none | int', '0'],
    ["'2.5' | float", '2.5'],
    ["'1e3' | float", '1000'],
    ["'x' | float", '0'],
    ["'x' | float(1.5)", '1.5'],
    ['7 | float', '7'],
    ['2.5 | round', '2'],
    ['3.5 | round', '4'],
    ['3.14159 | round(2)', '3.14'],
    ["3.141 | round(1, 'ceil')", '3.2'],
    ["3.19 | round(1, 'floor')", '3.1'],
    ['-5 | abs', '5'],
    ['-2.5 | abs', '2.5'],
    // string / safe
    ['list | string', '[3, 1, 2]'],
    ["none | string ~ '!'", 'None!'],
    ['name | safe', "o'brien"],
    // first, last, list, reverse
    ['list | first', '3'],
    ['list | last', '2'],
    ["'abc' | first", 'a'],
    ["'abc' | last", 'c'],
    ['empty | first', 'None'],
    ["'ab' | list", "['a', 'b']"],
    ["{'k': 1, 'j': 2} | list", "['k', 'j']"],
    ['list | reverse', '[2, 1, 3]'],
    ["'abc' | reverse", 'cba'],
    // sort, unique
    ['list | sort', '[1, 2, 3]'],
    ['list | sort(reverse=true)', '[3, 2, 1]'],
    ['strings | sort', "['A', 'a', 'b', 'B', 'c']"],
    ['strings | sort(case_sensitive=true)', "['A', 'B', 'a', 'b', 'c']"],
    ["people | sort(attribute='age') | join(' ', 'name')", 'adam Zoe Bob'],
    ["people | sort(attribute='name') | join(' ', 'name')", 'adam Bob Zoe'],
    ['strings | unique', "['b', 'A', 'c']"],
    ['strings | unique(true)', "['b', 'A', 'a', 'B', 'c']"],
    ['[1, true, 1.0, 2] | unique', '[1, 2]'],
    ['[[1], [1], [2]] | unique', '[[1], [2]]'],
    // items, sum, min, max
    ["{'a': 1, 'b': 2} | items", "[['a', 1], ['b', 2]]"],
    ['list | sum', '6'],
    ["people | sum(attribute='age')", '96'],
    ['list | sum(start=10)', '16'],
    ['list | min', '1'],
    ['list | max', '3'],
    ["people | max(attribute='age') | string", "{'name': 'Bob', 'age': 41}"],
    ['strings | min', 'A'],
    ['empty | max', 'None'],
  ])('%s -> %j', (expr, expected) => {
    expect(render(`{{ ${expr} }}`, params)).toBe(expected);
  });

  it('tojson: sorted keys, Python separators, HTML- and SQL-safe escapes', () => {
    expect(render("{{ {'b': [1, 2.5, none, true], 'a': \"it's <x> & y\"} | tojson }}")).toBe(
      '{"a": "it\\u0027s \\u003cx\\u003e \\u0026 y", "b": [1, 2.5, null, true]}',
    );
    expect(render("{{ 'é\n' | tojson }}")).toBe('"\\u00e9\\n"');
    expect(render("{{ {'a': [1]} | tojson(2) }}")).toBe('{\n  "a": [\n    1\n  ]\n}');
    expect(render('{{ [] | tojson }}{{ {} | tojson }}')).toBe('[]{}');
    expect(renderError('{{ range | tojson }}').message).toContain(
      'Object of type function is not JSON serializable',
    );
  });

  it('sql_quote doubles single quotes (and backslashes on request)', () => {
    expect(render("WHERE name = '{{ name | sql_quote }}'", params)).toBe("WHERE name = 'o''brien'");
    expect(render("'{{ v | sql_quote }}'", { v: "a\\'; DROP TABLE t; --" })).toBe(
      "'a\\''; DROP TABLE t; --'",
    );
    expect(render("'{{ v | sql_quote(true) }}'", { v: "a\\'" })).toBe("'a\\\\'''");
    expect(render("'{{ 5 | sql_quote }}'")).toBe("'5'");
  });

  it('where_in builds a quoted SQL list', () => {
    expect(render('WHERE id IN {{ ids | where_in }}', params)).toBe('WHERE id IN (1, 2, 3)');
    expect(render('WHERE c IN {{ countries | where_in }}', params)).toBe(
      "WHERE c IN ('FR', 'Côte d''Ivoire')",
    );
    expect(render('{{ mixed | where_in }}', params)).toBe("('x', 1, 2.5, True, NULL)");
    expect(render("{{ countries | where_in(mark='\"') }}", params)).toBe('("FR", "Côte d\'Ivoire")');
    expect(render('{{ empty | where_in }}', params)).toBe('()');
    expect(render('{{ empty | where_in(default_to_none=true) }}', params)).toBe('None');
    expect(renderError("{{ 'abc' | where_in }}").message).toContain('where_in expects a list, not str');
    expect(renderError('{{ [[1]] | where_in }}').message).toContain(
      'where_in cannot quote a value of type list',
    );
  });

  it('checks filter arguments like Python calls', () => {
    expect(renderError("{{ 'a' | replace('a') }}").message).toContain(
      "replace() is missing the argument 'new'",
    );
    expect(renderError("{{ 'a' | upper(1) }}").message).toContain(
      'upper() takes at most 0 arguments (1 given)',
    );
    expect(renderError("{{ 'a' | join(sep=',') }}").message).toContain(
      "join() got an unexpected keyword argument 'sep'",
    );
    expect(renderError("{{ 1.5 | round(1, 'sideways') }}").message).toContain(
      'round() method must be common, ceil or floor',
    );
    expect(renderError("{{ 'x' | round }}").message).toContain("type str doesn't define __round__ method");
    expect(renderError('{{ 5 | length }}').message).toContain("object of type 'int' has no len()");
    expect(renderError("{{ [1, 'a'] | sort }}").message).toContain(
      "not supported between instances of 'str' and 'int'",
    );
  });
});
