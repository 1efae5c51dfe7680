import type { BinaryOp, CompareOp } from './ast';
import type { Runtime } from './runtime';
import type { AnyValue, TemplateValue } from './values';
import { asNumber, isUndefined, typeName } from './values';

/** Python truthiness; an undefined name used as a condition is recorded as missing. */
export function truthy(rt: Runtime, value: AnyValue): boolean {
  if (isUndefined(value)) {
    rt.markMissing(value);
    return false;
  }
  if (value === null) return false;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') return value.length > 0;
  if (Array.isArray(value)) return value.length > 0;
  if (value instanceof Map) return value.size > 0;
  return true;
}

export function equals(rt: Runtime, a: TemplateValue, b: TemplateValue, depth = 0): boolean {
  rt.checkValueDepth(depth);
  const na = asNumber(a);
  const nb = asNumber(b);
  if (na !== null || nb !== null) return na === nb;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    rt.work(a.length);
    return a.every((item, index) => equals(rt, item, b[index] ?? null, depth + 1));
  }
  if (a instanceof Map) {
    if (!(b instanceof Map) || a.size !== b.size) return false;
    rt.work(a.size);
    for (const [key, item] of a) {
      const other = b.get(key);
      if (other === undefined || !equals(rt, item, other, depth + 1)) return false;
    }
    return true;
  }
  return a === b;
}

/** Ordering for `<`, `sort`, `min`, `max`: numbers, strings and lists of those, as in Python. */
export function compareValues(rt: Runtime, a: TemplateValue, b: TemplateValue, op = '<', depth = 0): number {
  rt.checkValueDepth(depth);
  const na = asNumber(a);
  const nb = asNumber(b);
  if (na !== null && nb !== null) return na < nb ? -1 : na > nb ? 1 : 0;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (Array.isArray(a) && Array.isArray(b)) {
    const shared = Math.min(a.length, b.length);
    rt.work(shared);
    for (let i = 0; i < shared; i++) {
      const order = compareValues(rt, a[i] ?? null, b[i] ?? null, op, depth + 1);
      if (order !== 0) return order;
    }
    return a.length - b.length;
  }
  throw rt.typeError(`'${op}' not supported between instances of '${typeName(a)}' and '${typeName(b)}'`);
}

export function contains(rt: Runtime, container: TemplateValue, item: TemplateValue): boolean {
  if (typeof container === 'string') {
    if (typeof item !== 'string') {
      throw rt.typeError(`'in <string>' requires string as left operand, not ${typeName(item)}`);
    }
    rt.work(container.length);
    return container.includes(item);
  }
  if (Array.isArray(container)) {
    rt.work(container.length);
    return container.some((element) => equals(rt, element, item));
  }
  if (container instanceof Map) return typeof item === 'string' && container.has(item);
  throw rt.typeError(`argument of type '${typeName(container)}' is not iterable`);
}

export function compare(rt: Runtime, op: CompareOp, a: TemplateValue, b: TemplateValue): boolean {
  switch (op) {
    case '==':
      return equals(rt, a, b);
    case '!=':
      return !equals(rt, a, b);
    case '<':
      return compareValues(rt, a, b, op) < 0;
    case '<=':
      return compareValues(rt, a, b, op) <= 0;
    case '>':
      return compareValues(rt, a, b, op) > 0;
    case '>=':
      return compareValues(rt, a, b, op) >= 0;
    case 'in':
      return contains(rt, b, a);
    case 'not in':
      return !contains(rt, b, a);
  }
}

function repeatCount(rt: Runtime, count: number): number {
  if (!Number.isInteger(count)) throw rt.typeError("can't multiply sequence by non-int of type 'float'");
  return Math.max(0, count);
}

/** `'a' * n` and `[x] * n`, with the size checked before anything is allocated. */
function repeat(rt: Runtime, sequence: string | TemplateValue[], rawCount: number): TemplateValue {
  const count = repeatCount(rt, rawCount);
  const total = sequence.length * count;
  if (typeof sequence === 'string') {
    rt.checkStringLength(total);
    rt.work(total);
    return sequence.repeat(count);
  }
  rt.checkCollectionLength(total);
  rt.work(total);
  const out: TemplateValue[] = [];
  for (let i = 0; i < count; i++) out.push(...sequence);
  return out;
}

function unsupported(rt: Runtime, op: string, a: TemplateValue, b: TemplateValue): never {
  throw rt.typeError(`unsupported operand type(s) for ${op}: '${typeName(a)}' and '${typeName(b)}'`);
}

export function arithmetic(rt: Runtime, op: BinaryOp, a: TemplateValue, b: TemplateValue): TemplateValue {
  const na = asNumber(a);
  const nb = asNumber(b);
  if (op === '+') {
    if (na !== null && nb !== null) return na + nb;
    if (typeof a === 'string' && typeof b === 'string') {
      rt.checkStringLength(a.length + b.length);
      rt.work(a.length + b.length);
      return a + b;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      rt.checkCollectionLength(a.length + b.length);
      rt.work(a.length + b.length);
      return [...a, ...b];
    }
    return unsupported(rt, op, a, b);
  }
  if (op === '*') {
    if (na !== null && nb !== null) return na * nb;
    if ((typeof a === 'string' || Array.isArray(a)) && nb !== null) return repeat(rt, a, nb);
    if ((typeof b === 'string' || Array.isArray(b)) && na !== null) return repeat(rt, b, na);
    return unsupported(rt, op, a, b);
  }
  if (na === null || nb === null) return unsupported(rt, op, a, b);
  switch (op) {
    case '-':
      return na - nb;
    case '/':
      if (nb === 0) throw rt.typeError('division by zero');
      return na / nb;
    case '//':
      if (nb === 0) throw rt.typeError('integer division or modulo by zero');
      return Math.floor(na / nb);
    case '%': {
      if (nb === 0) throw rt.typeError('integer division or modulo by zero');
      // Python's modulo takes the sign of the divisor.
      const rest = na % nb;
      return rest !== 0 && rest < 0 !== nb < 0 ? rest + nb : rest;
    }
    case '**':
      if (na === 0 && nb < 0) throw rt.typeError('0.0 cannot be raised to a negative power');
      return na ** nb;
  }
}

export function negate(rt: Runtime, op: '-' | '+', value: TemplateValue): number {
  const number = asNumber(value);
  if (number === null) throw rt.typeError(`bad operand type for unary ${op}: '${typeName(value)}'`);
  return op === '-' ? -number : number;
}
