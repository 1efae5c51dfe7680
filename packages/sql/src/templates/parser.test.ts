import { describe, expect, it } from 'vitest';
import type { Expr, Node } from './ast';
import { tokenize } from './lexer';
import { DEFAULT_TEMPLATE_LIMITS } from './limits';
import { parse } from './parser';
import { TemplateError } from './template-error';

const parseTemplate = (source: string): Node[] => parse(tokenize(source), DEFAULT_TEMPLATE_LIMITS);

/** Renders an expression tree as a compact S-expression so precedence is easy to read. */
function show(expr: Expr): string {
  switch (expr.type) {
    case 'literal':
      return JSON.stringify(expr.value);
    case 'name':
      return expr.name;
    case 'binary':
      return `(${expr.op} ${show(expr.left)} ${show(expr.right)})`;
    case 'logical':
      return `(${expr.op} ${show(expr.left)} ${show(expr.right)})`;
    case 'unary':
      return `(${expr.op} ${show(expr.operand)})`;
    case 'concat':
      return `(~ ${expr.parts.map(show).join(' ')})`;
    case 'compare':
      return `(cmp ${show(expr.first)} ${expr.rest.map((r) => `${r.op} ${show(r.operand)}`).join(' ')})`;
    case 'filter':
      return `(|${expr.name} ${show(expr.input)}${expr.args.map((a) => ` ${show(a)}`).join('')})`;
    case 'test':
      return `(is${expr.negated ? '-not' : ''} ${expr.name} ${show(expr.input)})`;
    case 'attr':
      return `(. ${show(expr.object)} ${expr.name})`;
    case 'item':
      return `([] ${show(expr.object)} ${show(expr.key)})`;
    case 'call':
      return `(call ${show(expr.callee)}${expr.args.map((a) => ` ${show(a)}`).join('')}${expr.kwargs.map((k) => ` ${k.name}=${show(k.value)}`).join('')})`;
    case 'cond':
      return `(if ${show(expr.test)} ${show(expr.then)} ${expr.otherwise === null ? '-' : show(expr.otherwise)})`;
    case 'list':
      return `[${expr.items.map(show).join(' ')}]`;
    case 'dict':
      return `{${expr.entries.map((e) => `${show(e.key)}: ${show(e.value)}`).join(' ')}}`;
    case 'slice':
      return `(slice ${show(expr.object)})`;
  }
}

function expression(source: string): string {
  const [node] = parseTemplate(`{{ ${source} }}`);
  if (node?.type !== 'output') throw new Error('expected an output node');
  return show(node.expr);
}

describe('expression precedence', () => {
  it.each([
    ['1 + 2 * 3', '(+ 1 (* 2 3))'],
    ['1 - 2 - 3', '(- (- 1 2) 3)'],
    ['a ~ b + c ~ d', '(+ (~ a b) (~ c d))'],
    ['a ~ b * c ~ d', '(~ a (* b c) d)'],
    ['2 ** 3 ** 2', '(** (** 2 3) 2)'],
    ['-x ** 2', '(** (- x) 2)'],
    ['not a and b or c', '(or (and (not a) b) c)'],
    ['a < b <= c', '(cmp a < b <= c)'],
    ['a not in b', '(cmp a not in b)'],
    ['not a in b', '(not (cmp a in b))'],
    ['x | upper | replace("A", "b")', '(|replace (|upper x) "A" "b")'],
    ['x + 1 | abs', '(+ x (|abs 1))'],
    ['x is not defined and y is none', '(and (is-not defined x) (is none y))'],
    ['x is divisibleby 3', '(is divisibleby x)'],
    ['a if b else c if d else e', '(if b a (if d c e))'],
    ['a if b', '(if b a -)'],
    ['a.b[0].c', '(. ([] (. a b) 0) c)'],
    ['a.0', '([] a 0)'],
    ["f(1, k='v')", '(call f 1 k="v")'],
    ["'a' 'b'", '"ab"'],
    ['(1, 2)', '[1 2]'],
    ["{'k': [1, none, True]}", '{"k": [1 null true]}'],
  ])('%s', (source, tree) => {
    expect(expression(source)).toBe(tree);
  });
});

describe('statements', () => {
  it('builds if/elif/else and for/else nodes', () => {
    const [ifNode] = parseTemplate('{% if a %}1{% elif b %}2{% else %}3{% endif %}');
    expect(ifNode).toMatchObject({
      type: 'if',
      branches: [{}, {}],
      otherwise: [{ type: 'text', value: '3' }],
    });
    const [forNode] = parseTemplate('{% for k, v in d if v %}x{% else %}y{% endfor %}');
    expect(forNode).toMatchObject({ type: 'for', targets: ['k', 'v'], otherwise: [{ value: 'y' }] });
  });

  it('builds set and set-block nodes', () => {
    expect(parseTemplate('{% set a, b = 1, 2 %}')).toMatchObject([{ type: 'set', targets: ['a', 'b'] }]);
    expect(parseTemplate('{% set a %}x{% endset %}')).toMatchObject([{ type: 'set_block', target: 'a' }]);
  });
});

describe('syntax errors name the line', () => {
  it.each([
    [
      '{% if x %}\nno end',
      "on line 2: unexpected end of template: the 'if' opened on line 1 needs 'elif' or 'else' or 'endif'",
    ],
    ['a\n{% endfor %}', "on line 2: unexpected 'endfor'"],
    [
      '{% for x in y %}\n{% endif %}',
      "on line 2: unexpected 'endif' (the innermost open block is 'for' from line 1)",
    ],
    ['\n\n{% frobnicate %}', "on line 3: unknown tag 'frobnicate'"],
    ['{% include "x.sql" %}', "on line 1: the tag 'include' is not supported in SQL templates"],
    ['\n{{ x | nosuch }}', "on line 2: no filter named 'nosuch'"],
    ['{{ x is nosuch }}', "on line 1: no test named 'nosuch'"],
    ['{{ 1 + }}', "on line 1: unexpected '}}'"],
    ['{{ }}', "on line 1: unexpected '}}'"],
    ['{% for in x %}{% endfor %}', "on line 1: expected a variable name but found the keyword 'in'"],
    ['{% for x y %}', "on line 1: expected 'in' but found 'y'"],
    ['{{ f(a=1, 2) }}', 'on line 1: positional argument follows keyword argument'],
    ['{{ a[] }}', 'on line 1: expected an index inside [ ]'],
    ['{{ x is divisibleby }}', "on line 1: the test 'divisibleby' takes 1 argument"],
    ['{% set a, b %}x{% endset %}', 'on line 1: a {% set %} block assigns exactly one name'],
  ])('%j', (source, message) => {
    let caught: unknown;
    try {
      parseTemplate(source);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(TemplateError);
    expect(caught).toMatchObject({ kind: 'syntax', message: `Template syntax error ${message}` });
  });
});
