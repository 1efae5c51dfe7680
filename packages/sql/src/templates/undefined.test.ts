import { describe, expect, it } from 'vitest';
import { renderError, render } from './test-support';

function missing(template: string, params: Record<string, unknown> = {}): string[] {
  const error = renderError(template, params);
  expect(error.kind).toBe('undefined');
  return error.undefinedNames;
}

describe('undefined parameters', () => {
  it('lists every undefined name once, in order of first use', () => {
    const template =
      'SELECT {{ col }} FROM {{ table }} WHERE a = {{ a }} AND b = {{ col }} LIMIT {{ limit + offset }}';
    expect(missing(template, { table: 't' })).toEqual(['col', 'a', 'limit', 'offset']);
  });

  it('has a message naming the parameters', () => {
    const error = renderError('{{ a }}{{ b }}');
    expect(error.message).toBe('The following parameters in your query are undefined: "a", "b".');
  });

  it('finds names in every construct that needs a value', () => {
    expect(missing('{% if cond %}x{% endif %}')).toEqual(['cond']);
    expect(missing('{% for x in items %}{% endfor %}')).toEqual(['items']);
    expect(missing('{{ x | upper }}')).toEqual(['x']);
    expect(missing("{{ 'a' | replace(old, 'b') }}")).toEqual(['old']);
    expect(missing('{{ [a, {"k": b}] }}')).toEqual(['a', 'b']);
    expect(missing('{{ a ~ b }}')).toEqual(['a', 'b']);
    expect(missing('{{ a < b }}')).toEqual(['a', 'b']);
    expect(missing('{{ not a }}')).toEqual(['a']);
    expect(missing('{{ -a }}')).toEqual(['a']);
    expect(missing('{{ url_param(p) }}')).toEqual(['p']);
    expect(missing('{{ nofunc(arg) }}')).toEqual(['arg', 'nofunc']);
    expect(missing('{{ obj.attr }}')).toEqual(['obj']);
    expect(missing('{{ x is none }}')).toEqual(['x']);
    expect(missing('{{ x[1:2] }}')).toEqual(['x']);
    expect(missing('{{ d[k] }}', { d: {} })).toEqual(['k']);
    expect(missing('{% set y = x %}{{ y }}')).toEqual(['x']);
  });

  it('names missing keys of defined dicts by their path', () => {
    expect(missing("{{ d.a.b }} {{ d['x y'] }} {{ l[5] }}", { d: { a: {} }, l: [] })).toEqual([
      'd.a.b',
      "d['x y']",
      'l[5]',
    ]);
  });

  it('collects names from every statement, not only the first', () => {
    expect(missing('{% if a %}{% endif %}{% for i in b %}{% endfor %}{{ c }}{% set d = e %}')).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('does not count names guarded by "is defined" or given a default', () => {
    expect(render('{{ x is defined }}|{{ x is not defined }}|{{ x | default(1) }}|{{ x.y.z | d(2) }}')).toBe(
      'False|True|1|2',
    );
    expect(render('{% if x is defined and x %}{{ x }}{% else %}none{% endif %}')).toBe('none');
    expect(render('{% set v = x | default(none) %}{{ v is none }}')).toBe('True');
    expect(render('{% set v = x %}{{ v is defined }}')).toBe('False');
  });

  it('a default that is itself undefined is reported', () => {
    expect(missing('{{ x | default(y) }}')).toEqual(['y']);
  });

  it('reports missing names rather than the type errors they cause', () => {
    expect(missing("{{ a }}{{ 1 + 'x' }}")).toEqual(['a']);
  });
});
