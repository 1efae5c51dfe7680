import { bindArguments } from './arguments';
import type { ParamSpec } from './arguments';
import { truthy } from './operators';
import { escapeLiteralBody } from './quoting';
import type { Runtime } from './runtime';
import type { TemplateValue } from './values';
import { TemplateCallable, asNumber, fromExternal, typeName } from './values';

export interface MacroContext {
  urlParams: Record<string, string>;
  username: string | null;
  userId: number | null;
  email: string | null;
  /**
   * The filters of the query the template renders for (chart data: the query object's filters, which
   * hold Explore's simple WHERE filters, dashboard and cross filters), read by filter_values() and
   * get_filters(). None outside chart queries (SQL Lab).
   */
  filters?: readonly TemplateFilter[];
  /**
   * Told of every column whose filters a template read (`removed` when with remove_filter=True): the
   * caller lists them as applied_template_filters and leaves removed ones out of the outer WHERE.
   */
  onFilterRead?: (column: string, removed: boolean) => void;
}

/** A query filter as the filter macros see it: `{col, op, val}` with a column name. */
export interface TemplateFilter {
  col: string;
  op: string;
  val?: unknown;
}

/** Accepted for Superset compatibility; caching is decided by the caller, not by templates. */
const CACHE_KEY_PARAM: ParamSpec = { name: 'add_to_cache_keys', default: true };

function macro(
  name: string,
  params: readonly ParamSpec[],
  body: (args: TemplateValue[], rt: Runtime) => TemplateValue,
) {
  return new TemplateCallable(name, (rt, args, kwargs) =>
    body(bindArguments(rt, name, params, args, kwargs), rt),
  );
}

function rangeOf(
  rt: Runtime,
  args: readonly TemplateValue[],
  kwargs: ReadonlyMap<string, TemplateValue>,
): TemplateValue {
  if (kwargs.size > 0) throw rt.typeError('range() takes no keyword arguments');
  if (args.length < 1 || args.length > 3)
    throw rt.typeError(`range expected 1 to 3 arguments, got ${args.length}`);
  const numbers = args.map((arg) => {
    const number = asNumber(arg);
    if (number === null || !Number.isInteger(number)) {
      throw rt.typeError(`'${typeName(arg)}' object cannot be interpreted as an integer`);
    }
    return number;
  });
  const [start, stop, step] =
    numbers.length === 1 ? [0, numbers[0] ?? 0, 1] : [numbers[0] ?? 0, numbers[1] ?? 0, numbers[2] ?? 1];
  if (step === 0) throw rt.typeError('range() arg 3 must not be zero');
  const length = Math.max(0, Math.ceil((stop - start) / step));
  // A range longer than the loop budget could never be walked to its end, so refuse it up front.
  if (length > rt.limits.maxLoopIterations) {
    throw rt.limitError(
      `range() of ${length} items exceeds the loop limit of ${rt.limits.maxLoopIterations}`,
    );
  }
  rt.work(length);
  return Array.from({ length }, (_, index) => start + index * step);
}

const IN_OPERATORS = new Set(['IN', 'NOT IN']);

/**
 * Superset's get_filters(): the query's filters on `column` that have a value, as `{op, col, val}`
 * dicts with the operator upper-cased and an IN / NOT IN value always a list.
 */
function filtersOn(rt: Runtime, context: MacroContext, column: string, remove: boolean): TemplateValue[] {
  const found: TemplateValue[] = [];
  for (const filter of context.filters ?? []) {
    if (filter.col !== column || filter.val === undefined) continue;
    let val = fromExternal(filter.val, rt.limits.maxNestingDepth, 'filter');
    // As Superset: a filter without a value (None, '', [], 0) is not handed to the template.
    if (!truthy(rt, val)) continue;
    const op = filter.op.toUpperCase();
    if (IN_OPERATORS.has(op) && !Array.isArray(val)) val = [val];
    found.push(
      new Map<string, TemplateValue>([
        ['op', op],
        ['col', column],
        ['val', val],
      ]),
    );
  }
  if (found.length > 0) context.onFilterRead?.(column, remove);
  return found;
}

function columnArgument(rt: Runtime, name: string, column: TemplateValue | undefined): string {
  if (typeof column !== 'string')
    throw rt.typeError(`${name}() column must be a string, not ${typeName(column ?? null)}`);
  return column;
}

/**
 * The functions a template may call: Superset's SQL Lab macros over the caller's request context,
 * plus `range`. They are built per render from plain values; nothing else is callable.
 */
export function buildMacros(context: MacroContext): Map<string, TemplateCallable> {
  const { urlParams } = context;
  const macros = [
    macro(
      'url_param',
      [
        { name: 'param' },
        { name: 'default', default: null },
        CACHE_KEY_PARAM,
        { name: 'escape_result', default: true },
      ],
      ([param, fallback = null, , escape = true], rt) => {
        if (typeof param !== 'string')
          throw rt.typeError(`url_param() name must be a string, not ${typeName(param ?? null)}`);
        const value: unknown = Object.hasOwn(urlParams, param) ? urlParams[param] : undefined;
        if (typeof value !== 'string') return fallback;
        // Escaped for use inside a single-quoted SQL literal of the target engine.
        return truthy(rt, escape) ? escapeLiteralBody(value, rt.quoting) : value;
      },
    ),
    macro('current_username', [CACHE_KEY_PARAM], () => context.username),
    macro('current_user_id', [CACHE_KEY_PARAM], () => context.userId),
    macro('current_user_email', [CACHE_KEY_PARAM], () => context.email),
    macro(
      'filter_values',
      [{ name: 'column' }, { name: 'default', default: null }, { name: 'remove_filter', default: false }],
      ([column, fallback = null, remove = false], rt) => {
        const name = columnArgument(rt, 'filter_values', column);
        const values: TemplateValue[] = [];
        for (const filter of filtersOn(rt, context, name, truthy(rt, remove))) {
          const val = filter instanceof Map ? filter.get('val') : undefined;
          if (Array.isArray(val)) values.push(...val);
          else if (val !== undefined && truthy(rt, val)) values.push(val);
        }
        rt.checkCollectionLength(values.length);
        return values.length === 0 && truthy(rt, fallback) ? [fallback] : values;
      },
    ),
    macro(
      'get_filters',
      [{ name: 'column' }, { name: 'remove_filter', default: false }],
      ([column, remove = false], rt) =>
        filtersOn(rt, context, columnArgument(rt, 'get_filters', column), truthy(rt, remove)),
    ),
    new TemplateCallable('range', rangeOf),
  ];
  return new Map(macros.map((callable) => [callable.name, callable]));
}
