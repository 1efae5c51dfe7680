import type { Runtime } from './runtime';
import type { TemplateValue } from './values';
import { LoopState, TemplateCallable } from './values';

/** Accumulates a string and refuses to grow past the output limit while it is being built. */
export class StringBuilder {
  private readonly parts: string[] = [];
  private size = 0;

  constructor(private readonly rt: Runtime) {}

  add(text: string): void {
    if (text.length === 0) return;
    this.size += text.length;
    this.rt.checkStringLength(this.size);
    this.rt.work(text.length);
    this.parts.push(text);
  }

  get length(): number {
    return this.size;
  }

  toString(): string {
    return this.parts.join('');
  }
}

export function formatNumber(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (value === Infinity) return 'inf';
  if (value === -Infinity) return '-inf';
  return String(value);
}

/** Python's str(): what `{{ value }}` prints. */
export function toStr(rt: Runtime, value: TemplateValue): string {
  if (typeof value === 'string') return value;
  if (
    value === null ||
    typeof value !== 'object' ||
    value instanceof TemplateCallable ||
    value instanceof LoopState
  ) {
    return scalarRepr(value);
  }
  const out = new StringBuilder(rt);
  writeRepr(rt, value, out, 0);
  return out.toString();
}

/** Python's repr(), used for strings inside printed lists and dicts. */
export function repr(rt: Runtime, value: TemplateValue): string {
  const out = new StringBuilder(rt);
  writeRepr(rt, value, out, 0);
  return out.toString();
}

function scalarRepr(value: null | boolean | number | TemplateCallable | LoopState): string {
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return formatNumber(value);
  if (value instanceof TemplateCallable) return `<function ${value.name}>`;
  return '<LoopContext>';
}

function writeRepr(rt: Runtime, value: TemplateValue, out: StringBuilder, depth: number): void {
  rt.checkValueDepth(depth);
  if (typeof value === 'string') {
    rt.checkStringLength(out.length + value.length);
    out.add(reprString(value));
  } else if (Array.isArray(value)) {
    out.add('[');
    value.forEach((item, index) => {
      if (index > 0) out.add(', ');
      writeRepr(rt, item, out, depth + 1);
    });
    out.add(']');
  } else if (value instanceof Map) {
    out.add('{');
    let first = true;
    for (const [key, item] of value) {
      if (!first) out.add(', ');
      first = false;
      out.add(reprString(key));
      out.add(': ');
      writeRepr(rt, item, out, depth + 1);
    }
    out.add('}');
  } else {
    out.add(scalarRepr(value));
  }
}

// Control characters are exactly what these patterns exist to find and escape.
// eslint-disable-next-line no-control-regex
const REPR_SPECIAL_SINGLE = /[\\'\x00-\x1f\x7f]/g;
// eslint-disable-next-line no-control-regex
const REPR_SPECIAL_DOUBLE = /[\\"\x00-\x1f\x7f]/g;
const REPR_NAMED = new Map([
  ['\n', '\\n'],
  ['\r', '\\r'],
  ['\t', '\\t'],
]);

/** Python's repr() of a str: single quotes unless the text holds ' and no ". */
export function reprString(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  const special = quote === "'" ? REPR_SPECIAL_SINGLE : REPR_SPECIAL_DOUBLE;
  const body = text.replace(special, (ch) => {
    if (ch === quote || ch === '\\') return `\\${ch}`;
    return REPR_NAMED.get(ch) ?? `\\x${ch.charCodeAt(0).toString(16).padStart(2, '0')}`;
  });
  return quote + body + quote;
}

// eslint-disable-next-line no-control-regex
const JSON_SPECIAL = /["\\\x00-\x1f<>&'\x7f-\uffff]/g;
const JSON_NAMED = new Map([
  ['"', '\\"'],
  ['\\', '\\\\'],
  ['\n', '\\n'],
  ['\r', '\\r'],
  ['\t', '\\t'],
  ['\b', '\\b'],
  ['\f', '\\f'],
]);

/**
 * Like Python's json.dumps(ensure_ascii=True, sort_keys=True) followed by Jinja's HTML-safe
 * replacements; `'` becoming \u0027 also keeps the JSON safe inside a SQL string literal.
 */
function jsonString(text: string): string {
  const body = text.replace(
    JSON_SPECIAL,
    (ch) => JSON_NAMED.get(ch) ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `"${body}"`;
}

function jsonNumber(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return 'Infinity';
  if (value === -Infinity) return '-Infinity';
  return String(value);
}

export function toJson(rt: Runtime, value: TemplateValue, indent: number | null): string {
  const out = new StringBuilder(rt);
  writeJson(rt, value, out, indent, 0);
  return out.toString();
}

function writeJson(
  rt: Runtime,
  value: TemplateValue,
  out: StringBuilder,
  indent: number | null,
  depth: number,
): void {
  rt.checkValueDepth(depth);
  if (value === null) out.add('null');
  else if (typeof value === 'boolean') out.add(value ? 'true' : 'false');
  else if (typeof value === 'number') out.add(jsonNumber(value));
  else if (typeof value === 'string') {
    rt.checkStringLength(out.length + value.length);
    out.add(jsonString(value));
  } else if (Array.isArray(value)) {
    writeJsonContainer(out, '[', ']', value.length, indent, depth, (index) => {
      writeJson(rt, value[index] ?? null, out, indent, depth + 1);
    });
  } else if (value instanceof Map) {
    const keys = [...value.keys()].sort();
    writeJsonContainer(out, '{', '}', keys.length, indent, depth, (index) => {
      const key = keys[index] ?? '';
      out.add(jsonString(key));
      out.add(': ');
      writeJson(rt, value.get(key) ?? null, out, indent, depth + 1);
    });
  } else {
    const kind = value instanceof TemplateCallable ? 'function' : 'LoopContext';
    throw rt.typeError(`Object of type ${kind} is not JSON serializable`);
  }
}

function writeJsonContainer(
  out: StringBuilder,
  open: string,
  close: string,
  count: number,
  indent: number | null,
  depth: number,
  writeItem: (index: number) => void,
): void {
  out.add(open);
  if (count === 0) {
    out.add(close);
    return;
  }
  const inner = indent === null ? '' : '\n' + ' '.repeat(indent * (depth + 1));
  for (let index = 0; index < count; index++) {
    if (index > 0) out.add(indent === null ? ', ' : ',');
    out.add(inner);
    writeItem(index);
  }
  if (indent !== null) out.add('\n' + ' '.repeat(indent * depth));
  out.add(close);
}
