import type { Runtime } from './runtime';
import type { TemplateValue } from './values';

export interface ParamSpec {
  name: string;
  /** Used when the caller leaves the parameter out; without it the parameter is required. */
  default?: TemplateValue;
}

/** Python-style binding of positional and keyword arguments to a parameter list. */
export function bindArguments<T = TemplateValue>(
  rt: Runtime,
  functionName: string,
  params: readonly ParamSpec[],
  args: readonly T[],
  kwargs: ReadonlyMap<string, T>,
): (T | TemplateValue)[] {
  if (args.length > params.length) {
    throw rt.typeError(`${functionName}() takes at most ${params.length} arguments (${args.length} given)`);
  }
  const known = new Set(params.map((param) => param.name));
  for (const name of kwargs.keys()) {
    if (!known.has(name))
      throw rt.typeError(`${functionName}() got an unexpected keyword argument '${name}'`);
  }
  return params.map((param, index) => {
    const positional = index < args.length ? args[index] : undefined;
    const keyword = kwargs.get(param.name);
    if (positional !== undefined && keyword !== undefined) {
      throw rt.typeError(`${functionName}() got multiple values for argument '${param.name}'`);
    }
    // Not `??`: None is a real argument and must not fall back to the default.
    const value = positional !== undefined ? positional : keyword !== undefined ? keyword : param.default;
    if (value === undefined) throw rt.typeError(`${functionName}() is missing the argument '${param.name}'`);
    return value;
  });
}
