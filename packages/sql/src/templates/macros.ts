import { bindArguments } from './arguments';
import type { ParamSpec } from './arguments';
import { truthy } from './operators';
import { escapeLiteralBody } from './quoting';
import type { Runtime } from './runtime';
import type { TemplateValue } from './values';
import { TemplateCallable, asNumber, typeName } from './values';

export interface MacroContext {
  urlParams: Record<string, string>;
  username: string | null;
  userId: number | null;
  email: string | null;
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
    new TemplateCallable('range', rangeOf),
  ];
  return new Map(macros.map((callable) => [callable.name, callable]));
}
