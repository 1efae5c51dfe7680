import { charLength, getAttribute, getItem, iterate, stringChars } from './access';
import type { ParamSpec } from './arguments';
import { StringBuilder, formatNumber, repr, toJson, toStr } from './format';
import { compareValues, truthy } from './operators';
import { escapeLiteralBody } from './quoting';
import type { Runtime } from './runtime';
import type { AnyValue, TemplateValue } from './values';
import { asNumber, isUndefined, typeName } from './values';

/**
 * A filter gets its input already evaluated and defined (the evaluator records undefined inputs as
 * missing and never calls the filter), and its arguments bound to `params`.
 */
export interface FilterDef {
  params: readonly ParamSpec[];
  apply(rt: Runtime, input: TemplateValue, args: readonly TemplateValue[]): TemplateValue;
}

/** `default` is also applied by the evaluator to undefined inputs, with the same parameters. */
export const DEFAULT_FILTER_PARAMS: readonly ParamSpec[] = [
  { name: 'default_value', default: '' },
  { name: 'boolean', default: false },
];

/**
 * `default` is the one filter that must see undefined values (its input and its fallback), so the
 * evaluator calls this directly; the registry entry below serves defined inputs the same way.
 */
export function applyDefault(rt: Runtime, input: AnyValue, fallback: AnyValue, boolean: AnyValue): AnyValue {
  if (isUndefined(input)) return fallback;
  return truthy(rt, boolean) && !truthy(rt, input) ? fallback : input;
}

const defaultFilter: FilterDef = {
  params: DEFAULT_FILTER_PARAMS,
  apply: (rt, input, [fallback = '', boolean = false]) => {
    const result = applyDefault(rt, input, fallback, boolean);
    return isUndefined(result) ? null : result;
  },
};

function stringFilter(transform: (text: string) => string): FilterDef {
  return {
    params: [],
    apply: (rt, input) => {
      const text = toStr(rt, input);
      rt.work(text.length);
      return transform(text);
    },
  };
}

function capitalize(text: string): string {
  const chars = Array.from(text);
  const first = chars.shift();
  return first === undefined ? '' : first.toUpperCase() + chars.join('').toLowerCase();
}

const WORD_BOUNDARY = /([-\s({[<]+)/;

function titleCase(text: string): string {
  return text
    .split(WORD_BOUNDARY)
    .map((piece) => capitalize(piece))
    .join('');
}

function stripChars(text: string, chars: string): string {
  const set = new Set(Array.from(chars));
  const items = Array.from(text);
  let start = 0;
  let end = items.length;
  while (start < end && set.has(items[start] ?? '')) start++;
  while (end > start && set.has(items[end - 1] ?? '')) end--;
  return items.slice(start, end).join('');
}

function lengthOf(rt: Runtime, input: TemplateValue): number {
  if (typeof input === 'string') return charLength(input);
  if (Array.isArray(input)) return input.length;
  if (input instanceof Map) return input.size;
  throw rt.typeError(`object of type '${typeName(input)}' has no len()`);
}

/** `attribute='a.b'` of sort, unique, join, sum, min, max: a dotted path of keys or positions. */
function pickAttribute(rt: Runtime, item: TemplateValue, path: TemplateValue): TemplateValue {
  if (path === null) return item;
  if (typeof path !== 'string' && typeof path !== 'number') {
    throw rt.typeError(`attribute must be a string or an integer, not ${typeName(path)}`);
  }
  let current: TemplateValue = item;
  for (const part of String(path).split('.')) {
    const found: TemplateValue | undefined = /^-?\d+$/.test(part)
      ? getItem(rt, current, Number(part))
      : getAttribute(rt, current, part);
    current = found ?? null;
  }
  return current;
}

function sortKey(
  rt: Runtime,
  item: TemplateValue,
  attribute: TemplateValue,
  caseSensitive: boolean,
): TemplateValue {
  const key = pickAttribute(rt, item, attribute);
  return !caseSensitive && typeof key === 'string' ? key.toLowerCase() : key;
}

function replaceText(rt: Runtime, text: string, old: string, replacement: string, limit: number): string {
  const out = new StringBuilder(rt);
  let done = 0;
  if (old === '') {
    const chars = stringChars(rt, text);
    chars.forEach((ch) => {
      if (done < limit) {
        out.add(replacement);
        done++;
      }
      out.add(ch);
    });
    if (done < limit) out.add(replacement);
    return out.toString();
  }
  let from = 0;
  let at = text.indexOf(old);
  while (at !== -1 && done < limit) {
    out.add(text.slice(from, at));
    out.add(replacement);
    done++;
    from = at + old.length;
    at = text.indexOf(old, from);
  }
  out.add(text.slice(from));
  return out.toString();
}

const INTEGER_PATTERNS = new Map([
  [2, /^[+-]?(0b)?[01]+$/i],
  [8, /^[+-]?(0o)?[0-7]+$/i],
  [10, /^[+-]?\d+$/],
  [16, /^[+-]?(0x)?[0-9a-f]+$/i],
]);
// Written without ambiguous repetitions so a long digit string is matched in linear time.
const FLOAT_PATTERN = /^[+-]?(?:(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?|inf(?:inity)?|nan)$/i;

function parseFloatText(text: string): number | null {
  const cleaned = text.trim().replaceAll(/(?<=\d)_(?=\d)/g, '');
  if (!FLOAT_PATTERN.test(cleaned)) return null;
  const lower = cleaned.toLowerCase();
  if (lower.endsWith('nan')) return NaN;
  if (lower.includes('inf')) return lower.startsWith('-') ? -Infinity : Infinity;
  return Number(cleaned);
}

function parseIntText(rt: Runtime, text: string, base: TemplateValue): number | null {
  const radix = asNumber(base);
  const pattern = radix === null ? undefined : INTEGER_PATTERNS.get(radix);
  if (radix === null || pattern === undefined) throw rt.typeError('int() base must be 2, 8, 10 or 16');
  const cleaned = text.trim().replaceAll(/(?<=[0-9a-f])_(?=[0-9a-f])/gi, '');
  if (pattern.test(cleaned)) {
    const negative = cleaned.startsWith('-');
    const digits = cleaned.replace(/^[+-]/, '').replace(/^0[box]/i, '');
    const value = Number.parseInt(digits, radix);
    return negative ? -value : value;
  }
  const asFloat = parseFloatText(text);
  return asFloat === null || !Number.isFinite(asFloat) ? null : Math.trunc(asFloat);
}

function roundHalfEven(value: number): number {
  const floor = Math.floor(value);
  const diff = value - floor;
  if (diff > 0.5) return floor + 1;
  if (diff < 0.5) return floor;
  return floor % 2 === 0 ? floor : floor + 1;
}

function roundNumber(
  rt: Runtime,
  value: number,
  precisionValue: TemplateValue,
  method: TemplateValue,
): number {
  const precision = asNumber(precisionValue);
  if (precision === null || !Number.isInteger(precision))
    throw rt.typeError('round() precision must be an integer');
  const scale = 10 ** precision;
  if (method === 'common') return roundHalfEven(value * scale) / scale;
  if (method === 'ceil') return Math.ceil(value * scale) / scale;
  if (method === 'floor') return Math.floor(value * scale) / scale;
  throw rt.typeError('round() method must be common, ceil or floor');
}

function quoteForSql(rt: Runtime, value: TemplateValue, mark: string): string {
  if (typeof value === 'string') {
    rt.work(value.length);
    return mark + escapeLiteralBody(value, rt.quoting, mark) + mark;
  }
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return formatNumber(value);
  throw rt.typeError(`where_in cannot quote a value of type ${typeName(value)}`);
}

/** Identity key for `unique`: equal values (1 and true included, as in Python) share a key. */
function uniqueKey(rt: Runtime, value: TemplateValue): string {
  const number = asNumber(value);
  if (number !== null) return `n:${formatNumber(number)}`;
  if (typeof value === 'string') return `s:${value}`;
  if (value === null) return 'none';
  return `r:${repr(rt, value)}`;
}

function extreme(
  rt: Runtime,
  input: TemplateValue,
  args: readonly TemplateValue[],
  sign: 1 | -1,
): TemplateValue {
  const [caseSensitive = false, attribute = null] = args;
  const items = iterate(rt, input);
  rt.work(items.length);
  let best: TemplateValue | undefined;
  let bestKey: TemplateValue = null;
  for (const item of items) {
    const key = sortKey(rt, item, attribute, truthy(rt, caseSensitive));
    if (best === undefined || compareValues(rt, key, bestKey) * sign > 0) {
      best = item;
      bestKey = key;
    }
  }
  return best ?? null;
}

const FILTER_LIST: [string, FilterDef][] = [
  ['default', defaultFilter],
  ['d', defaultFilter],
  ['upper', stringFilter((text) => text.toUpperCase())],
  ['lower', stringFilter((text) => text.toLowerCase())],
  ['title', stringFilter(titleCase)],
  ['capitalize', stringFilter(capitalize)],
  [
    'trim',
    {
      params: [{ name: 'chars', default: null }],
      apply: (rt, input, [chars = null]) => {
        const text = toStr(rt, input);
        rt.work(text.length);
        return chars === null ? text.trim() : stripChars(text, toStr(rt, chars));
      },
    },
  ],
  ['length', { params: [], apply: (rt, input) => lengthOf(rt, input) }],
  ['count', { params: [], apply: (rt, input) => lengthOf(rt, input) }],
  [
    'join',
    {
      params: [
        { name: 'd', default: '' },
        { name: 'attribute', default: null },
      ],
      apply: (rt, input, [separator = '', attribute = null]) => {
        const sep = toStr(rt, separator);
        const out = new StringBuilder(rt);
        iterate(rt, input).forEach((item, index) => {
          if (index > 0) out.add(sep);
          out.add(toStr(rt, pickAttribute(rt, item, attribute)));
        });
        return out.toString();
      },
    },
  ],
  [
    'replace',
    {
      params: [{ name: 'old' }, { name: 'new' }, { name: 'count', default: null }],
      apply: (rt, input, [old = '', replacement = '', count = null]) => {
        const limit = count === null ? Infinity : asNumber(count);
        if (limit === null) throw rt.typeError('replace() count must be an integer');
        return replaceText(
          rt,
          toStr(rt, input),
          toStr(rt, old),
          toStr(rt, replacement),
          limit < 0 ? Infinity : limit,
        );
      },
    },
  ],
  [
    'int',
    {
      params: [
        { name: 'default', default: 0 },
        { name: 'base', default: 10 },
      ],
      apply: (rt, input, [fallback = 0, base = 10]) => {
        if (typeof input === 'string') {
          rt.work(input.length);
          return parseIntText(rt, input, base) ?? fallback;
        }
        const number = asNumber(input);
        return number === null || !Number.isFinite(number) ? fallback : Math.trunc(number);
      },
    },
  ],
  [
    'float',
    {
      params: [{ name: 'default', default: 0 }],
      apply: (rt, input, [fallback = 0]) => {
        if (typeof input !== 'string') return asNumber(input) ?? fallback;
        rt.work(input.length);
        return parseFloatText(input) ?? fallback;
      },
    },
  ],
  ['string', { params: [], apply: (rt, input) => toStr(rt, input) }],
  [
    'round',
    {
      params: [
        { name: 'precision', default: 0 },
        { name: 'method', default: 'common' },
      ],
      apply: (rt, input, [precision = 0, method = 'common']) => {
        const number = asNumber(input);
        if (number === null) throw rt.typeError(`type ${typeName(input)} doesn't define __round__ method`);
        return roundNumber(rt, number, precision, method);
      },
    },
  ],
  [
    'abs',
    {
      params: [],
      apply: (rt, input) => {
        const number = asNumber(input);
        if (number === null) throw rt.typeError(`bad operand type for abs(): '${typeName(input)}'`);
        return Math.abs(number);
      },
    },
  ],
  ['first', { params: [], apply: (rt, input) => iterate(rt, input)[0] ?? null }],
  ['last', { params: [], apply: (rt, input) => iterate(rt, input).at(-1) ?? null }],
  ['list', { params: [], apply: (rt, input) => [...iterate(rt, input)] }],
  [
    'sort',
    {
      params: [
        { name: 'reverse', default: false },
        { name: 'case_sensitive', default: false },
        { name: 'attribute', default: null },
      ],
      apply: (rt, input, [reverse = false, caseSensitive = false, attribute = null]) => {
        const items = iterate(rt, input);
        rt.work(items.length * Math.max(1, Math.ceil(Math.log2(items.length + 1))));
        const keyed = items.map((item) => ({
          item,
          key: sortKey(rt, item, attribute, truthy(rt, caseSensitive)),
        }));
        const direction = truthy(rt, reverse) ? -1 : 1;
        keyed.sort((a, b) => compareValues(rt, a.key, b.key) * direction);
        return keyed.map((entry) => entry.item);
      },
    },
  ],
  [
    'unique',
    {
      params: [
        { name: 'case_sensitive', default: false },
        { name: 'attribute', default: null },
      ],
      apply: (rt, input, [caseSensitive = false, attribute = null]) => {
        const seen = new Set<string>();
        const items = iterate(rt, input);
        rt.work(items.length);
        return items.filter((item) => {
          const key = uniqueKey(rt, sortKey(rt, item, attribute, truthy(rt, caseSensitive)));
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        });
      },
    },
  ],
  [
    'reverse',
    {
      params: [],
      apply: (rt, input) =>
        typeof input === 'string'
          ? stringChars(rt, input).reverse().join('')
          : [...iterate(rt, input)].reverse(),
    },
  ],
  ['safe', { params: [], apply: (_rt, input) => input }],
  [
    'tojson',
    {
      params: [{ name: 'indent', default: null }],
      apply: (rt, input, [indent = null]) => {
        const spaces = indent === null ? null : asNumber(indent);
        if (spaces !== null && (!Number.isInteger(spaces) || spaces < 0 || spaces > 16)) {
          throw rt.typeError('tojson() indent must be an integer between 0 and 16');
        }
        if (indent !== null && spaces === null) throw rt.typeError('tojson() indent must be an integer');
        return toJson(rt, input, spaces);
      },
    },
  ],
  [
    'sql_quote',
    {
      params: [{ name: 'escape_backslashes', default: false }],
      apply: (rt, input, [escapeBackslashes = false]) => {
        const text = toStr(rt, input);
        rt.checkStringLength(text.length * 2);
        rt.work(text.length);
        // The engine's rule applies whatever the argument says; true forces backslash doubling.
        const backslashes = rt.quoting.backslashes || truthy(rt, escapeBackslashes);
        return escapeLiteralBody(text, { backslashes });
      },
    },
  ],
  [
    'where_in',
    {
      params: [
        { name: 'mark', default: "'" },
        { name: 'default_to_none', default: false },
      ],
      apply: (rt, input, [mark = "'", defaultToNone = false]) => {
        if (!Array.isArray(input)) throw rt.typeError(`where_in expects a list, not ${typeName(input)}`);
        if (input.length === 0 && truthy(rt, defaultToNone)) return null;
        const quoteMark = toStr(rt, mark);
        const out = new StringBuilder(rt);
        out.add('(');
        input.forEach((item, index) => {
          if (index > 0) out.add(', ');
          out.add(quoteForSql(rt, item, quoteMark));
        });
        out.add(')');
        return out.toString();
      },
    },
  ],
  [
    'items',
    {
      params: [],
      apply: (rt, input) => {
        if (!(input instanceof Map)) throw rt.typeError(`items expects a dict, not ${typeName(input)}`);
        rt.work(input.size);
        return [...input].map(([key, value]): TemplateValue[] => [key, value]);
      },
    },
  ],
  [
    'sum',
    {
      params: [
        { name: 'attribute', default: null },
        { name: 'start', default: 0 },
      ],
      apply: (rt, input, [attribute = null, start = 0]) => {
        const items = iterate(rt, input);
        rt.work(items.length);
        return items.reduce<number>(
          (total, item) => {
            const value = asNumber(pickAttribute(rt, item, attribute));
            if (value === null) throw rt.typeError(`sum() can only add numbers, not ${typeName(item)}`);
            return total + value;
          },
          asNumber(start) ?? 0,
        );
      },
    },
  ],
  [
    'min',
    {
      params: [
        { name: 'case_sensitive', default: false },
        { name: 'attribute', default: null },
      ],
      apply: (rt, input, args) => extreme(rt, input, args, -1),
    },
  ],
  [
    'max',
    {
      params: [
        { name: 'case_sensitive', default: false },
        { name: 'attribute', default: null },
      ],
      apply: (rt, input, args) => extreme(rt, input, args, 1),
    },
  ],
];

/** A Map, so that a filter named like an Object.prototype member (`| constructor`) is simply unknown. */
export const FILTERS: ReadonlyMap<string, FilterDef> = new Map(FILTER_LIST);
