import type { Runtime } from './runtime';
import { TemplateError } from './template-error';

/**
 * The value model of the sandbox. Templates only ever see these shapes: primitives, arrays and
 * Maps of them, and a few engine-owned classes. A dict is a Map, so a key lookup is a Map lookup
 * and can never fall through to Object.prototype.
 */
export type TemplateDict = Map<string, TemplateValue>;
export type TemplateList = TemplateValue[];
export type TemplateValue =
  null | boolean | number | string | TemplateList | TemplateDict | TemplateCallable | LoopState;

/** What an expression evaluates to: a value, or a name that did not resolve. */
export type AnyValue = TemplateValue | UndefinedValue;

/**
 * A variable, attribute or item that does not exist. It travels through attribute access (so
 * `x.y | default(1)` works) and is recorded as missing as soon as its value is really needed.
 */
export class UndefinedValue {
  /** Makes the class nominal: no plain `{ name }` object can pass for an undefined value. */
  readonly #undefined = true;

  constructor(readonly name: string) {}

  get isUndefined(): boolean {
    return this.#undefined;
  }
}

export type CallableBody = (
  rt: Runtime,
  args: TemplateValue[],
  kwargs: Map<string, TemplateValue>,
) => TemplateValue;

/** A function the engine provides (macros, `range`, `loop.cycle`); the only thing a call can invoke. */
export class TemplateCallable {
  constructor(
    readonly name: string,
    readonly invoke: CallableBody,
  ) {}
}

/** The `loop` variable inside `{% for %}`. */
export class LoopState {
  constructor(
    readonly items: readonly TemplateValue[],
    readonly index0: number,
  ) {}
}

export function isUndefined(value: AnyValue): value is UndefinedValue {
  return value instanceof UndefinedValue;
}

export function isDict(value: AnyValue): value is TemplateDict {
  return value instanceof Map;
}

/** Python type names, because template authors know Jinja's error messages. */
export function typeName(value: AnyValue): string {
  if (value === null) return 'NoneType';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (typeof value === 'string') return 'str';
  if (Array.isArray(value)) return 'list';
  if (value instanceof Map) return 'dict';
  if (value instanceof TemplateCallable) return 'function';
  if (value instanceof LoopState) return 'LoopContext';
  return 'undefined';
}

/** Numbers and booleans take part in arithmetic, as in Python where bool is an int. */
export function asNumber(value: AnyValue): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return null;
}

function isPlainObject(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Copies caller data (usually the parsed templateParams JSON) into the value model. Only own data
 * properties of plain objects and arrays are read: getters are never called, class instances and
 * functions are refused, so nothing outside plain data enters the sandbox.
 */
export function fromExternal(value: unknown, maxDepth: number, path = 'params', depth = 0): TemplateValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value !== 'object') {
    throw new TemplateError('type', `Template parameter ${path} has an unsupported type (${typeof value})`);
  }
  if (depth >= maxDepth) {
    throw new TemplateError(
      'limit',
      `Template parameter ${path} is nested more than ${maxDepth} levels deep`,
    );
  }
  if (Array.isArray(value)) {
    const items: TemplateValue[] = [];
    for (let i = 0; i < value.length; i++) {
      items.push(fromExternal(ownDataProperty(value, String(i), path), maxDepth, `${path}[${i}]`, depth + 1));
    }
    return items;
  }
  if (!isPlainObject(value)) {
    throw new TemplateError('type', `Template parameter ${path} is not plain data`);
  }
  const dict: TemplateDict = new Map();
  for (const key of Object.keys(value)) {
    const item = ownDataProperty(value, key, path);
    if (item !== undefined) dict.set(key, fromExternal(item, maxDepth, `${path}.${key}`, depth + 1));
  }
  return dict;
}

function ownDataProperty(target: object, key: string, path: string): unknown {
  const descriptor = Object.getOwnPropertyDescriptor(target, key);
  if (descriptor === undefined) return undefined;
  if (!('value' in descriptor)) {
    throw new TemplateError('type', `Template parameter ${path} has an accessor property '${key}'`);
  }
  return descriptor.value;
}
