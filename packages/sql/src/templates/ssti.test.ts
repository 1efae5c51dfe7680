import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseTemplateParams } from './params';
import { renderSqlTemplate } from './render';
import { TemplateError } from './template-error';
import { MACROS, render } from './test-support';

/**
 * Server-side template injection: each payload must either fail with a TemplateError or render
 * text that shows no sign of JavaScript internals. A canary on globalThis catches any payload
 * that manages to run code.
 */
const CANARY = '__tesseraSstiCanary';
const JS_LEAK = /native code|function\s*\w*\s*\(|\[object |process|globalThis|require|prototype|=>/i;
/** The fuzzer's own string literals may echo words like "process"; only real JS output counts. */
const JS_OUTPUT = /native code|function\s*\w*\s*\(|\[object |=>/;

function canaryValue(): unknown {
  return (globalThis as Record<string, unknown>)[CANARY];
}

function attempt(template: string, params: Record<string, unknown> = {}): TemplateError | string {
  try {
    const output = render(template, params);
    expect(output).not.toMatch(JS_LEAK);
    return output;
  } catch (error) {
    expect(error).toBeInstanceOf(TemplateError);
    if (error instanceof TemplateError) return error;
    throw error;
  }
}

function expectRefused(template: string, params: Record<string, unknown> = {}): TemplateError {
  const result = attempt(template, params);
  expect(result).toBeInstanceOf(TemplateError);
  if (typeof result === 'string') throw new Error(`rendered: ${result}`);
  return result;
}

beforeEach(() => {
  Reflect.deleteProperty(globalThis, CANARY);
});

afterEach(() => {
  expect(canaryValue()).toBeUndefined();
  expect(Object.prototype).not.toHaveProperty('polluted');
  expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('polluted');
});

const SAMPLES: Record<string, unknown> = {
  str: 'text',
  num: 42,
  list: [1, 2],
  dict: { a: 1 },
};

describe('classic Jinja SSTI payloads', () => {
  it.each([
    "{{ ''.__class__.__mro__ }}",
    "{{ ''.__class__.__mro__[1].__subclasses__() }}",
    '{{ [].__class__.__base__.__subclasses__() }}',
    '{% for c in [].__class__.__base__.__subclasses__() %}{{ c }}{% endfor %}',
    '{{ cycler.__init__.__globals__ }}',
    '{{ cycler.__init__.__globals__.os.popen("id").read() }}',
    '{{ lipsum.__globals__ }}',
    "{{ lipsum.__globals__['os'].popen('id').read() }}",
    '{{ joiner.__init__.__globals__ }}',
    '{{ namespace.__init__.__globals__ }}',
    '{{ self.__init__.__globals__ }}',
    '{{ request.application.__globals__ }}',
    "{{ config.__class__.__init__.__globals__['os'] }}",
    "{{ ''|attr('__class__') }}",
    '{{ __builtins__ }}',
    '{{ __import__("os") }}',
  ])('%s', (template) => {
    attempt(template);
  });

  it.each(['{{ self }}', '{{ config }}', '{{ request }}', '{{ cycler }}', '{{ lipsum }}', '{{ namespace }}'])(
    '%s names nothing: it is an undefined parameter',
    (template) => {
      const error = expectRefused(template);
      expect(error.kind).toBe('undefined');
    },
  );

  it('refuses dunder names wherever they appear', () => {
    for (const template of [
      "{{ ''.__class__ }}",
      '{{ x.__class__ }}',
      "{{ x['__class__'] }}",
      "{{ x['__cla' ~ 'ss__'] }}",
      '{% set __x = 1 %}',
      '{% for __y in [1] %}{% endfor %}',
      "{{ {'__proto__': 1} }}",
      '{{ url_param(__proto__=1) }}',
      "{{ [{'a': 1}] | join(attribute='__proto__') }}",
      "{{ [{'a': 1}] | sort(attribute='a.constructor') }}",
    ]) {
      const error = expectRefused(template, { x: 'value' });
      expect(error.kind).toBe('type');
      expect(error.message).toMatch(/access to '.+' is not allowed in templates/);
    }
  });
});

describe('JavaScript escape payloads', () => {
  it.each([
    "{{ constructor.constructor('return process')() }}",
    "{{ constructor.constructor('globalThis.__tesseraSstiCanary = 1')() }}",
    '{{ __proto__ }}',
    '{{ [].constructor }}',
    "{{ [].constructor.constructor('return process')() }}",
    "{{ ''['constructor'] }}",
    "{{ ''['constructor']['constructor']('return this')() }}",
    "{{ ''['const' ~ 'ructor'] }}",
    '{{ range.constructor }}',
    "{{ range.constructor('return process')() }}",
    '{{ url_param.constructor }}',
    '{{ url_param.call }}',
    '{{ url_param.apply(none, ["x"]) }}',
    '{{ url_param.bind }}',
    '{{ loop.constructor }}',
    '{% for x in [1] %}{{ loop.constructor }}{% endfor %}',
    '{% for x in [1] %}{{ loop.cycle.constructor }}{% endfor %}',
    '{{ {}.constructor }}',
    '{{ {}["__proto__"] }}',
    '{{ {}.__defineGetter__ }}',
    '{{ {}.valueOf() }}',
    '{{ "".toString() }}',
    '{{ "abc".length }}',
    '{{ [1, 2].map }}',
    '{{ 1 .toFixed }}',
    "{{ 'x' | constructor }}",
    "{{ 'x' | toString }}",
    "{{ 'x' | __proto__ }}",
    "{{ 'x' is constructor }}",
    "{{ 'x' is hasOwnProperty }}",
    '{{ prototype }}',
    '{{ this }}',
    '{{ globalThis }}',
    '{{ process.env }}',
    '{{ require("child_process") }}',
    "{{ import('fs') }}",
    '{{ Function("return process")() }}',
    '{{ eval("1") }}',
  ])('%s', (template) => {
    attempt(template);
  });

  it.each(Object.entries(SAMPLES))(
    "x.constructor.constructor('return this')() with x a %s",
    (_kind, value) => {
      const error = expectRefused("{{ x.constructor.constructor('return this')() }}", { x: value });
      expect(error.message).toContain("access to 'constructor' is not allowed in templates");
      expectRefused("{{ x['constructor']['constructor']('globalThis.__tesseraSstiCanary = 1')() }}", {
        x: value,
      });
      expectRefused('{{ x.__proto__ }}', { x: value });
      expectRefused('{{ x.prototype }}', { x: value });
    },
  );

  it('params that look like functions or prototypes stay plain data', () => {
    const params = parseTemplateParams('{"constructor": {"constructor": "x"}, "toString": "t"}');
    expect(attempt('{{ toString }}', params)).toBe('t');
    expectRefused('{{ constructor }}', params);
  });
});

describe('prototype pollution through parameters', () => {
  it('a "__proto__" key in the params JSON pollutes nothing and cannot be read', () => {
    const params = parseTemplateParams(
      '{"__proto__": {"polluted": 1}, "nested": {"__proto__": {"polluted": 2}, "ok": 3}, "list": [{"__proto__": {"polluted": 4}}]}',
    );
    expect(render('{{ nested.ok }}|{{ nested | length }}|{{ list | length }}', params)).toBe('3|2|1');
    expect(render('{{ nested | tojson }}', params)).toBe('{"__proto__": {"polluted": 2}, "ok": 3}');
    expect(render('{% for k in nested %}{{ k }} {% endfor %}', params)).toBe('__proto__ ok ');
    expectRefused('{{ __proto__ }}', params);
    expectRefused('{{ __proto__.polluted }}', params);
    expectRefused('{{ nested.__proto__.polluted }}', params);
    expectRefused("{{ nested['__proto__'] }}", params);
    expect(expectRefused('{{ polluted }}', params).undefinedNames).toEqual(['polluted']);
    expect(expectRefused('{{ nested.polluted }}', params).undefinedNames).toEqual(['nested.polluted']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('templates cannot write into shared objects', () => {
    const params = { d: { a: 1 }, l: [1] };
    render("{% set d = {'a': 2} %}{% set l = l + [2] %}{{ d }}{{ l }}", params);
    expect(params).toEqual({ d: { a: 1 }, l: [1] });
  });
});

describe('resource exhaustion payloads', () => {
  it('10,000 nested parentheses', () => {
    const depth = 10_000;
    expect(expectRefused(`{{ ${'('.repeat(depth)}1${')'.repeat(depth)} }}`).kind).toBe('limit');
  });

  it('{% for i in range(10**9) %}', () => {
    expect(expectRefused('{% for i in range(10**9) %}{{ i }}{% endfor %}').kind).toBe('limit');
  });

  it("{{ 'a' * 10**9 }}", () => {
    expect(expectRefused("{{ 'a' * 10**9 }}").kind).toBe('limit');
  });

  it('exponent towers stay numbers', () => {
    expect(attempt('{{ 10 ** 10 ** 10 ** 10 }}')).toBe('inf');
  });
});

describe('fuzzing with hostile fragments', () => {
  const fragments = [
    'x',
    'constructor',
    '__proto__',
    'prototype',
    '__class__',
    'toString',
    'valueOf',
    'url_param',
    'range',
    'loop',
    '.',
    '[',
    ']',
    '(',
    ')',
    ',',
    '|',
    "'constructor'",
    "'__proto__'",
    "'return process'",
    "'globalThis.__tesseraSstiCanary = 1'",
    '~',
    '+',
    '*',
    '0',
    '1',
    'length',
    'join',
    'attr',
    'is',
    'defined',
    'not',
  ];

  it('never throws anything but TemplateError and never runs code', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...fragments), { minLength: 1, maxLength: 12 }), (parts) => {
        const template = `{{ ${parts.join(' ')} }}`;
        try {
          const output = renderSqlTemplate(template, {
            params: { x: { a: [1, 'b'] } },
            macros: MACROS,
            dialect: 'postgresql',
          });
          expect(output).not.toMatch(JS_OUTPUT);
        } catch (error) {
          expect(error).toBeInstanceOf(TemplateError);
        }
        expect(canaryValue()).toBeUndefined();
      }),
      { numRuns: 2000, seed: 20260101 },
    );
  });

  it('access chains over every kind of value never reach JavaScript members', () => {
    const bases = [
      'x',
      'x.a',
      'url_param',
      'range',
      'loop',
      "''",
      '[]',
      '{}',
      '1',
      'none',
      'true',
      'range(2)',
    ];
    const steps = [
      '.constructor',
      "['constructor']",
      '.__proto__',
      '.prototype',
      '.toString',
      '.valueOf',
      '.call',
      '.apply',
      '.bind',
      '.length',
      '.a',
      '[0]',
      '()',
      "('globalThis.__tesseraSstiCanary = 1')",
      ' | string',
      ' | list',
      ' | first',
      ' | tojson',
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...bases),
        fc.array(fc.constantFrom(...steps), { minLength: 1, maxLength: 6 }),
        (base, chain) => {
          const template = `{% for i in [1] %}{{ ${base}${chain.join('')} }}{% endfor %}`;
          try {
            const output = renderSqlTemplate(template, {
              params: { x: { a: [1, 'b'] } },
              macros: MACROS,
              dialect: 'postgresql',
            });
            expect(output).not.toMatch(JS_LEAK);
          } catch (error) {
            expect(error).toBeInstanceOf(TemplateError);
          }
          expect(canaryValue()).toBeUndefined();
        },
      ),
      { numRuns: 2000, seed: 20260102 },
    );
  });
});
