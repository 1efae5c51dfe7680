import type { Runtime } from './runtime';
import type { TemplateValue } from './values';
import { asNumber, typeName } from './values';

/**
 * Jinja "tests" (`x is odd`, `x is divisibleby 3`). `defined` and `undefined` are answered by the
 * evaluator itself because they are the only ones that may look at an undefined name.
 */
export interface PredicateDef {
  arity: 0 | 1;
  apply(rt: Runtime, value: TemplateValue, arg: TemplateValue): boolean;
}

function integerOf(rt: Runtime, value: TemplateValue, test: string): number {
  const number = asNumber(value);
  if (number === null || !Number.isInteger(number)) {
    throw rt.typeError(`the test '${test}' needs an integer, not ${typeName(value)}`);
  }
  return number;
}

const simple = (check: (value: TemplateValue) => boolean): PredicateDef => ({
  arity: 0,
  apply: (_rt, value) => check(value),
});

const PREDICATE_LIST: [string, PredicateDef][] = [
  ['none', simple((value) => value === null)],
  ['boolean', simple((value) => typeof value === 'boolean')],
  ['true', simple((value) => value === true)],
  ['false', simple((value) => value === false)],
  ['number', simple((value) => typeof value === 'number')],
  ['integer', simple((value) => typeof value === 'number' && Number.isInteger(value))],
  ['float', simple((value) => typeof value === 'number' && !Number.isInteger(value))],
  ['string', simple((value) => typeof value === 'string')],
  ['mapping', simple((value) => value instanceof Map)],
  ['sequence', simple((value) => typeof value === 'string' || Array.isArray(value) || value instanceof Map)],
  ['iterable', simple((value) => typeof value === 'string' || Array.isArray(value) || value instanceof Map)],
  ['lower', simple((value) => typeof value === 'string' && value === value.toLowerCase())],
  ['upper', simple((value) => typeof value === 'string' && value === value.toUpperCase())],
  ['even', { arity: 0, apply: (rt, value) => integerOf(rt, value, 'even') % 2 === 0 }],
  ['odd', { arity: 0, apply: (rt, value) => Math.abs(integerOf(rt, value, 'odd') % 2) === 1 }],
  [
    'divisibleby',
    {
      arity: 1,
      apply: (rt, value, arg) => {
        const divisor = integerOf(rt, arg, 'divisibleby');
        if (divisor === 0) throw rt.typeError('integer division or modulo by zero');
        return integerOf(rt, value, 'divisibleby') % divisor === 0;
      },
    },
  ],
];

export const PREDICATES: ReadonlyMap<string, PredicateDef> = new Map(PREDICATE_LIST);

export const DEFINEDNESS_TESTS: ReadonlySet<string> = new Set(['defined', 'undefined']);
