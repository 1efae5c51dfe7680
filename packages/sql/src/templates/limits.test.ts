import { describe, expect, it } from 'vitest';
import { DEFAULT_TEMPLATE_LIMITS } from './limits';
import { render, renderError } from './test-support';

function limitError(template: string, params: Record<string, unknown> = {}, limits = {}) {
  const error = renderError(template, params, { limits });
  expect(error.kind).toBe('limit');
  return error;
}

describe('template length', () => {
  it('accepts a template at the limit and refuses one above it', () => {
    const atLimit = '{{ 1 }}' + ' '.repeat(DEFAULT_TEMPLATE_LIMITS.maxTemplateLength - 7);
    expect(render(atLimit)).toHaveLength(DEFAULT_TEMPLATE_LIMITS.maxTemplateLength - 6);
    expect(limitError(atLimit + ' ').message).toBe(
      `Template error: the template has ${DEFAULT_TEMPLATE_LIMITS.maxTemplateLength + 1} characters; the limit is ${DEFAULT_TEMPLATE_LIMITS.maxTemplateLength}`,
    );
  });
});

describe('output length', () => {
  it('stops output growing past the limit', () => {
    const big = 'x'.repeat(1024 * 1024);
    expect(render('{% for i in range(10) %}{{ big }}{% endfor %}', { big })).toHaveLength(10 * 1024 * 1024);
    expect(limitError('{% for i in range(11) %}{{ big }}{% endfor %}', { big }).message).toContain(
      'exceeds the limit of 10485760 characters',
    );
  });

  it('refuses string building that would exceed it, before allocating', () => {
    expect(limitError("{{ 'a' * 10**9 }}").message).toBe(
      'Template error on line 1: a string of 1000000000 characters exceeds the limit of 10485760 characters',
    );
    limitError("{% set s = 'a' * 10**7 %}{{ s ~ s }}");
    limitError("{% set s = 'a' * 10**7 %}{{ s + s }}");
    limitError("{{ ('a' * 10**6) | replace('a', 'aaaaaaaaaaaaaaaaaaaa') }}");
    limitError("{{ ('a' * 10**6) | replace('', 'bbbbbbbbbbbbbbbbbbbb') }}");
    limitError("{{ (['a' * 10**6] * 20) | join }}");
    limitError("{{ (['a' * 10**6] * 20) | tojson }}");
    limitError("{{ ['a' * 10**6] * 20 }}");
  });

  it('caps the size of lists built by the template', () => {
    expect(limitError('{{ [1] * 10**9 }}').message).toContain('a list of 1000000000 items exceeds the limit');
  });
});

describe('loop iterations', () => {
  it('counts iterations over the whole render', () => {
    expect(render('{% for i in range(100000) %}{% endfor %}done')).toBe('done');
    expect(
      limitError('{% for i in range(60000) %}{% endfor %}{% for i in range(60000) %}{% endfor %}').message,
    ).toBe('Template error on line 1: loops exceeded the limit of 100000 iterations in total');
    limitError('{% for i in range(1000) %}{% for j in range(1000) %}{% endfor %}{% endfor %}');
  });

  it('refuses a range longer than the loop budget without building it', () => {
    expect(limitError('{% for i in range(10**9) %}{% endfor %}').message).toContain(
      'range() of 1000000000 items exceeds the loop limit of 100000',
    );
  });
});

describe('nesting depth', () => {
  it.each([
    ['parentheses', '('.repeat(10_000) + '1' + ')'.repeat(10_000)],
    ['lists', '['.repeat(10_000) + ']'.repeat(10_000)],
    ['not', 'not '.repeat(10_000) + 'x'],
    ['unary minus', '- '.repeat(10_000) + '1'],
  ])('refuses deeply nested %s while parsing', (_label, expr) => {
    expect(limitError(`{{ ${expr} }}`).message).toContain('expression is nested more than 100 levels deep');
  });

  it('accepts reasonable nesting', () => {
    expect(render(`{{ ${'('.repeat(50)}1${')'.repeat(50)} }}`)).toBe('1');
  });

  it('refuses a long operator chain when evaluating it', () => {
    expect(render(`{{ ${Array(50).fill('1').join(' + ')} }}`)).toBe('50');
    expect(limitError(`{{ ${Array(5000).fill('1').join(' + ')} }}`).message).toContain(
      'expression is nested more than 100 levels deep',
    );
  });

  it('refuses deeply nested blocks', () => {
    expect(limitError('{% if true %}'.repeat(500) + '{% endif %}'.repeat(500)).message).toContain(
      'blocks are nested more than 100 levels deep',
    );
  });

  it('refuses deeply nested parameters and values', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 5000; i++) deep = [deep];
    expect(limitError('{{ deep }}', { deep }).message).toContain('is nested more than 100 levels deep');
    const built = '{% set x = 1 %}' + '{% set x = [x] %}'.repeat(150) + '{{ x }}';
    expect(limitError(built).message).toContain('a value is nested more than 100 levels deep');
    limitError('{% set x = 1 %}' + '{% set x = [x] %}'.repeat(150) + '{{ x == x }}');
    limitError('{% set x = 1 %}' + '{% set x = [x] %}'.repeat(150) + '{{ x | tojson }}');
  });
});

describe('step budget', () => {
  it('stops long computations that stay within the other limits', () => {
    const body = Array(90).fill('i').join(' + ');
    expect(limitError(`{% for i in range(100000) %}{% set y = ${body} %}{% endfor %}`).message).toBe(
      'Template error on line 1: rendering exceeded the budget of 5000000 evaluation steps',
    );
  });

  it('can be tightened by the caller', () => {
    expect(render('{{ 1 + 1 }}', {}, { limits: { maxSteps: 100 } })).toBe('2');
    limitError('{% for i in range(100) %}{{ i }}{% endfor %}', {}, { maxSteps: 100 });
  });
});

describe('pathological inputs to parsing filters', () => {
  it('reads a megabyte of digits in linear time', () => {
    expect(render("{{ ('1' * 1000000 ~ 'x') | float }}|{{ ('1' * 1000000 ~ 'x') | int }}")).toBe('0|0');
  });
});

describe('custom limits', () => {
  it('applies overrides on top of the defaults', () => {
    limitError('{{ "abcdef" }}', {}, { maxOutputLength: 5 });
    limitError('{% for i in [1, 2, 3] %}{% endfor %}', {}, { maxLoopIterations: 2 });
    limitError('{{ 1 }}', {}, { maxTemplateLength: 3 });
    limitError('{{ ((1)) }}', {}, { maxNestingDepth: 2 });
  });
});
