/** Structural equality of JSON-like values (plain objects, arrays, primitives). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => jsonEqual(item, b[index]));
  }
  const left = Object.entries(a as Record<string, unknown>);
  const right = b as Record<string, unknown>;
  if (left.length !== Object.keys(right).length) return false;
  return left.every(([key, value]) => Object.hasOwn(right, key) && jsonEqual(value, right[key]));
}
