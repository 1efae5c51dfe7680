import { describe, expect, it } from 'vitest';
import { render, renderError } from './test-support';

describe('output and text', () => {
  it('renders text around expressions', () => {
    expect(render('SELECT * FROM t WHERE id = {{ id }} LIMIT 10', { id: 42 })).toBe(
      'SELECT * FROM t WHERE id = 42 LIMIT 10',
    );
  });

  it('prints values the way Jinja (Python) prints them', () => {
    expect(render('{{ none }}|{{ true }}|{{ False }}|{{ 1.5 }}|{{ [1, "a", none] }}|{{ {"k": "v"} }}')).toBe(
      "None|True|False|1.5|[1, 'a', None]|{'k': 'v'}",
    );
    expect(render('{{ ["it\'s"] }}')).toBe('["it\'s"]');
  });

  it('drops comments', () => {
    expect(render('SELECT 1 {# why: {{ not rendered }} #}FROM t')).toBe('SELECT 1 FROM t');
  });
});

describe('if', () => {
  const template =
    '{% if n is none %}none{% elif n > 10 %}big{% elif n > 5 %}medium{% else %}small{% endif %}';
  it('compares None with a number as Python does: by refusing', () => {
    expect(renderError('{% if n > 10 %}{% endif %}', { n: null }).message).toBe(
      "Template error on line 1: '>' not supported between instances of 'NoneType' and 'int'",
    );
  });

  it.each([
    [20, 'big'],
    [7, 'medium'],
    [null, 'none'],
    [1, 'small'],
  ])('n = %j -> %s', (n, expected) => {
    expect(render(template, { n })).toBe(expected);
  });

  it('skips a branch that refers to an undefined parameter behind "is defined"', () => {
    expect(render('{% if region is defined %}WHERE region = {{ region }}{% endif %}')).toBe('');
    expect(render('{% if region is defined %}WHERE region = {{ region }}{% endif %}', { region: 'EU' })).toBe(
      'WHERE region = EU',
    );
  });
});

describe('for', () => {
  it('exposes the loop variable', () => {
    const out = render(
      '{% for c in cols %}{{ loop.index }}/{{ loop.index0 }}/{{ loop.length }}/{{ loop.first }}/{{ loop.last }} {% endfor %}',
      { cols: ['a', 'b', 'c'] },
    );
    expect(out).toBe('1/0/3/True/False 2/1/3/False/False 3/2/3/False/True ');
  });

  it('offers revindex, previtem, nextitem and cycle', () => {
    const out = render(
      '{% for x in [1, 2, 3] %}{{ loop.revindex }}{{ loop.previtem | default("-") }}{{ loop.nextitem | default("-") }}{{ loop.cycle("a", "b") }} {% endfor %}',
    );
    expect(out).toBe('3-2a 213b 12-a ');
  });

  it('joins columns with commas using loop.last', () => {
    expect(
      render('SELECT {% for c in cols %}{{ c }}{% if not loop.last %}, {% endif %}{% endfor %} FROM t', {
        cols: ['a', 'b'],
      }),
    ).toBe('SELECT a, b FROM t');
  });

  it('renders the else branch for an empty sequence', () => {
    expect(render('{% for x in xs %}{{ x }}{% else %}nothing{% endfor %}', { xs: [] })).toBe('nothing');
  });

  it('filters items with an inline if and counts only the kept ones', () => {
    expect(render('{% for x in range(10) if x is odd %}{{ x }}/{{ loop.length }} {% endfor %}')).toBe(
      '1/5 3/5 5/5 7/5 9/5 ',
    );
  });

  it('iterates dict keys, string characters and unpacks pairs', () => {
    expect(render('{% for k in d %}{{ k }}{% endfor %}', { d: { b: 1, a: 2 } })).toBe('ba');
    expect(render('{% for ch in "héllo" %}{{ ch }}.{% endfor %}')).toBe('h.é.l.l.o.');
    expect(render('{% for k, v in d | items %}{{ k }}={{ v }} {% endfor %}', { d: { a: 1, b: 2 } })).toBe(
      'a=1 b=2 ',
    );
    expect(render('{% for (a, b) in [[1, 2], [3, 4]] %}{{ a + b }} {% endfor %}')).toBe('3 7 ');
  });

  it('nests loops, with loop referring to the innermost one', () => {
    expect(
      render(
        '{% for a in [1, 2] %}{% set outer = loop %}{% for b in "xy" %}{{ outer.index }}{{ loop.index }}{{ b }} {% endfor %}{% endfor %}',
      ),
    ).toBe('11x 12y 21x 22y ');
  });

  it('keeps assignments made inside the loop local to the loop', () => {
    expect(
      render(
        '{% set total = 0 %}{% for x in [1, 2] %}{% set total = total + x %}{{ total }} {% endfor %}{{ total }}',
      ),
    ).toBe('1 2 0');
  });

  it('refuses to unpack mismatched shapes and to iterate numbers', () => {
    expect(renderError('{% for a, b in [[1, 2, 3]] %}{% endfor %}').message).toContain(
      'cannot unpack 3 values into 2 names',
    );
    expect(renderError('{% for a in 5 %}{% endfor %}').message).toContain("'int' object is not iterable");
  });
});

describe('set', () => {
  it('assigns names, tuples and captured blocks', () => {
    expect(render('{% set a = 2 %}{% set b, c = a * 2, "x" %}{{ a }}{{ b }}{{ c }}')).toBe('24x');
    expect(
      render('{% set cond %}region = {{ r | sql_quote }}{% endset %}WHERE {{ cond }}', { r: "N'E" }),
    ).toBe("WHERE region = N''E");
  });

  it('shadows parameters and macros without changing them for the caller', () => {
    const params = { limit: 5 };
    expect(render('{% set limit = limit * 2 %}{{ limit }}', params)).toBe('10');
    expect(params.limit).toBe(5);
    expect(render('{% set current_username = "bob" %}{{ current_username }}')).toBe('bob');
  });
});

describe('whitespace control and raw', () => {
  it('strips whitespace on the marked side only', () => {
    expect(render('SELECT\n  {%- if true %}\n  1{% endif %}')).toBe('SELECT\n  1');
    expect(render('a   {{- "b" -}}   c')).toBe('abc');
    expect(render('a {{ "b" }} c')).toBe('a b c');
    expect(render('{% for x in [1, 2] -%}\n  {{ x }}\n{%- endfor %}')).toBe('12');
  });

  it('leaves raw blocks unrendered', () => {
    expect(render("{% raw %}SELECT '{{ not_a_param }}' {% if %}{% endraw %} {{ 1 }}")).toBe(
      "SELECT '{{ not_a_param }}' {% if %} 1",
    );
  });
});
