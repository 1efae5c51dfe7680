import { methodOf } from './methods';
import type { Runtime } from './runtime';
import { forbiddenNameMessage, isForbiddenName } from './sandbox';
import type { TemplateValue } from './values';
import { LoopState, TemplateCallable, asNumber, typeName } from './values';

export function assertAllowedName(rt: Runtime, name: string): void {
  if (isForbiddenName(name)) throw rt.typeError(forbiddenNameMessage(name));
}

const SURROGATE = /[\uD800-\uDFFF]/;

/** Characters as Python counts them (code points), without copying strings that need no care. */
export function stringChars(rt: Runtime, text: string): string[] {
  rt.work(text.length);
  return Array.from(text);
}

export function charLength(text: string): number {
  if (!SURROGATE.test(text)) return text.length;
  let count = 0;
  for (const _ of text) count++;
  return count;
}

function charAt(rt: Runtime, text: string, index: number): string | undefined {
  if (!SURROGATE.test(text)) {
    const at = index < 0 ? text.length + index : index;
    return at >= 0 && at < text.length ? text.charAt(at) : undefined;
  }
  const chars = stringChars(rt, text);
  return chars.at(index);
}

/**
 * `a.b`: a key of a dict or a property of `loop`, or one of the engine's methods (methods.ts: `dict.get`,
 * `str.join`). Nothing else has attributes; strings, lists and functions answer undefined rather than
 * exposing JavaScript members such as `length`.
 * `undefined` (the JS value) means "no such attribute".
 */
export function getAttribute(rt: Runtime, target: TemplateValue, name: string): TemplateValue | undefined {
  assertAllowedName(rt, name);
  const method = methodOf(target, name);
  if (method !== undefined) return method;
  if (target instanceof Map) return target.get(name);
  if (target instanceof LoopState) return loopAttribute(target, name);
  return undefined;
}

/** `a[key]`: list and string positions (negative from the end), dict keys, loop properties. */
export function getItem(rt: Runtime, target: TemplateValue, key: TemplateValue): TemplateValue | undefined {
  if (typeof key === 'string') {
    assertAllowedName(rt, key);
    if (target instanceof Map) return target.get(key);
    if (target instanceof LoopState) return loopAttribute(target, key);
    if (Array.isArray(target) || typeof target === 'string') {
      throw rt.typeError(`${typeName(target)} indices must be integers, not str`);
    }
    return undefined;
  }
  if (Array.isArray(target) || typeof target === 'string') {
    const index = asNumber(key);
    if (index === null || !Number.isInteger(index)) {
      throw rt.typeError(`${typeName(target)} indices must be integers, not ${typeName(key)}`);
    }
    if (typeof target === 'string') return charAt(rt, target, index);
    return target.at(index);
  }
  if (target instanceof Map || target === null) return undefined;
  throw rt.typeError(`'${typeName(target)}' object is not subscriptable`);
}

function sliceBound(
  rt: Runtime,
  value: TemplateValue,
  fallback: number,
  length: number,
  step: number,
): number {
  if (value === null) return fallback;
  const raw = asNumber(value);
  if (raw === null || !Number.isInteger(raw)) throw rt.typeError('slice indices must be integers or None');
  const lower = step < 0 ? -1 : 0;
  const upper = step < 0 ? length - 1 : length;
  if (raw < 0) return Math.max(raw + length, lower);
  return Math.min(raw, upper);
}

/** `a[start:stop:step]` with Python's rules for omitted and negative bounds. */
export function getSlice(
  rt: Runtime,
  target: TemplateValue,
  start: TemplateValue,
  stop: TemplateValue,
  stepValue: TemplateValue,
): TemplateValue {
  if (!Array.isArray(target) && typeof target !== 'string') {
    throw rt.typeError(`'${typeName(target)}' object is not subscriptable`);
  }
  const step = stepValue === null ? 1 : asNumber(stepValue);
  if (step === null || !Number.isInteger(step)) throw rt.typeError('slice indices must be integers or None');
  if (step === 0) throw rt.typeError('slice step cannot be zero');
  if (typeof target === 'string') return pickSlice(rt, stringChars(rt, target), start, stop, step).join('');
  return pickSlice(rt, target, start, stop, step);
}

function pickSlice<T>(
  rt: Runtime,
  items: readonly T[],
  start: TemplateValue,
  stop: TemplateValue,
  step: number,
): T[] {
  const length = items.length;
  const from = sliceBound(rt, start, step < 0 ? length - 1 : 0, length, step);
  const to = sliceBound(rt, stop, step < 0 ? -1 : length, length, step);
  rt.work(length);
  const picked: T[] = [];
  for (let i = from; step > 0 ? i < to : i > to; i += step) {
    const item = items[i];
    if (item !== undefined) picked.push(item);
  }
  return picked;
}

/** What `{% for %}` walks: list items, dict keys, string characters. */
export function iterate(rt: Runtime, value: TemplateValue): TemplateValue[] {
  if (Array.isArray(value)) return value;
  if (value instanceof Map) return [...value.keys()];
  if (typeof value === 'string') return stringChars(rt, value);
  throw rt.typeError(`'${typeName(value)}' object is not iterable`);
}

function loopAttribute(loop: LoopState, name: string): TemplateValue | undefined {
  const length = loop.items.length;
  switch (name) {
    case 'index':
      return loop.index0 + 1;
    case 'index0':
      return loop.index0;
    case 'revindex':
      return length - loop.index0;
    case 'revindex0':
      return length - loop.index0 - 1;
    case 'first':
      return loop.index0 === 0;
    case 'last':
      return loop.index0 === length - 1;
    case 'length':
      return length;
    case 'depth':
      return 1;
    case 'depth0':
      return 0;
    case 'previtem':
      return loop.index0 > 0 ? loop.items[loop.index0 - 1] : undefined;
    case 'nextitem':
      return loop.items[loop.index0 + 1];
    case 'cycle':
      return new TemplateCallable('cycle', (rt, args) => {
        if (args.length === 0) throw rt.typeError('loop.cycle() needs at least one argument');
        return args[loop.index0 % args.length] ?? null;
      });
    default:
      return undefined;
  }
}
