import { bindArguments } from './arguments';
import type { Runtime } from './runtime';
import type { TemplateDict, TemplateValue } from './values';
import { TemplateCallable, typeName } from './values';

/**
 * The two Python methods Superset's filter macros are written with: `flt.get('val')` on the dicts
 * get_filters() returns and `"', '".join(filter_values('x'))`. They are engine-made callables bound to
 * plain values, so templates still reach no JavaScript member.
 */
function dictGet(dict: TemplateDict): TemplateCallable {
  return new TemplateCallable('get', (rt, args, kwargs) => {
    const [key, fallback] = bindArguments(
      rt,
      'get',
      [{ name: 'key' }, { name: 'default', default: null }],
      args,
      kwargs,
    );
    // Dict keys are strings here (JSON objects), so any other key is simply absent.
    const value = typeof key === 'string' ? dict.get(key) : undefined;
    return value === undefined ? (fallback ?? null) : value;
  });
}

function stringJoin(separator: string): TemplateCallable {
  return new TemplateCallable('join', (rt: Runtime, args, kwargs) => {
    const [items] = bindArguments(rt, 'join', [{ name: 'iterable' }], args, kwargs);
    if (!Array.isArray(items))
      throw rt.typeError(`can only join an iterable, not ${typeName(items ?? null)}`);
    const list: readonly TemplateValue[] = items;
    let length = 0;
    const parts = list.map((item, index) => {
      if (typeof item !== 'string')
        throw rt.typeError(`sequence item ${index}: expected str instance, ${typeName(item)} found`);
      length += item.length + (index > 0 ? separator.length : 0);
      return item;
    });
    rt.checkStringLength(length);
    rt.work(length);
    return parts.join(separator);
  });
}

/**
 * A method of a value by name, as Jinja's attribute lookup finds methods before keys: `d.get` is the
 * method even on a dict with a 'get' key (`d['get']` still reads the key). Undefined for anything else.
 */
export function methodOf(target: TemplateValue, name: string): TemplateCallable | undefined {
  if (target instanceof Map && name === 'get') return dictGet(target);
  if (typeof target === 'string' && name === 'join') return stringJoin(target);
  return undefined;
}
